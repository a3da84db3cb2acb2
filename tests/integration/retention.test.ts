import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { purgeExpiredDocuments } from '../../src/server/services/retention.service';
import { daysFromToday, firstCarId, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function customerWithDocuments(email: string, pickupOffset: number, returnOffset: number) {
  const staff = h.caller({ staff: true });
  const booking = await staff.bookings.createAdmin({
    customerEmail: email,
    customerName: 'Retention Test',
    customerPhone: '09171234567',
    carId: await firstCarId(h, 5),
    pickupDate: daysFromToday(pickupOffset),
    returnDate: daysFromToday(returnOffset),
    status: 'completed',
  });
  const saved = await staff.customers.saveDocuments({ id: booking.customerId, documents: await uploadDocuments(h) });
  const documents = { photoId1Url: saved.photoId1Url!, photoId2Url: saved.photoId2Url!, proofOfBillingUrl: saved.proofOfBillingUrl! };
  return { customerId: booking.customerId, documents };
}

describe('document retention', () => {
  it('deletes identity documents past DOCUMENT_RETENTION_DAYS after the last return and keeps the records', async () => {
    const old = await customerWithDocuments('old.renter@example.com', -420, -400);
    const recent = await customerWithDocuments('recent.renter@example.com', -30, -20);

    expect(await purgeExpiredDocuments(h.deps)).toBe(1);

    const staff = h.caller({ staff: true });
    const oldCustomer = await staff.customers.byId({ id: old.customerId });
    expect([oldCustomer.photoId1Url, oldCustomer.photoId2Url, oldCustomer.proofOfBillingUrl]).toEqual([null, null, null]);
    expect(oldCustomer.bookings).toHaveLength(1);
    for (const path of Object.values(old.documents)) {
      expect(await h.deps.storage.head(keyFromObjectPath(path) ?? '')).toBeNull();
    }

    const recentCustomer = await staff.customers.byId({ id: recent.customerId });
    expect(recentCustomer.photoId1Url).toBe(recent.documents.photoId1Url);
    expect(await h.deps.storage.head(keyFromObjectPath(recent.documents.photoId1Url) ?? '')).not.toBeNull();

    expect(await purgeExpiredDocuments(h.deps)).toBe(0);
  });
});

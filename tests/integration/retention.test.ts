import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { CONTACT_MESSAGE_DAYS, RECORD_RETENTION_DAYS, SENT_MAIL_DAYS, eraseLapsedCustomers, purgeExpiredDocuments, purgeOldRecords } from '../../src/server/services/retention.service';
import { ERASED_NAME } from '../../src/shared/schemas/customer.schema';
import { clock } from '../../src/server/clock';
import { DOCUMENT_FIELDS, type TCreateBookingAnswer } from '../../src/shared/schemas/booking.schema';
import { bookingPayload, daysFromToday, firstCarId, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { AuditEntry, Booking, ContactMessage, Customer, CustomerDeletion, MailMessage } from '../../src/server/db/entities';
import { lockCustomer } from '../../src/server/services/booking-change.service';
import { adminBookingIn, newCar, openTransaction, sessionsWaitingOnALock, startWhileLocked } from './helpers';

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

  it('counts a booking cancelled long before its days as ended when it was cancelled, not a year later', async () => {
    const email = 'cancelled.ahead@example.com';
    const old = await customerWithDocuments(email, -420, -400);
    const staff = h.caller({ staff: true });
    const ahead = await staff.bookings.createAdmin({ customerEmail: email, customerName: 'Retention Test', carId: await firstCarId(h, 5), pickupDate: daysFromToday(300), returnDate: daysFromToday(302), status: 'confirmed' });
    await staff.bookings.updateStatus({ id: ahead.id, status: 'cancelled' });
    // Cancelled today: within the year, so the documents stay for now.
    expect(await purgeExpiredDocuments(h.deps)).toBe(0);
    expect((await staff.customers.byId({ id: old.customerId })).photoId1Url).toBe(old.documents.photoId1Url);
    // Cancelled 400 days ago, as far as the job can tell: past the year.
    await h.orm.em.fork().nativeUpdate(Booking, { id: ahead.id }, { cancelledAt: new Date(Date.now() - 400 * 86_400_000) });
    expect(await purgeExpiredDocuments(h.deps)).toBe(1);
    expect((await h.caller({ staff: true }).customers.byId({ id: old.customerId })).photoId1Url).toBeNull();
  });

  it('leaves alone the documents of a booking the customer makes while their old documents are being deleted', async () => {
    const email = 'returning.renter@example.com';
    const old = await customerWithDocuments(email, -430, -410);
    const car = await newCar(h);
    const payload = bookingPayload(car.id, await uploadDocuments(h), { customer: { email }, booking: { pickupDate: daysFromToday(5), returnDate: daysFromToday(7) } });
    // The renter books again just as the job starts deleting their old files.
    let booking: Promise<TCreateBookingAnswer> | undefined;
    const remove = h.deps.storage.delete.bind(h.deps.storage);
    const deleting = vi.spyOn(h.deps.storage, 'delete').mockImplementation(async (key) => {
      booking ??= (await startWhileLocked(h, () => h.caller().bookings.create(payload))).running;
      return remove(key);
    });
    try {
      expect(await purgeExpiredDocuments(h.deps)).toBe(1);
    } finally {
      deleting.mockRestore();
    }
    const { booking: made } = await booking!;

    const staff = h.caller({ staff: true });
    const kept = await staff.bookings.byId({ id: made.id });
    expect(kept.customerId).toBe(old.customerId);
    for (const field of DOCUMENT_FIELDS) {
      expect(kept[field], field).toBe(made[field]);
      expect(await h.deps.storage.head(keyFromObjectPath(made[field]!) ?? ''), field).not.toBeNull();
    }
    const customer = await staff.customers.byId({ id: old.customerId });
    expect([customer.photoId1Url, customer.photoId2Url, customer.proofOfBillingUrl]).toEqual([null, null, null]);
    for (const path of Object.values(old.documents)) expect(await h.deps.storage.head(keyFromObjectPath(path) ?? '')).toBeNull();
    expect(await purgeExpiredDocuments(h.deps)).toBe(0);
  });

  it('keeps the documents of a customer whose new booking commits just as the job reaches them', async () => {
    const email = 'rebooking.renter@example.com';
    const old = await customerWithDocuments(email, -440, -420);
    const car = await newCar(h);
    const booking = await openTransaction(h, (em) => adminBookingIn(h, em, { carId: car.id, from: 5, to: 7, email, name: 'Retention Test', status: 'confirmed' }));
    const { running: purge } = await startWhileLocked(h, () => purgeExpiredDocuments(h.deps));
    await booking.commit();

    expect(await purge).toBe(0);
    expect(await h.caller({ staff: true }).customers.byId({ id: old.customerId })).toMatchObject(old.documents);
    for (const path of Object.values(old.documents)) expect(await h.deps.storage.head(keyFromObjectPath(path) ?? '')).not.toBeNull();
  });
});

describe('document retention beside staff work on an old booking', () => {
  it('waits for staff applying an old booking to its customer at that moment instead of deadlocking with them', async () => {
    const old = await customerWithDocuments('applying.renter@example.com', -450, -430);
    const em = h.orm.em.fork();
    const booking = await em.findOneOrFail(Booking, { customer: old.customerId });
    // The booking holds documents of its own, as a website booking does.
    await em.nativeUpdate(Booking, { id: booking.id }, { renterName: 'Applied Renter', ...old.documents });
    // Another change holds the customer's row: the job waits for it, then staff apply the booking.
    const holding = await openTransaction(h, (tx) => lockCustomer(tx, old.customerId));
    const { running: purge } = await startWhileLocked(h, () => purgeExpiredDocuments(h.deps));
    const applying = h.caller({ staff: true }).bookings.applyToCustomer({ id: booking.id });
    applying.catch(() => undefined);
    await vi.waitFor(async () => expect(await sessionsWaitingOnALock(h)).toBe(2), { timeout: 10_000 });
    await holding.commit();

    expect(await purge).toBe(1);
    // Staff's change came second, onto what the job left (a deadlock would fail one of them with a 409).
    await applying;
    const customer = await h.caller({ staff: true }).customers.byId({ id: old.customerId });
    expect(customer).toMatchObject({ fullName: 'Applied Renter', photoId1Url: null, photoId2Url: null, proofOfBillingUrl: null });
  });
});

describe('enquiries and e-mails', () => {
  it('keeps enquiries 2 years and sent e-mails 30 days; an e-mail still to send stays', async () => {
    const email = 'kept.for.a.while@example.com';
    await h.caller().contact.send({ firstName: 'Kept', lastName: 'Awhile', email, message: 'Please call me about a van for next month.' });
    const fork = () => h.orm.em.fork();
    await h.mailWorker.runOnce();
    const queued = (await fork().find(MailMessage, { replyTo: email }))[0]!;
    expect(queued.status).toBe('sent');
    const unsent = await fork().insert(MailMessage, { id: randomUUID(), kind: 'test.unsent', to: email, subject: 'Still to send', text: 'x', html: 'x', status: 'queued', attempts: 3, nextAttemptAt: new Date(Date.now() + 3_600_000), createdAt: new Date() });
    const count = async () => ({ enquiries: await fork().count(ContactMessage, { email }), mails: await fork().count(MailMessage, { $or: [{ to: email }, { replyTo: email }] }) });

    clock.advance((SENT_MAIL_DAYS - 1) * 86_400_000);
    try {
      await purgeOldRecords(h.deps);
      expect(await count()).toEqual({ enquiries: 1, mails: 2 });
      clock.advance(2 * 86_400_000);
      await purgeOldRecords(h.deps);
      expect(await count()).toEqual({ enquiries: 1, mails: 1 });
      expect((await fork().findOne(MailMessage, { id: unsent }))?.status).toBe('queued');
      clock.advance((CONTACT_MESSAGE_DAYS - SENT_MAIL_DAYS) * 86_400_000);
      await purgeOldRecords(h.deps);
      expect(await count()).toEqual({ enquiries: 0, mails: 1 });
    } finally {
      clock.reset();
    }
  });
});

describe('records past the 7 years', () => {
  it('deletes the activity log’s entries older than RECORD_RETENTION_DAYS; one a day short of it stays', async () => {
    const fork = () => h.orm.em.fork();
    const day = 86_400_000;
    const entry = (label: string, at: Date) => ({ id: randomUUID(), actor: 'test staff', actorEmail: null, action: 'blocked_name.create', entityType: 'blocked_name' as const, entityId: randomUUID(), before: null, after: { fullName: label }, at });
    const old = entry('Lapsed Blocked Person', new Date(Date.now() - (RECORD_RETENTION_DAYS + 1) * day));
    const kept = entry('Recent Blocked Person', new Date(Date.now() - (RECORD_RETENTION_DAYS - 1) * day));
    await fork().insertMany(AuditEntry, [old, kept]);
    expect((await purgeOldRecords(h.deps)).auditEntries).toBeGreaterThanOrEqual(1);
    expect(await fork().count(AuditEntry, { id: old.id })).toBe(0);
    expect(await fork().count(AuditEntry, { id: kept.id })).toBe(1);
  });

  it('erases the customer whose last rental ended more than RECORD_RETENTION_DAYS ago, keeping their bookings; one a day short of it stays', async () => {
    const staff = h.caller({ staff: true });
    const car = await newCar(h);
    const book = (email: string, returnOffset: number) =>
      staff.bookings.createAdmin({ customerEmail: email, customerName: 'Seven Years', carId: car.id, pickupDate: daysFromToday(returnOffset - 2), returnDate: daysFromToday(returnOffset), status: 'completed' });
    const lapsed = await book('lapsed.renter@example.com', -RECORD_RETENTION_DAYS - 1);
    const kept = await book('kept.renter@example.com', -RECORD_RETENTION_DAYS + 1);

    expect(await eraseLapsedCustomers(h.deps)).toBe(1);
    const fresh = h.caller({ staff: true });
    const erased = await fresh.customers.byId({ id: lapsed.customerId });
    expect(erased).toMatchObject({ fullName: ERASED_NAME, erasedAt: expect.any(String) });
    expect(erased.bookings.map((booking) => booking.id)).toEqual([lapsed.id]);
    expect((await fresh.customers.byId({ id: kept.customerId })).erasedAt).toBeNull();
    expect(await eraseLapsedCustomers(h.deps)).toBe(0);
  });

  it('deletes the tombstones of customer records deleted more than RECORD_RETENTION_DAYS ago, as the log entries about them; one a day short of it stays', async () => {
    const fork = () => h.orm.em.fork();
    const ago = (days: number) => new Date(clock.now().getTime() - days * 86_400_000);
    const old = { id: randomUUID(), deletedAt: ago(RECORD_RETENTION_DAYS + 1), reason: 'erased' as const };
    const kept = { id: randomUUID(), deletedAt: ago(RECORD_RETENTION_DAYS - 1), reason: 'merged' as const };
    await fork().insertMany(CustomerDeletion, [old, kept]);
    expect((await purgeOldRecords(h.deps)).customerDeletions).toBe(1);
    expect((await fork().find(CustomerDeletion, { id: { $in: [old.id, kept.id] } })).map((row) => row.id)).toEqual([kept.id]);
  });

  it('deletes the record of a customer registered more than RECORD_RETENTION_DAYS ago who never booked, leaving its tombstone', async () => {
    const staff = h.caller({ staff: true });
    const { customer } = await staff.customers.create({ fullName: 'Never Booked', email: 'never.booked@example.com', phone: '09171234567' });
    await h.orm.em.fork().nativeUpdate(Customer, { id: customer.id }, { createdAt: new Date(clock.now().getTime() - (RECORD_RETENTION_DAYS + 1) * 86_400_000) });
    const before = clock.now();
    expect(await eraseLapsedCustomers(h.deps)).toBe(1);
    await expect(staff.customers.byId({ id: customer.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const tombstone = await h.orm.em.fork().findOneOrFail(CustomerDeletion, { id: customer.id });
    expect(tombstone).toMatchObject({ reason: 'erased' });
    expect(tombstone.deletedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});

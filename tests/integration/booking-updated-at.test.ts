import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { Booking, Customer } from '../../src/server/db/entities';
import { makeManageToken } from '../../src/server/services/booking-tokens';
import { releaseExpiredHolds, sendPickupReminders } from '../../src/server/services/booking-jobs.service';
import { purgeExpiredDocuments } from '../../src/server/services/retention.service';
import { daysFromToday, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { adminBooking, newCar, publicBooking, uniqueEmail } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  vi.restoreAllMocks();
  clock.reset();
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const staff = () => h.caller({ staff: true });

/** The booking's `updatedAt` and its customer's id, as stored. */
async function stamped(id: string): Promise<{ updatedAt: Date; customerId: string }> {
  const booking = await h.orm.em.fork().findOneOrFail(Booking, { id });
  return { updatedAt: booking.updatedAt, customerId: booking.customer.id };
}

/**
 * Runs `change` a minute later on the server's clock and checks that the booking's `updatedAt`
 * moved to that minute or later: what GET /api/admin/bookings?updatedSince= finds it by. Its
 * customer's answer lists the booking, so the customer's `updatedAt` moved with it (that of the
 * record it left too, when it moved to another, unless that record is gone):
 * GET /api/admin/customers?updatedSince= finds them by it.
 */
async function expectTouchedBy(id: string, change: () => Promise<unknown>): Promise<void> {
  const before = await stamped(id);
  clock.advance(60_000);
  const mark = clock.now();
  expect(before.updatedAt.getTime()).toBeLessThan(mark.getTime());
  await change();
  const after = await stamped(id);
  expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(mark.getTime());
  const customers = await h.orm.em.fork().find(Customer, { id: { $in: [before.customerId, after.customerId] } });
  expect(customers.map((customer) => customer.id)).toContain(after.customerId);
  for (const customer of customers) expect(customer.updatedAt.getTime(), `customer ${customer.id}`).toBeGreaterThanOrEqual(mark.getTime());
}

/** A website booking, pending, of a car of its own. */
async function websiteBooking(from = 10, to = 12) {
  const car = await newCar(h);
  const made = await publicBooking(h, car.id, { customer: { email: uniqueEmail('touched') }, booking: { pickupDate: daysFromToday(from), returnDate: daysFromToday(to) } });
  const id = made.answer.booking.id;
  return { car, id, made, token: makeManageToken(h.deps.signingSecret, { id, linkVersion: 0 }) };
}

describe("a booking's updatedAt, and its customer's, move with every change of the booking", () => {
  it('staff: status, dates, payments, a void, a document request, a corrected e-mail address', async () => {
    const { id } = await websiteBooking();
    await expectTouchedBy(id, () => staff().bookings.updateStatus({ id, status: 'confirmed' }));
    await expectTouchedBy(id, () => staff().bookings.updateDates({ id, dates: { pickupDate: daysFromToday(11), returnDate: daysFromToday(14) } }));
    let paymentId = '';
    await expectTouchedBy(id, async () => {
      paymentId = (await staff().bookings.addPayment({ id, payment: { amount: '500', method: 'cash' } })).payment.id;
    });
    await expectTouchedBy(id, () => staff().bookings.voidPayment({ id, paymentId, reason: 'Entered twice' }));
    await expectTouchedBy(id, () => staff().bookings.requestDocument({ id, request: { field: 'proofOfBillingUrl', note: 'The bill is cut off' } }));
    await expectTouchedBy(id, () => staff().bookings.correctEmail({ id, email: uniqueEmail('corrected') }));
  });

  it('the renter: opening the link, sending a requested document, replacing the documents with the token, cancelling', async () => {
    const { id, token, made } = await websiteBooking();
    await expectTouchedBy(id, () => h.caller().myBooking.open({ token }));
    const replaced = await uploadDocuments(h);
    await expectTouchedBy(id, () => h.caller().customers.saveDocuments({ id: made.answer.customer.id, documents: replaced, documentToken: made.answer.documentToken }));
    await staff().bookings.requestDocument({ id, request: { field: 'photoId1Url', note: 'The photo is blurred' } });
    const fresh = await uploadDocuments(h);
    await expectTouchedBy(id, () => h.caller().myBooking.replaceDocument({ token, objectPath: fresh.photoId1Url }));
    await expectTouchedBy(id, () => h.caller().myBooking.cancel({ token }));
  });

  it('the jobs: a hold that runs out, the reminder the day before pick-up', async () => {
    const held = await websiteBooking(20, 22);
    await expectTouchedBy(held.id, async () => {
      clock.advance((h.env.PENDING_HOLD_HOURS + 1) * HOUR);
      expect(await releaseExpiredHolds(h.deps)).toBeGreaterThanOrEqual(1);
    });
    clock.reset();
    const soon = await websiteBooking(2, 4);
    await staff().bookings.updateStatus({ id: soon.id, status: 'confirmed' });
    await expectTouchedBy(soon.id, async () => {
      clock.advance(24 * HOUR);
      expect(await sendPickupReminders(h.deps)).toBeGreaterThanOrEqual(1);
    });
  });

  it('a booking moved to another customer’s record (its address corrected to theirs); a new booking of the customer', async () => {
    const car = await newCar(h);
    const address = uniqueEmail('returning');
    const moved = await adminBooking(h, { carId: car.id, from: 30, to: 32, email: address });
    await adminBooking(h, { carId: car.id, from: 34, to: 36, email: address });
    const other = await adminBooking(h, { carId: car.id, from: 38, to: 40 });
    // The record it leaves keeps another booking, so both records stay, and both changed.
    await expectTouchedBy(moved.id, () => staff().bookings.correctEmail({ id: moved.id, email: other.customerEmail }));
    expect((await stamped(moved.id)).customerId).toBe(other.customerId);
    clock.advance(60_000);
    const mark = clock.now();
    await adminBooking(h, { carId: car.id, from: 42, to: 44, email: address });
    expect((await h.orm.em.fork().findOneOrFail(Customer, { id: moved.customerId })).updatedAt.getTime()).toBeGreaterThanOrEqual(mark.getTime());
  });

  it('a record it points to going: its car deleted, its customer erased', async () => {
    const car = await newCar(h);
    const past = await adminBooking(h, { carId: car.id, from: -5, to: -3, status: 'completed' });
    await expectTouchedBy(past.id, () => staff().cars.delete({ id: car.id }));
    const erased = await adminBooking(h, { carId: (await newCar(h)).id, from: -9, to: -7, status: 'completed' });
    await expectTouchedBy(erased.id, () => staff().customers.erase({ id: erased.customerId }));
  });

  it('a new booking and its customer’s record carry one instant, made on the website or by staff, for a new or a returning renter', async () => {
    // A second passes at every reading of the clock: the booking could only match its record by taking the record's instant.
    let tick = clock.now().getTime();
    vi.spyOn(clock, 'now').mockImplementation(() => new Date((tick += 1000)));
    const { id } = await websiteBooking(20, 22);
    const car = await newCar(h);
    const booked = [await h.orm.em.fork().findOneOrFail(Booking, { id }, { populate: ['customer'] })];
    const address = uniqueEmail('one-instant');
    for (const from of [30, 34]) {
      const made = await adminBooking(h, { carId: car.id, from, to: from + 2, email: address });
      booked.push(await h.orm.em.fork().findOneOrFail(Booking, { id: made.id }, { populate: ['customer'] }));
    }
    for (const [index, booking] of booked.entries()) {
      const customer = booking.customer;
      expect(booking.updatedAt.getTime(), `booking ${index}`).toBe(booking.createdAt.getTime());
      expect(customer.updatedAt.getTime(), `booking ${index}`).toBe(booking.createdAt.getTime());
      // A new renter's record was made with the booking; a returning one's was older.
      if (index < 2) expect(customer.createdAt.getTime(), `booking ${index}`).toBe(booking.createdAt.getTime());
    }
    expect(booked[2]!.customer.id).toBe(booked[1]!.customer.id);
    expect(booked[2]!.createdAt.getTime()).toBeGreaterThan(booked[1]!.createdAt.getTime());
  });

  it('its documents deleted when the customer’s documents are kept no longer', async () => {
    const { id } = await websiteBooking(3, 5);
    await staff().bookings.updateStatus({ id, status: 'completed' });
    await expectTouchedBy(id, async () => {
      clock.advance((h.env.DOCUMENT_RETENTION_DAYS + 10) * 24 * HOUR);
      expect(await purgeExpiredDocuments(h.deps)).toBeGreaterThanOrEqual(1);
    });
  });
});

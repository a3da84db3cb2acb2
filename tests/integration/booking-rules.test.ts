import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { Booking, Customer, MailMessage, Upload } from '../../src/server/db/entities';
import { cleanupUploads } from '../../src/server/services/upload.service';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { messages } from '../../src/shared/messages';
import { bookingPayload, daysFromToday, fileBytes, upload, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { expectError, issueMessages, issuesOf, newCar, publicBooking, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function customersWithEmail(email: string): Promise<number> {
  return h.orm.em.fork().count(Customer, { email: email.toLowerCase() });
}

async function bookingsOfCar(carId: string): Promise<number> {
  return h.orm.em.fork().count(Booking, { car: carId });
}

describe('bookings.create: a valid booking', () => {
  it('stores the booking as pending with its customer, documents, mail and a document token', async () => {
    const car = await newCar(h, { dailyRate: '1800' });
    const { answer, payload, documents } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(4), returnDate: daysFromToday(6), driverService: 'within_pangasinan' } });
    expect(answer.booking).toMatchObject({
      status: 'pending',
      source: 'website',
      carId: car.id,
      carName: car.name,
      customerId: answer.customer.id,
      customerEmail: payload.customer.email,
      pickupDate: daysFromToday(4),
      returnDate: daysFromToday(6),
      totalDays: 2,
      withDriver: true,
      subtotal: '3600.00',
      driverFee: '3000.00',
      insurance: '500.00',
      total: '7100.00',
      amountPaid: '0.00',
      balance: '7100.00',
      deliveryAddress: null,
    });
    expect(answer.booking).toMatchObject({ customerName: payload.customer.fullName, customerPhone: payload.customer.phone, ...documents });
    expect(answer.customer).toMatchObject(documents);
    expect(answer.documentToken).toMatch(new RegExp(`^${answer.booking.id}\\.\\d+\\.[\\w-]+$`));
    const uploads = await h.orm.em.fork().find(Upload, { objectKey: { $in: Object.values(documents).map((path) => path.replace('/objects/', '')) } });
    expect(uploads.map((upload) => upload.attachedTo)).toEqual([`booking:${answer.booking.id}`, `booking:${answer.booking.id}`, `booking:${answer.booking.id}`]);

    const mails = await h.orm.em.fork().find(MailMessage, { kind: { $in: ['booking.confirmation', 'booking.garage'] } });
    expect(mails.filter((m) => m.kind === 'booking.confirmation' && m.to === payload.customer.email)).toHaveLength(1);
    expect(mails.filter((m) => m.kind === 'booking.garage' && m.replyTo === payload.customer.email)).toHaveLength(1);
  });

  it('accepts a pick-up today and one exactly 365 days ahead', async () => {
    const car = await newCar(h);
    const today = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(0), returnDate: daysFromToday(1) } });
    expect(today.answer.booking.pickupDate).toBe(daysFromToday(0));
    const far = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(365), returnDate: daysFromToday(367) } });
    expect(far.answer.booking.pickupDate).toBe(daysFromToday(365));
  });
});

describe('bookings.create: refused requests write nothing', () => {
  it('refuses a pick-up date in the past', async () => {
    const car = await newCar(h);
    const email = uniqueEmail();
    const error = await expectError(
      publicBooking(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(-1), returnDate: daysFromToday(2) } }),
      'BAD_REQUEST',
      messages.validation.pickupInPast,
    );
    expect(issueMessages(error)).toContain(messages.validation.pickupInPast);
    expect(await customersWithEmail(email)).toBe(0);
    expect(await bookingsOfCar(car.id)).toBe(0);
  });

  it('refuses a pick-up more than 365 days ahead', async () => {
    const car = await newCar(h);
    await expectError(
      publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(366), returnDate: daysFromToday(368) } }),
      'BAD_REQUEST',
      messages.validation.tooFarAhead,
    );
    expect(await bookingsOfCar(car.id)).toBe(0);
  });

  it('refuses a return date before, or on, the pick-up date', async () => {
    const car = await newCar(h);
    for (const [from, to] of [
      [5, 3],
      [5, 5],
    ] as const) {
      const error = await expectError(publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(from), returnDate: daysFromToday(to) } }), 'BAD_REQUEST');
      expect(issueMessages(error)).toContain(messages.validation.returnAfterPickup);
    }
    expect(await bookingsOfCar(car.id)).toBe(0);
  });

  it('refuses a car marked unavailable with CONFLICT, and an unknown car with NOT_FOUND', async () => {
    const unavailable = (await h.caller().cars.list()).find((car) => !car.available);
    expect(unavailable, 'the seeded fleet has an unavailable car').toBeDefined();
    const email = uniqueEmail();
    await expectError(publicBooking(h, unavailable!.id, { customer: { email } }), 'CONFLICT', messages.errors.carUnavailable);
    await expectError(publicBooking(h, randomUUID(), { customer: { email } }), 'NOT_FOUND', messages.errors.carNotFound);
    expect(await customersWithEmail(email)).toBe(0);
  });

  it('refuses days already held by another booking, even when only the last day is shared', async () => {
    const car = await newCar(h);
    await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(20), returnDate: daysFromToday(23) } });
    const email = uniqueEmail();
    await expectError(
      publicBooking(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(23), returnDate: daysFromToday(25) } }),
      'CONFLICT',
      messages.errors.datesTaken,
    );
    await expectError(publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(18), returnDate: daysFromToday(20) } }), 'CONFLICT');
    expect(await customersWithEmail(email)).toBe(0);
    // the day after the return is free
    await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(24), returnDate: daysFromToday(25) } });
    expect(await h.caller().cars.bookedDates({ carId: car.id })).toEqual([
      { start: daysFromToday(20), end: daysFromToday(23) },
      { start: daysFromToday(24), end: daysFromToday(25) },
    ]);
  });

  it('refuses a blocked name with FORBIDDEN and the spec message, matching names without case, accents or extra spaces', async () => {
    const car = await newCar(h);
    const word = uniqueWord('Ramírez');
    await h.caller({ staff: true }).blocklist.block({ fullName: `José  Dela Cruz ${word}` });
    const variants = [`jose dela cruz ${word}`, `  JOSÉ   DELA   CRUZ   ${word.toUpperCase()} `, `Jose Déla Cruz ${word.normalize('NFD')}`];
    for (const fullName of variants) {
      const email = uniqueEmail();
      await expectError(publicBooking(h, car.id, { customer: { fullName, email } }), 'FORBIDDEN', messages.errors.nameBlocked);
      expect(await customersWithEmail(email)).toBe(0);
    }
    expect(await bookingsOfCar(car.id)).toBe(0);
    // a different name still books
    await publicBooking(h, car.id, { customer: { fullName: `Josefa Dela Cruz ${word}` } });
  });

  it('refuses a booking without all three documents', async () => {
    const car = await newCar(h);
    const documents = await uploadDocuments(h);
    for (const missing of ['photoId1Url', 'photoId2Url', 'proofOfBillingUrl'] as const) {
      const email = uniqueEmail();
      const partial: Record<string, string> = { ...documents };
      delete partial[missing];
      const error = await expectError(h.caller().bookings.create(bookingPayload(car.id, partial, { customer: { email } })), 'BAD_REQUEST', messages.validation.documentsRequired);
      expect(issueMessages(error)).toEqual([messages.validation.documentsRequired]);
      expect(await customersWithEmail(email)).toBe(0);
    }
    await expectError(h.caller().bookings.create(bookingPayload(car.id, {})), 'BAD_REQUEST', messages.validation.documentsRequired);
    expect(await bookingsOfCar(car.id)).toBe(0);
  });

  it('refuses a document already attached to another customer, and one that was never uploaded', async () => {
    const car = await newCar(h);
    const first = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(4) } });
    const fresh = await uploadDocuments(h);
    const email = uniqueEmail('thief');
    await expectError(
      h.caller().bookings.create(
        bookingPayload(car.id, { ...fresh, photoId1Url: first.documents.photoId1Url }, { customer: { email, fullName: 'Other Person' }, booking: { pickupDate: daysFromToday(8), returnDate: daysFromToday(9) } }),
      ),
      'BAD_REQUEST',
      messages.errors.uploadInUse,
    );
    expect(await customersWithEmail(email)).toBe(0);
    await expectError(
      h.caller().bookings.create(
        bookingPayload(car.id, { ...fresh, proofOfBillingUrl: `/objects/private/${randomUUID()}` }, { customer: { email }, booking: { pickupDate: daysFromToday(8), returnDate: daysFromToday(9) } }),
      ),
      'BAD_REQUEST',
      messages.errors.uploadNotFound,
    );
    expect(await customersWithEmail(email)).toBe(0);
    expect(await bookingsOfCar(car.id)).toBe(1);
    // the first renter still owns the document
    const owner = await h.caller({ staff: true }).customers.byId({ id: first.answer.customer.id });
    expect(owner.photoId1Url).toBe(first.documents.photoId1Url);
  });
});

describe('bookings.create: a document no longer on the server', () => {
  it('names the document whose upload the clean-up removed after 24 hours, so the form can ask for that one again', async () => {
    const car = await newCar(h);
    const stale = await upload(h, fileBytes('jpeg'), { contentType: 'image/jpeg' });
    clock.advance(25 * 3_600_000);
    try {
      await cleanupUploads(h.deps);
    } finally {
      clock.reset();
    }
    const fresh = { photoId1Url: await upload(h, fileBytes('png')), proofOfBillingUrl: await upload(h, fileBytes('pdf'), { contentType: 'application/pdf' }) };
    const email = uniqueEmail('late');
    const error = await expectError(
      h.caller().bookings.create(bookingPayload(car.id, { ...fresh, photoId2Url: stale }, { customer: { email }, booking: { pickupDate: daysFromToday(8), returnDate: daysFromToday(9) } })),
      'BAD_REQUEST',
      messages.errors.uploadNotFound,
    );
    expect(issuesOf(error)).toEqual([{ path: 'customer.photoId2Url', message: messages.errors.uploadNotFound }]);
    expect(await customersWithEmail(email)).toBe(0);
    // The documents still on the server stay free to send again with a new one.
    const again = await h.caller().bookings.create(
      bookingPayload(car.id, { ...fresh, photoId2Url: await upload(h, fileBytes('jpeg'), { contentType: 'image/jpeg' }) }, { customer: { email }, booking: { pickupDate: daysFromToday(8), returnDate: daysFromToday(9) } }),
    );
    expect(again.booking.status).toBe('pending');
  });

  it('names a document whose reference was never an upload', async () => {
    const car = await newCar(h);
    const error = await expectError(
      h.caller().bookings.create(bookingPayload(car.id, { ...(await uploadDocuments(h)), photoId1Url: `/objects/private/${randomUUID()}` }, { booking: { pickupDate: daysFromToday(8), returnDate: daysFromToday(9) } })),
      'BAD_REQUEST',
      messages.errors.uploadNotFound,
    );
    expect(issuesOf(error)).toEqual([{ path: 'customer.photoId1Url', message: messages.errors.uploadNotFound }]);
  });

  it('names a document whose bytes are gone from the store, and leaves the others for the next try', async () => {
    const car = await newCar(h);
    const dates = { booking: { pickupDate: daysFromToday(20), returnDate: daysFromToday(21) } };
    const documents = await uploadDocuments(h);
    const lost = await upload(h, fileBytes('jpeg'), { contentType: 'image/jpeg' });
    await h.deps.storage.delete(keyFromObjectPath(lost)!);
    const gone = await expectError(h.caller().bookings.create(bookingPayload(car.id, { ...documents, photoId2Url: lost }, dates)), 'BAD_REQUEST', messages.errors.uploadNotStored);
    expect(issuesOf(gone)).toEqual([{ path: 'customer.photoId2Url', message: messages.errors.uploadNotStored }]);


    const again = await h.caller().bookings.create(bookingPayload(car.id, documents, dates));
    expect(again.booking.status).toBe('pending');
  });
});

describe('bookings.create: returning renters', () => {
  it('groups a returning renter under their customer record by e-mail (any case) and keeps each booking’s own details', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('ana');
    const first = await publicBooking(h, car.id, {
      customer: { email, fullName: 'Ana Reyes', phone: '0917 000 1111' },
      booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(5) },
    });
    const second = await publicBooking(h, car.id, {
      customer: { email: email.toUpperCase(), fullName: 'Ana Marie Reyes', phone: '0918 222 3333' },
      booking: { pickupDate: daysFromToday(10), returnDate: daysFromToday(12) },
    });
    expect(second.answer.customer.id).toBe(first.answer.customer.id);
    expect(second.answer.customer).toMatchObject({ email, fullName: 'Ana Marie Reyes', phone: '0918 222 3333' });
    expect(await customersWithEmail(email)).toBe(1);

    const staff = h.caller({ staff: true });
    const customer = await staff.customers.byId({ id: first.answer.customer.id });
    // The record keeps what the first booking created it with; each booking keeps its own.
    expect(customer).toMatchObject({ fullName: 'Ana Reyes', phone: '0917 000 1111', photoId1Url: first.documents.photoId1Url });
    expect(customer.bookings.map((b) => b.id).sort()).toEqual([first.answer.booking.id, second.answer.booking.id].sort());
    expect(await staff.bookings.byId({ id: first.answer.booking.id })).toMatchObject({ customerName: 'Ana Reyes', customerPhone: '0917 000 1111', ...first.documents });
    expect(await staff.bookings.byId({ id: second.answer.booking.id })).toMatchObject({ customerName: 'Ana Marie Reyes', customerPhone: '0918 222 3333', ...second.documents });
  });

  it('gives a stranger who books with an existing customer’s e-mail nothing of theirs and changes nothing of theirs', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('victim');
    const victim = await publicBooking(h, car.id, { customer: { email, fullName: 'Rosa Victima', phone: '0917 555 0000' }, booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(5) } });
    const staff = h.caller({ staff: true });
    await staff.customers.update({ id: victim.answer.customer.id, data: { license: 'N01-99-123456', licenseExpiry: daysFromToday(700), address: '12 Rizal St, Alaminos City' } });
    const before = await staff.customers.byId({ id: victim.answer.customer.id });
    const uploadsBefore = await h.orm.em.fork().find(Upload, { attachedTo: { $ne: null } }, { orderBy: { objectKey: 'asc' } });

    const attack = await publicBooking(h, car.id, { customer: { email, fullName: 'Eve Attacker', phone: '0999 666 6666' }, booking: { pickupDate: daysFromToday(20), returnDate: daysFromToday(22) } });
    const sent = JSON.stringify(attack.answer);
    for (const secret of ['N01-99-123456', 'Rizal', 'Rosa', '0917 555 0000', ...Object.values(victim.documents)]) expect(sent).not.toContain(secret);

    const after = await staff.customers.byId({ id: victim.answer.customer.id });
    expect({ ...after, bookings: undefined, totals: undefined }).toEqual({ ...before, bookings: undefined, totals: undefined });
    expect(await staff.bookings.byId({ id: victim.answer.booking.id })).toMatchObject({ customerName: 'Rosa Victima', ...victim.documents });
    const uploadsAfter = await h.orm.em.fork().find(Upload, { attachedTo: { $ne: null }, objectKey: { $in: uploadsBefore.map((u) => u.objectKey) } }, { orderBy: { objectKey: 'asc' } });
    expect(uploadsAfter.map((u) => [u.objectKey, u.attachedTo])).toEqual(uploadsBefore.map((u) => [u.objectKey, u.attachedTo]));

    // The attacker's token reaches only the attacker's own booking.
    const fresh = await uploadDocuments(h);
    const swapped = await h.caller().customers.saveDocuments({ id: victim.answer.customer.id, documents: fresh, documentToken: attack.answer.documentToken });
    expect(swapped).toMatchObject({ customerId: victim.answer.customer.id, bookingId: attack.answer.booking.id });
    // A fresh caller, as a new request would be (this test's `staff` remembers what it loaded).
    const later = h.caller({ staff: true });
    expect(await later.bookings.byId({ id: attack.answer.booking.id })).toMatchObject({ photoId1Url: swapped.photoId1Url, proofOfBillingUrl: swapped.proofOfBillingUrl });
    expect(await later.customers.byId({ id: victim.answer.customer.id })).toMatchObject({ photoId1Url: victim.documents.photoId1Url, license: 'N01-99-123456' });
    expect(await later.bookings.byId({ id: victim.answer.booking.id })).toMatchObject(victim.documents);
  });

  it('keeps one customer when the same new renter books twice at the same moment', async () => {
    const carA = await newCar(h);
    const carB = await newCar(h);
    const email = uniqueEmail('twin');
    const [a, b] = await Promise.all([
      publicBooking(h, carA.id, { customer: { email } }),
      publicBooking(h, carB.id, { customer: { email: email.toUpperCase() } }),
    ]);
    expect(a.answer.customer.id).toBe(b.answer.customer.id);
    expect(await customersWithEmail(email)).toBe(1);
  });
});

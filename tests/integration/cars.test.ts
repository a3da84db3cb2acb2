import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload } from '../../src/server/db/entities';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { todayInManila } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { daysFromToday, fileBytes, upload } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { adminBooking, adminBookingIn, auditEntry, auditOf, expectError, issueMessages, newCar, openTransaction, publicBooking, startWhileLocked, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function uploadRow(path: string) {
  return h.orm.em.fork().findOne(Upload, { objectKey: keyFromObjectPath(path) ?? '' });
}

describe('cars.list', () => {
  it('lists the seeded fleet of at least 22 cars, with the categories the badge rule needs', async () => {
    const cars = await h.caller().cars.list();
    expect(cars.length).toBeGreaterThanOrEqual(22);
    const categories = new Set(cars.map((car) => car.category));
    for (const category of ['Premium SUV', 'Adventure SUV', 'Compact Sedan']) expect(categories).toContain(category);
    for (const car of cars) {
      expect(car.dailyRate).toMatch(/^\d+\.\d{2}$/);
      expect(Number(car.dailyRate)).toBeGreaterThan(0);
      expect(car.seats).toBeGreaterThan(0);
      expect(['Automatic', 'Manual']).toContain(car.transmission);
      expect(['Gas', 'Diesel', 'Hybrid']).toContain(car.fuel);
      expect(car.plateNumber).not.toBe('');
    }
    expect(new Set(cars.map((car) => car.id)).size).toBe(cars.length);
  });
});

describe('cars.byId', () => {
  it('returns the car as the list shows it', async () => {
    const [first] = await h.caller().cars.list();
    expect(await h.caller().cars.byId({ id: first!.id })).toEqual(first);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    await expectError(h.caller().cars.byId({ id: randomUUID() }), 'NOT_FOUND', messages.errors.carNotFound);
  });
});

describe('cars.bookedDates', () => {
  it('lists only pending and confirmed ranges that end today or later, both ends included', async () => {
    const car = await newCar(h);
    await adminBooking(h, { carId: car.id, from: -8, to: -2, status: 'pending' }); // ended before today
    await adminBooking(h, { carId: car.id, from: -1, to: 0, status: 'confirmed' }); // ends today
    await adminBooking(h, { carId: car.id, from: 5, to: 7, status: 'pending' });
    await adminBooking(h, { carId: car.id, from: 10, to: 12, status: 'cancelled' });
    await adminBooking(h, { carId: car.id, from: 14, to: 16, status: 'completed' });
    await adminBooking(h, { carId: car.id, from: 20, to: 21, status: 'confirmed' });

    const ranges = await h.caller().cars.bookedDates({ carId: car.id });
    expect(ranges).toEqual([
      { start: daysFromToday(-1), end: daysFromToday(0) },
      { start: daysFromToday(5), end: daysFromToday(7) },
      { start: daysFromToday(20), end: daysFromToday(21) },
    ]);
  });

  it('is empty for a car without bookings and NOT_FOUND for an unknown car', async () => {
    const car = await newCar(h);
    expect(await h.caller().cars.bookedDates({ carId: car.id })).toEqual([]);
    await expectError(h.caller().cars.bookedDates({ carId: randomUUID() }), 'NOT_FOUND');
  });
});

describe('cars.create', () => {
  it('fills the spec defaults (5 seats, Automatic, Gas, available, this year) and keeps a legacy picture name', async () => {
    const name = `Toyota Rush ${uniqueWord()}`;
    const car = await h.caller({ staff: true }).cars.create({ name, category: 'Adventure SUV', dailyRate: '2800', image: 'fortuner.png' });
    expect(car).toMatchObject({
      name,
      category: 'Adventure SUV',
      dailyRate: '2800.00',
      seats: 5,
      transmission: 'Automatic',
      fuel: 'Gas',
      available: true,
      year: Number(todayInManila().slice(0, 4)),
      image: 'fortuner.png',
      description: '',
      mileage: '',
      plateNumber: '',
    });
    expect(await h.caller().cars.byId({ id: car.id })).toEqual(car);
    expect((await h.caller().cars.list()).map((c) => c.id)).toContain(car.id);
  });

  it('attaches an uploaded /objects/public/... image to the new car, once', async () => {
    const image = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
    expect(image).toMatch(/^\/objects\/public\//);
    const car = await newCar(h, { image });
    // Attached, the image lives under a key of its own (no upload address can replace it) and is the car's.
    expect(car.image).toMatch(/^\/objects\/public\//);
    expect(car.image).not.toBe(image);
    expect((await uploadRow(car.image))?.attachedTo).toBe(`car:${car.id}`);
    expect((await h.app.request(car.image)).status).toBe(200);

    // the same upload cannot be attached to a second car, nor the car's own image
    await expectError(newCar(h, { image }), 'BAD_REQUEST', messages.errors.uploadInUse);
    await expectError(newCar(h, { image: car.image }), 'BAD_REQUEST', messages.errors.uploadInUse);
  });

  it('refuses a private document upload as a car image, and an object path that was never uploaded', async () => {
    const document = await upload(h, fileBytes('png'));
    await expectError(newCar(h, { image: document }), 'BAD_REQUEST', messages.errors.uploadKind);
    await expectError(newCar(h, { image: `/objects/public/${randomUUID()}` }), 'BAD_REQUEST', messages.errors.uploadNotFound);
  });

  it('refuses a car without an image with the spec message', async () => {
    const error = await expectError(
      h.caller({ staff: true }).cars.create({ name: 'No Picture', category: 'Van', dailyRate: '3000', image: '  ' }),
      'BAD_REQUEST',
    );
    expect(issueMessages(error)).toContain(messages.errors.carImageRequired);
  });

  it('records an audit entry with the new car as "after"', async () => {
    const car = await newCar(h);
    const entry = await auditEntry(h, 'car', car.id, 'car.create');
    expect(entry).toMatchObject({ actor: 'test staff', before: null, after: { id: car.id, name: car.name, dailyRate: '2000.00' } });
  });
});

describe('cars.update', () => {
  it('changes only the fields given and records before and after', async () => {
    const car = await newCar(h, { seats: 7, fuel: 'Diesel', plateNumber: 'abc 1234' });
    expect(car.plateNumber).toBe('ABC 1234');
    const updated = await h.caller({ staff: true }).cars.update({ id: car.id, data: { dailyRate: '2450.50' } });
    expect(updated).toEqual({ ...car, dailyRate: '2450.50' });
    expect(await h.caller().cars.byId({ id: car.id })).toEqual(updated);

    const entry = await auditEntry(h, 'car', car.id, 'car.update');
    expect(entry.before).toMatchObject({ dailyRate: '2000.00', seats: 7 });
    expect(entry.after).toMatchObject({ dailyRate: '2450.50', seats: 7 });
    // Saved again as it is: nothing changed, nothing logged.
    await h.caller({ staff: true }).cars.update({ id: car.id, data: { dailyRate: '2450.50', seats: 7, name: car.name } });
    expect((await auditOf(h, 'car', car.id)).filter((e) => e.action === 'car.update')).toHaveLength(1);
  });

  it('keeps a description in Filipino beside the English one, within the same limit', async () => {
    const car = await newCar(h, { description: 'Seven seats and a strong diesel.' });
    expect(car.descriptionFil).toBe('');
    const updated = await h.caller({ staff: true }).cars.update({ id: car.id, data: { descriptionFil: 'Pitong upuan at malakas na diesel.' } });
    expect(updated).toMatchObject({ description: 'Seven seats and a strong diesel.', descriptionFil: 'Pitong upuan at malakas na diesel.' });
    expect((await h.caller().cars.list()).find((listed) => listed.id === car.id)?.descriptionFil).toBe('Pitong upuan at malakas na diesel.');
    await expectError(h.caller({ staff: true }).cars.update({ id: car.id, data: { descriptionFil: 'x'.repeat(2001) } }), 'BAD_REQUEST');
    await expectError(h.caller({ staff: true }).cars.update({ id: car.id, data: { descriptionFil: 'a\u0000b' } }), 'BAD_REQUEST');
    expect((await h.caller().cars.byId({ id: car.id })).descriptionFil).toBe('Pitong upuan at malakas na diesel.');
  });

  it('can mark a car unavailable, which the public booking then refuses', async () => {
    const car = await newCar(h);
    const updated = await h.caller({ staff: true }).cars.update({ id: car.id, data: { available: false } });
    expect(updated.available).toBe(false);
    expect(updated.name).toBe(car.name);
    await expectError(publicBooking(h, car.id), 'CONFLICT', messages.errors.carUnavailable);
  });

  it('taking a car out of service answers the bookings still to come or under way on it, which it leaves for staff to move or cancel', async () => {
    const car = await newCar(h);
    await adminBooking(h, { carId: car.id, from: -8, to: -2, status: 'pending' }); // ended before today
    const later = await adminBooking(h, { carId: car.id, from: 5, to: 7, status: 'pending', name: 'Ben Cruz' });
    const underWay = await adminBooking(h, { carId: car.id, from: -1, to: 1, status: 'confirmed', name: 'Ana Reyes' });
    await adminBooking(h, { carId: car.id, from: 10, to: 12, status: 'cancelled' });

    const updated = await h.caller({ staff: true }).cars.update({ id: car.id, data: { available: false } });
    expect(updated.available).toBe(false);
    expect(updated.openBookings).toEqual(
      [underWay, later].map((b) => ({ id: b.id, reference: b.reference, renterName: b.customerName, pickupDate: b.pickupDate, returnDate: b.returnDate, status: b.status })),
    );
    // They stay as they were: staff decide what becomes of each.
    expect((await h.caller({ staff: true }).bookings.byId({ id: later.id })).status).toBe('pending');
    // Any other change, to a car already out of service, says nothing more.
    expect((await h.caller({ staff: true }).cars.update({ id: car.id, data: { dailyRate: '2100' } })).openBookings).toBeUndefined();
    expect((await h.caller({ staff: true }).cars.update({ id: car.id, data: { available: true } })).openBookings).toBeUndefined();
  });

  it('attaches a new uploaded image and releases the old one', async () => {
    const first = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
    const second = await upload(h, fileBytes('webp'), { kind: 'car-image', staff: true, contentType: 'image/webp' });
    const car = await newCar(h, { image: first });
    const updated = await h.caller({ staff: true }).cars.update({ id: car.id, data: { image: second } });
    expect(updated.image).not.toBe(second);
    expect((await uploadRow(updated.image))?.attachedTo).toBe(`car:${car.id}`);
    expect((await uploadRow(car.image))?.attachedTo).toBe('released');
  });

  it('answers NOT_FOUND for an unknown car', async () => {
    await expectError(h.caller({ staff: true }).cars.update({ id: randomUUID(), data: { seats: 4 } }), 'NOT_FOUND');
  });
});

describe('cars.delete', () => {
  it('is refused while a future pending or confirmed booking exists, works once it is cancelled, and past bookings keep the car name', async () => {
    const staff = h.caller({ staff: true });
    const car = await newCar(h);
    const past = await adminBooking(h, { carId: car.id, from: -20, to: -17, status: 'completed' });
    const pending = await adminBooking(h, { carId: car.id, from: 3, to: 5, status: 'pending' });
    const confirmed = await adminBooking(h, { carId: car.id, from: 8, to: 9, status: 'confirmed' });

    await expectError(staff.cars.delete({ id: car.id }), 'CONFLICT', messages.errors.carHasBookings);
    await staff.bookings.updateStatus({ id: pending.id, status: 'cancelled' });
    await expectError(staff.cars.delete({ id: car.id }), 'CONFLICT', messages.errors.carHasBookings);
    await staff.bookings.updateStatus({ id: confirmed.id, status: 'cancelled' });
    expect(await h.caller().cars.byId({ id: car.id })).toEqual(car); // refusals left it in place

    await staff.cars.delete({ id: car.id });
    await expectError(h.caller().cars.byId({ id: car.id }), 'NOT_FOUND');
    expect((await h.caller().cars.list()).map((c) => c.id)).not.toContain(car.id);

    const kept = await staff.bookings.byId({ id: past.id });
    expect(kept.carId).toBeNull();
    expect(kept.carName).toBe(car.name);
    expect(kept.total).toBe(past.total);

    const entry = await auditEntry(h, 'car', car.id, 'car.delete');
    expect(entry).toMatchObject({ after: null, before: { id: car.id, name: car.name } });
  });

  it('is refused while a booking of the car is being made at that moment, instead of leaving that booking without a car', async () => {
    const car = await newCar(h);
    const booking = await openTransaction(h, (em) => adminBookingIn(h, em, { carId: car.id, from: 5, to: 7, email: uniqueEmail('racer'), name: 'Racing Renter', status: 'confirmed' }));
    const { running: deletion } = await startWhileLocked(h, () => h.caller({ staff: true }).cars.delete({ id: car.id }));
    await booking.commit();

    await expectError(deletion, 'CONFLICT', messages.errors.carHasBookings);
    expect(await h.caller({ staff: true }).bookings.byId({ id: booking.result.id })).toMatchObject({ carId: car.id, status: 'confirmed' });
    expect(await h.caller().cars.bookedDates({ carId: car.id })).toEqual([{ start: daysFromToday(5), end: daysFromToday(7) }]);
  });

  it('answers NOT_FOUND for an unknown car', async () => {
    await expectError(h.caller({ staff: true }).cars.delete({ id: randomUUID() }), 'NOT_FOUND');
  });
});

describe('car admin procedures without a session', () => {
  it('answer UNAUTHORIZED to the public and change nothing', async () => {
    const car = await newCar(h);
    const before = await h.caller().cars.list();
    const pub = h.caller();
    await expectError(pub.cars.create({ name: 'Sneaky Car', category: 'Van', dailyRate: '1000', image: 'hiace.png' }), 'UNAUTHORIZED', messages.errors.unauthorized);
    await expectError(pub.cars.update({ id: car.id, data: { dailyRate: '1' } }), 'UNAUTHORIZED');
    await expectError(pub.cars.delete({ id: car.id }), 'UNAUTHORIZED');
    expect(await h.caller().cars.list()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload } from '../../src/server/db/entities';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { computePrice } from '../../src/shared/pricing';
import { messages } from '../../src/shared/messages';
import type { TCar, TCarSearchResult } from '../../src/shared/schemas/car.schema';
import { daysFromToday, fileBytes, upload } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { adminBooking, expectError, issueMessages, newCar, publicBooking, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const search = (from: number, to: number, filters: Record<string, unknown> = {}) =>
  h.caller().cars.search({ pickupDate: daysFromToday(from), returnDate: daysFromToday(to), ...filters });

const ids = (results: TCarSearchResult[]) => results.map((car) => car.id);

describe('cars.search: which cars are free for the whole range', () => {
  let car: TCar;
  beforeAll(async () => {
    car = await newCar(h);
    // Holds days 10 through 13, both included.
    await adminBooking(h, { carId: car.id, from: 10, to: 13, status: 'confirmed' });
    // Neither a cancelled nor a completed booking holds its days.
    await adminBooking(h, { carId: car.id, from: 20, to: 22, status: 'cancelled' });
    await adminBooking(h, { carId: car.id, from: 25, to: 27, status: 'completed' });
    // A pending one does.
    await adminBooking(h, { carId: car.id, from: 40, to: 42, status: 'pending' });
  });

  it.each([
    ['ends the day before the booking starts', 5, 9, true],
    ['starts the day after the booking ends', 14, 17, true],
    ['returns on the day the booking starts', 7, 10, false],
    ['starts on the day the booking ends', 13, 16, false],
    ['lies inside the booking', 11, 12, false],
    ['covers the booking', 8, 15, false],
    ['covers only a cancelled booking', 19, 23, true],
    ['covers only a completed booking', 24, 28, true],
    ['touches a pending booking', 42, 44, false],
  ])('a range that %s finds the car %s', async (_what, from, to, free) => {
    expect(ids(await search(from, to)).includes(car.id)).toBe(free);
  });

  it('agrees with the exclusion constraint: a free range can be booked, a taken one cannot', async () => {
    expect(ids(await search(14, 17))).toContain(car.id);
    await adminBooking(h, { carId: car.id, from: 14, to: 17, status: 'pending' });
    expect(ids(await search(14, 17))).not.toContain(car.id);
    await expectError(adminBooking(h, { carId: car.id, from: 13, to: 14 }), 'CONFLICT', new RegExp(`^${messages.errors.datesTaken}: booking `));
  });

  it('leaves out a car that cannot be booked', async () => {
    const parked = await newCar(h, { available: false });
    expect(ids(await search(60, 62))).not.toContain(parked.id);
    expect(ids(await search(60, 62))).toContain(car.id);
  });

  it('prices each car for the range with the shared pricing module', async () => {
    const results = await search(30, 34);
    expect(results.length).toBeGreaterThanOrEqual(22);
    for (const result of results) {
      const price = computePrice({ dailyRate: result.dailyRate, pickupDate: daysFromToday(30), returnDate: daysFromToday(34) });
      expect(result.quote).toEqual({ totalDays: 4, subtotal: price.subtotal, insurance: price.insurance, total: price.total });
    }
    const mine = results.find((result) => result.id === car.id)!;
    expect(mine.quote).toEqual({ totalDays: 4, subtotal: '8000.00', insurance: '500.00', total: '8500.00' });
    // The rest of the answer is the car as the fleet list shows it.
    const { quote: _quote, ...asListed } = mine;
    expect(asListed).toEqual((await h.caller().cars.list()).find((listed) => listed.id === car.id));
  });
});

describe('cars.search filters and order', () => {
  let fleet: TCar[];
  beforeAll(async () => {
    fleet = (await h.caller().cars.list()).filter((car) => car.available);
  });

  it('keeps cars with at least the seats asked for', async () => {
    const results = await search(50, 52, { seats: 7 });
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.seats).toBeGreaterThanOrEqual(7);
    expect(ids(results).sort()).toEqual(fleet.filter((car) => car.seats >= 7).map((car) => car.id).sort());
  });

  it('keeps the transmission asked for', async () => {
    const results = await search(50, 52, { transmission: 'Manual' });
    expect(results.length).toBeGreaterThan(0);
    expect(ids(results).sort()).toEqual(fleet.filter((car) => car.transmission === 'Manual').map((car) => car.id).sort());
  });

  it('keeps one category, or any of several, in any case', async () => {
    const suvs = await search(50, 52, { category: 'premium suv' });
    expect(suvs.length).toBeGreaterThan(0);
    expect(new Set(suvs.map((car) => car.category))).toEqual(new Set(['Premium SUV']));
    const group = await search(50, 52, { category: 'Premium SUV,Adventure SUV,Pickup Truck' });
    expect(ids(group).sort()).toEqual(fleet.filter((car) => ['Premium SUV', 'Adventure SUV', 'Pickup Truck'].includes(car.category)).map((car) => car.id).sort());
  });

  it('combines the filters', async () => {
    const results = await search(50, 52, { seats: 7, transmission: 'Automatic', category: 'Adventure SUV' });
    expect(ids(results).sort()).toEqual(
      fleet.filter((car) => car.seats >= 7 && car.transmission === 'Automatic' && car.category === 'Adventure SUV').map((car) => car.id).sort(),
    );
  });

  it('orders by the lowest total, or by the most seats, else keeps the fleet order', async () => {
    const byPrice = await search(50, 53, { sort: 'price' });
    const totals = byPrice.map((car) => Number(car.quote.total));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const bySeats = await search(50, 53, { sort: 'seats' });
    const seats = bySeats.map((car) => car.seats);
    expect(seats).toEqual([...seats].sort((a, b) => b - a));
    const plain = await search(50, 53);
    expect(ids(plain)).toEqual(fleet.map((car) => car.id).filter((id) => ids(plain).includes(id)));
  });
});

describe('cars.search refuses a range that cannot be rented', () => {
  it.each([
    ['a pick-up in the past', -1, 2, messages.validation.pickupInPast],
    ['a pick-up more than a year ahead', 366, 368, messages.validation.tooFarAhead],
    ['a rental over 90 days', 5, 96, messages.validation.rentalTooLong({ max: 90 })],
    ['a return on the pick-up day', 5, 5, messages.validation.returnAfterPickup],
    ['a return before the pick-up', 5, 3, messages.validation.returnAfterPickup],
  ])('%s (BAD_REQUEST)', async (_what, from, to, message) => {
    const error = await expectError(search(from, to), 'BAD_REQUEST');
    expect([error.message, ...issueMessages(error)]).toContain(message);
  });

  it('refuses wrong types and unknown values, naming the field', async () => {
    const error = await expectError(
      h.caller().cars.search({ pickupDate: '2030-02-30', returnDate: daysFromToday(3), seats: 'many' as never, transmission: 'CVT' as never, category: 'Spaceship' }),
      'BAD_REQUEST',
    );
    expect(issueMessages(error)).toEqual(
      expect.arrayContaining([messages.validation.noSuchDate, messages.validation.seatsFilter, messages.validation.transmission, expect.stringMatching(/^Choose one of the categories/)]),
    );
  });
});

async function uploadRow(path: string) {
  return h.orm.em.fork().findOne(Upload, { objectKey: keyFromObjectPath(path) ?? '' });
}

describe('a car\'s pictures', () => {
  it('keeps several pictures in order, the first the cover, each upload sealed and owned by the car', async () => {
    const first = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
    const second = await upload(h, fileBytes('webp'), { kind: 'car-image', contentType: 'image/webp', staff: true });
    const car = await newCar(h, { image: undefined, images: [first, 'vios.jpg', second] });
    expect(car.images).toHaveLength(3);
    expect(car.images[1]).toBe('vios.jpg');
    expect(car.image).toBe(car.images[0]);
    for (const image of [car.images[0]!, car.images[2]!]) {
      expect(image).toMatch(/^\/objects\/public\//);
      expect((await uploadRow(image))?.attachedTo).toBe(`car:${car.id}`);
    }
    expect(car.images).not.toContain(first);

    // Reordered: nothing is attached again; the new first is the cover.
    const reordered = await h.caller({ staff: true }).cars.update({ id: car.id, data: { images: [car.images[2]!, car.images[0]!, 'vios.jpg'] } });
    expect(reordered.images).toEqual([car.images[2], car.images[0], 'vios.jpg']);
    expect(reordered.image).toBe(car.images[2]);

    // Removed: the picture is released (the clean-up deletes it later), the others stay.
    const removed = await h.caller({ staff: true }).cars.update({ id: car.id, data: { images: [car.images[2]!, 'vios.jpg'] } });
    expect(removed.images).toEqual([car.images[2], 'vios.jpg']);
    expect((await uploadRow(car.images[0]!))?.attachedTo).toBe('released');
    expect((await uploadRow(car.images[2]!))?.attachedTo).toBe(`car:${car.id}`);

    // The spec's single image replaces the cover and keeps the rest.
    const cover = await upload(h, fileBytes('jpeg'), { kind: 'car-image', contentType: 'image/jpeg', staff: true });
    const replaced = await h.caller({ staff: true }).cars.update({ id: car.id, data: { image: cover } });
    expect(replaced.images).toHaveLength(2);
    expect(replaced.images[1]).toBe('vios.jpg');
    expect(replaced.image).toMatch(/^\/objects\/public\//);
    expect((await uploadRow(car.images[2]!))?.attachedTo).toBe('released');
    // A car needs a picture.
    await expectError(h.caller({ staff: true }).cars.update({ id: car.id, data: { images: [] } }), 'BAD_REQUEST');
  });

  it('takes a picture from the spec\'s bare upload (no kind), checked as a car image when staff attach it', async () => {
    const bare = await upload(h, fileBytes('png', 7 * 1024 * 1024), { declare: false, staff: true });
    expect(bare).toMatch(/^\/objects\/private\//);
    expect((await uploadRow(bare))?.kind).toBe('unspecified');
    const car = await newCar(h, { image: bare });
    expect(car.image).toMatch(/^\/objects\/public\//);
    expect(await uploadRow(car.image)).toMatchObject({ kind: 'car-image', attachedTo: `car:${car.id}` });
    const served = await h.app.request(car.image);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/public/);

    // A PDF sent the same way is no car image: refused and deleted, the car unchanged.
    const pdf = await upload(h, fileBytes('pdf'), { declare: false, staff: true });
    await expectError(h.caller({ staff: true }).cars.update({ id: car.id, data: { images: [car.image, pdf] } }), 'BAD_REQUEST', messages.errors.carImageType);
    expect(await h.deps.storage.head(keyFromObjectPath(pdf)!)).toBeNull();
    expect((await h.caller().cars.byId({ id: car.id })).images).toEqual([car.image]);

    // It still becomes a document when a booking attaches it, checked by the document rules.
    const forBooking = await upload(h, fileBytes('png'), { declare: false });
    const { answer } = await publicBooking(h, car.id, { customer: { photoId1Url: forBooking }, booking: { pickupDate: daysFromToday(70), returnDate: daysFromToday(72) } });
    expect(answer.booking.photoId1Url).toMatch(/^\/objects\/private\//);
    expect(await uploadRow(answer.booking.photoId1Url!)).toMatchObject({ kind: 'document', attachedTo: `booking:${answer.booking.id}` });

    // A document upload asked for as such is still no car image.
    const document = await upload(h, fileBytes('png'));
    await expectError(newCar(h, { image: document }), 'BAD_REQUEST', messages.errors.uploadKind);
  });
});

describe('a car\'s slug', () => {
  it('comes from the name, is unique, follows a rename and keeps the former one for a redirect', async () => {
    const word = uniqueWord('Rush');
    const first = await newCar(h, { name: `Toyota ${word} 1.5 G` });
    expect(first.slug).toBe(`toyota-${word.toLowerCase()}-1-5-g`);
    const twin = await newCar(h, { name: `Toyota ${word} 1.5 G` });
    expect(twin.slug).toBe(`${first.slug}-2`);

    const renamed = await h.caller({ staff: true }).cars.update({ id: first.id, data: { name: `Toyota ${word} 1.5 GR-S` } });
    expect(renamed.slug).toBe(`toyota-${word.toLowerCase()}-1-5-gr-s`);
    let fleet = await h.deps.fleet.get();
    expect(fleet.formerSlugs.get(first.slug)).toBe(renamed.slug);

    // A change that keeps the name keeps the slug.
    expect((await h.caller({ staff: true }).cars.update({ id: first.id, data: { dailyRate: '2100' } })).slug).toBe(renamed.slug);

    // A new car of the old name takes the old slug over: current names win.
    const newcomer = await newCar(h, { name: `Toyota ${word} 1.5 G` });
    expect(newcomer.slug).toBe(first.slug);
    fleet = await h.deps.fleet.get();
    expect(fleet.formerSlugs.has(first.slug)).toBe(false);
  });

  it('keeps the booking\'s deposit as the car had it when booked', async () => {
    const car = await newCar(h, { deposit: '5500' });
    expect(car.deposit).toBe('5500.00');
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(80), returnDate: daysFromToday(82) } });
    expect(answer.booking.deposit).toBe('5500.00');
    // Collected at pick-up: not part of the total.
    expect(answer.booking.total).toBe('4500.00');
    await h.caller({ staff: true }).cars.update({ id: car.id, data: { deposit: '6000' } });
    const [kept] = (await h.orm.em.fork().getConnection().execute('select deposit from booking where id = ?', [answer.booking.id])) as Array<{ deposit: string }>;
    expect(kept!.deposit).toBe('5500.00');
  });

  it('takes the garage\'s deposit for a car without one of its own, on the site and at the desk', async () => {
    const car = await newCar(h, { deposit: '' });
    expect(car.deposit).toBe('0.00');
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(84), returnDate: daysFromToday(85) } });
    expect(answer.booking.deposit).toBe(h.deps.business.deposit);
    const desk = await adminBooking(h, { carId: car.id, from: 88, to: 89 });
    expect(desk.deposit).toBe(h.deps.business.deposit);
  });
});

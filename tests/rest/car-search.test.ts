import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { TCar, TCarSearchResult } from '../../src/shared/schemas/car.schema';
import { daysFromToday } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { call } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const range = () => ({ pickupDate: daysFromToday(30), returnDate: daysFromToday(33) });
const query = (params: Record<string, string>) => `/api/cars?${new URLSearchParams(params).toString()}`;

async function rowCounts(): Promise<string> {
  const rows = await h.orm.em.fork().getConnection().execute(`select (select count(*) from car) as cars, (select count(*) from booking) as bookings, (select count(*) from audit_entry) as audit`);
  return JSON.stringify(rows);
}

describe('GET /api/cars?pickupDate=&returnDate=', () => {
  it('answers the cars free for the range, each with its quote, exactly as tRPC cars.search does', async () => {
    const answer = await call<TCarSearchResult[]>(h, 'GET', query({ ...range(), seats: '7', sort: 'price' }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.body.length).toBeGreaterThan(0);
    for (const car of answer.body) {
      expect(car.seats).toBeGreaterThanOrEqual(7);
      expect(car.quote).toMatchObject({ totalDays: 3, insurance: '500.00' });
      expect(car.image).toBe(car.images[0]);
    }
    expect(answer.body).toEqual(await h.caller().cars.search({ ...range(), seats: 7, sort: 'price' }));
  });

  it('takes several categories, comma-separated, and blank filters as none', async () => {
    const answer = await call<TCarSearchResult[]>(h, 'GET', query({ ...range(), category: 'Van,VIP Van', transmission: '', seats: '' }));
    expect(answer.status).toBe(200);
    expect(new Set(answer.body.map((car) => car.category))).toEqual(new Set(['Van', 'VIP Van']));
  });

  it.each([
    ['a date that does not exist', { pickupDate: '2027-02-30', returnDate: '2027-03-02' }, 'pickupDate', messages.validation.noSuchDate],
    ['a date in another form', { pickupDate: '01/12/2027', returnDate: '2027-12-04' }, 'pickupDate', messages.validation.dateFormat],
    ['a return before the pick-up', { pickupDate: daysFromToday(10), returnDate: daysFromToday(9) }, 'returnDate', messages.validation.returnAfterPickup],
    ['a pick-up in the past', { pickupDate: daysFromToday(-3), returnDate: daysFromToday(2) }, 'pickupDate', messages.validation.pickupInPast],
    ['a pick-up more than a year ahead', { pickupDate: daysFromToday(400), returnDate: daysFromToday(402) }, 'pickupDate', messages.validation.tooFarAhead],
    ['a rental over 90 days', { pickupDate: daysFromToday(2), returnDate: daysFromToday(100) }, 'returnDate', messages.validation.rentalTooLong({ max: 90 })],
    ['seats that are not a number', { ...range(), seats: 'seven' }, 'seats', messages.validation.seatsFilter],
    ['seats over 60', { ...range(), seats: '61' }, 'seats', messages.validation.seatsFilter],
    ['seats in hexadecimal', { ...range(), seats: '0x10' }, 'seats', messages.validation.seatsFilter],
    ['seats in exponent form', { ...range(), seats: '1e1' }, 'seats', messages.validation.seatsFilter],
    ['seats with a sign', { ...range(), seats: '+5' }, 'seats', messages.validation.seatsFilter],
    ['a fraction of a seat', { ...range(), seats: '4.5' }, 'seats', messages.validation.seatsFilter],
    ['an unknown transmission', { ...range(), transmission: 'CVT' }, 'transmission', messages.validation.transmission],
    ['an unknown category', { ...range(), category: 'Spaceship' }, 'category', expect.stringMatching(/^Choose one of the categories/)],
    ['an unknown order', { ...range(), sort: 'random' }, 'sort', messages.validation.sort],
    ['filters without dates', { seats: '5' }, 'pickupDate', messages.validation.pickupDate],
    ['a pick-up date alone', { pickupDate: daysFromToday(3) }, 'returnDate', messages.validation.returnDate],
  ])('answers 400 naming the field for %s, changing nothing', async (_what, params, path, message) => {
    const before = await rowCounts();
    const answer = await call(h, 'GET', query(params as Record<string, string>));
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual(expect.arrayContaining([{ path, message }]));
    expect(await rowCounts()).toBe(before);
  });

  it('answers 400 for a malformed escape or a NUL in the query', async () => {
    expect((await call(h, 'GET', `/api/cars?pickupDate=%ED%A0%80&returnDate=${daysFromToday(4)}`)).status).toBe(400);
    expect((await call(h, 'GET', `/api/cars?pickupDate=${daysFromToday(3)}%00&returnDate=${daysFromToday(4)}`)).status).toBe(400);
  });
});

describe('GET /api/cars without search parameters', () => {
  it('answers the fleet as always, from its cache with its ETag, ignoring other parameters', async () => {
    const plain = await call<TCar[]>(h, 'GET', '/api/cars');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('etag')).toBeTruthy();
    expect(plain.body.length).toBeGreaterThanOrEqual(22);
    expect(plain.body.some((car) => 'quote' in car)).toBe(false);
    const busted = await call<TCar[]>(h, 'GET', '/api/cars?_=1700000000');
    expect(busted.body).toEqual(plain.body);
    expect(busted.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect((await h.app.request('/api/cars', { headers: { 'if-none-match': plain.headers.get('etag')! } })).status).toBe(304);
  });
});

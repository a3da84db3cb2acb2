import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInManila } from '../../src/shared/dates';
import { formatPeso } from '../../src/shared/money';
import { messages } from '../../src/shared/messages';
import { daysFromToday, fileBytes, upload, uploadDocuments } from '../utils/fixtures';
import { createHarness, TEST_API_TOKEN, type Harness } from '../utils/harness';
import {
  SPEC,
  UUID_PATTERN,
  availableCar,
  bookOk,
  call,
  expectUnchangedBy,
  fingerprint,
  listCars,
  pesos,
  rowsAdded,
} from './helpers';
import { takenBy } from '../integration/helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const staff = { staff: true } as const;

/** Non-overlapping date ranges for this file: [pickup, return], `days` apart. */
let nextDay = 3;
function dates(days = 2): { pickupDate: string; returnDate: string } {
  const start = nextDay;
  nextDay += days + 2;
  return { pickupDate: daysFromToday(start), returnDate: daysFromToday(start + days) };
}

async function latestAudit(): Promise<{ total: number; items: any[] }> {
  const answer = await call(h, 'GET', '/api/admin/audit?limit=5', undefined, staff);
  expect(answer.status).toBe(200);
  return answer.body;
}

const ADMIN_BOOKING_FIELDS = [
  'id',
  'customerName',
  'customerEmail',
  'carName',
  'pickupDate',
  'returnDate',
  'total',
  'amountPaid',
  'status',
  'wantsDelivery',
  'deliveryAddress',
  'driverService',
  'distanceService',
  'createdAt',
];

describe('GET /api/admin/bookings', () => {
  const made: any[] = [];
  beforeAll(async () => {
    const car = await availableCar(h, 0);
    for (const name of ['Aurora Lising', 'Bernardo Tan', 'Consuelo Yap']) {
      made.push(await bookOk(h, car.id, { customer: { fullName: name, email: `${name.split(' ')[0]!.toLowerCase()}@lists.example.com` }, booking: dates() }));
    }
    const confirm = await call(h, 'PATCH', `/api/admin/bookings/${made[1].booking.id}/status`, { status: 'confirmed' }, staff);
    expect(confirm.status).toBe(200);
  });

  it('answers an array of admin bookings with the spec fields and X-Total-Count', async () => {
    const answer = await call(h, 'GET', '/api/admin/bookings', undefined, staff);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    const total = Number(answer.headers.get('x-total-count'));
    expect(total).toBe(answer.body.length);
    expect(total).toBeGreaterThanOrEqual(3);
    for (const booking of answer.body) {
      for (const field of ADMIN_BOOKING_FIELDS) expect(booking, field).toHaveProperty(field);
    }
    const ours = answer.body.find((b: any) => b.id === made[0].booking.id);
    expect(ours).toMatchObject({ customerName: 'Aurora Lising', customerEmail: 'aurora@lists.example.com', total: made[0].booking.total, amountPaid: '0.00', status: 'pending' });
  });

  it('pages with limit and offset, keeping the full count in X-Total-Count', async () => {
    const all = await call(h, 'GET', '/api/admin/bookings', undefined, staff);
    const total = all.headers.get('x-total-count');
    const first = await call(h, 'GET', '/api/admin/bookings?limit=2&offset=0', undefined, staff);
    const second = await call(h, 'GET', '/api/admin/bookings?limit=2&offset=2', undefined, staff);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.headers.get('x-total-count')).toBe(total);
    expect(second.headers.get('x-total-count')).toBe(total);
    const ids = [...first.body, ...second.body].map((b: any) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(all.body.slice(0, ids.length).map((b: any) => b.id));
  });

  it('searches with q (customer name, e-mail or car) and filters by status', async () => {
    const byName = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent('bernardo')}`, undefined, staff);
    expect(byName.status).toBe(200);
    expect(byName.body.map((b: any) => b.id)).toEqual([made[1].booking.id]);
    expect(byName.headers.get('x-total-count')).toBe('1');

    const byEmail = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent('consuelo@lists')}`, undefined, staff);
    expect(byEmail.body.map((b: any) => b.id)).toEqual([made[2].booking.id]);

    const confirmed = await call(h, 'GET', '/api/admin/bookings?status=confirmed', undefined, staff);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.length).toBeGreaterThanOrEqual(1);
    expect(confirmed.body.every((b: any) => b.status === 'confirmed')).toBe(true);
    expect(confirmed.body.map((b: any) => b.id)).toContain(made[1].booking.id);
    expect(confirmed.headers.get('x-total-count')).toBe(String(confirmed.body.length));

    const none = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent('nobody-by-this-name')}`, undefined, staff);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it('searches by the start of the booking id, and by names that look like hex (e.g. "Abad")', async () => {
    const car = await availableCar(h, 12);
    const abad = await bookOk(h, car.id, { customer: { fullName: 'Dada Abad', email: 'dada.abad@lists.example.com' }, booking: dates() });
    const byId = await call(h, 'GET', `/api/admin/bookings?q=${made[2].booking.id.slice(0, 8)}`, undefined, staff);
    expect(byId.status).toBe(200);
    expect(byId.body.map((b: any) => b.id)).toContain(made[2].booking.id);
    const byName = await call(h, 'GET', '/api/admin/bookings?q=Abad', undefined, staff);
    expect(byName.status).toBe(200);
    expect(byName.body.map((b: any) => b.id)).toEqual([abad.booking.id]);
  });

  it('answers 400 with issues for a bad limit or status', async () => {
    // A page size or offset is written in digits: `0x10` or `1e2` is no number of a query, not 16 or 100.
    for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'status=lost', 'limit=0x10', 'limit=1e2', 'offset=2.5', 'limit=%2B5']) {
      const answer = await call(h, 'GET', `/api/admin/bookings?${query}`, undefined, staff);
      expect(answer.status, query).toBe(400);
      expect(answer.body.issues.length, query).toBeGreaterThan(0);
    }
  });

  it('reads an empty limit or offset as left out, as a form sending its empty fields does', async () => {
    const whole = await call(h, 'GET', '/api/admin/bookings', undefined, staff);
    for (const query of ['limit=', 'offset=', 'limit=&offset=', 'limit=%20']) {
      const answer = await call(h, 'GET', `/api/admin/bookings?${query}`, undefined, staff);
      expect(answer.status, query).toBe(200);
      expect(answer.body.map((b: { id: string }) => b.id), query).toEqual(whole.body.map((b: { id: string }) => b.id));
    }
  });
});

describe('GET /api/admin/customers', () => {
  beforeAll(async () => {
    for (const [fullName, email, phone] of [
      ['Dolores Manalo', 'dolores@customers.example.com', '0918 111 0001'],
      ['Eduardo Soriano', 'eduardo@customers.example.com', '0918 111 0002'],
      ['Felisa Navarro', 'felisa@customers.example.com', '0918 111 0003'],
    ] as const) {
      const answer = await call(h, 'POST', '/api/admin/customers', { fullName, email, phone }, staff);
      expect(answer.status).toBe(201);
    }
  });

  it('answers an array of customers with totals and history, and X-Total-Count', async () => {
    const answer = await call(h, 'GET', '/api/admin/customers', undefined, staff);
    expect(answer.status).toBe(200);
    expect(Number(answer.headers.get('x-total-count'))).toBe(answer.body.length);
    const dolores = answer.body.find((c: any) => c.email === 'dolores@customers.example.com');
    expect(dolores).toMatchObject({ fullName: 'Dolores Manalo', phone: '0918 111 0001', totals: { bookings: 0, total: '0.00', paid: '0.00', pending: '0.00' }, bookings: [] });
    expect(dolores.id).toMatch(UUID_PATTERN);
  });

  it('pages with limit and offset and searches by name, e-mail or phone', async () => {
    const total = (await call(h, 'GET', '/api/admin/customers', undefined, staff)).headers.get('x-total-count');
    const page = await call(h, 'GET', '/api/admin/customers?limit=1&offset=1', undefined, staff);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('x-total-count')).toBe(total);

    const byName = await call(h, 'GET', '/api/admin/customers?q=eduardo', undefined, staff);
    expect(byName.body.map((c: any) => c.fullName)).toEqual(['Eduardo Soriano']);
    const byPhone = await call(h, 'GET', `/api/admin/customers?q=${encodeURIComponent('111 0003')}`, undefined, staff);
    expect(byPhone.body.map((c: any) => c.fullName)).toEqual(['Felisa Navarro']);
    const byDomain = await call(h, 'GET', '/api/admin/customers?q=customers.example.com', undefined, staff);
    expect(byDomain.headers.get('x-total-count')).toBe('3');
  });
});

describe('GET /api/admin/blocked-names', () => {
  beforeAll(async () => {
    for (const fullName of ['Gregorio Blocked', 'Herminia Blocked', 'Isidro Blocked']) {
      expect((await call(h, 'POST', '/api/admin/blocked-names', { fullName, reason: 'test' }, staff)).status).toBe(201);
    }
  });

  it('answers an array of blocked names, newest first', async () => {
    const answer = await call(h, 'GET', '/api/admin/blocked-names', undefined, staff);
    expect(answer.status).toBe(200);
    const names = answer.body.map((row: any) => row.fullName);
    expect(names.indexOf('Isidro Blocked')).toBeLessThan(names.indexOf('Gregorio Blocked'));
    for (const row of answer.body) expect(Object.keys(row).sort()).toEqual(['blockedBy', 'createdAt', 'fullName', 'id', 'reason']);
  });

  it('pages with limit/offset and searches with q, with the count in X-Total-Count (like the other admin lists)', async () => {
    const all = await call(h, 'GET', '/api/admin/blocked-names', undefined, staff);
    expect(all.headers.get('x-total-count')).toBe(String(all.body.length));
    const page = await call(h, 'GET', '/api/admin/blocked-names?limit=1&offset=1', undefined, staff);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('x-total-count')).toBe(String(all.body.length));
    const search = await call(h, 'GET', '/api/admin/blocked-names?q=herminia', undefined, staff);
    expect(search.body.map((row: any) => row.fullName)).toEqual(['Herminia Blocked']);
  });
});

describe('admin cars', () => {
  it('adds a car with the spec defaults (POST 201), changes it (PUT) and deletes it (DELETE)', async () => {
    const image = await upload(h, fileBytes('jpeg', 4096), { kind: 'car-image', contentType: 'image/jpeg', staff: true });
    const created = await call(h, 'POST', '/api/admin/cars', { name: 'Suzuki Ertiga GLX', category: 'MPV', dailyRate: '2300', image }, staff);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Suzuki Ertiga GLX',
      category: 'MPV',
      dailyRate: '2300.00',
      seats: 5,
      transmission: 'Automatic',
      fuel: 'Gas',
      available: true,
      year: Number(todayInManila().slice(0, 4)),
    });
    // the picture is kept under a sealed public path of its own, which serves it
    expect(created.body.image).toMatch(/^\/objects\/public\/[0-9a-f-]{36}$/);
    expect(created.body.image).not.toBe(image);
    expect((await h.app.request(created.body.image as string)).status).toBe(200);
    const id = created.body.id as string;
    expect((await listCars(h)).map((c) => c.id)).toContain(id);

    const changed = await call(h, 'PUT', `/api/admin/cars/${id}`, { dailyRate: 2750, seats: 7, transmission: 'Manual', available: false }, staff);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Suzuki Ertiga GLX', dailyRate: '2750.00', seats: 7, transmission: 'Manual', available: false, image: created.body.image });
    expect((await listCars(h)).find((c) => c.id === id)).toMatchObject({ dailyRate: '2750.00', available: false });

    const deleted = await call(h, 'DELETE', `/api/admin/cars/${id}`, undefined, staff);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await listCars(h)).map((c) => c.id)).not.toContain(id);
    expect((await call(h, 'DELETE', `/api/admin/cars/${id}`, undefined, staff)).status).toBe(404);
    expect((await call(h, 'PUT', `/api/admin/cars/${id}`, { seats: 4 }, staff)).status).toBe(404);
  });

  it('accepts a bundled picture name as the image', async () => {
    const created = await call(h, 'POST', '/api/admin/cars', { name: 'Toyota Vios Spare', category: 'Compact Sedan', dailyRate: 1600, seats: 5, image: 'vios.jpg' }, staff);
    expect(created.status).toBe(201);
    expect(created.body.image).toBe('vios.jpg');
  });

  it('refuses a car without an image or with a bad rate (400 with issues), adding nothing', async () => {
    await expectUnchangedBy(h, async () => {
      const noImage = await call(h, 'POST', '/api/admin/cars', { name: 'No Picture', category: 'Compact Sedan', dailyRate: '2000' }, staff);
      expect(noImage.status).toBe(400);
      expect(noImage.body.issues).toEqual(expect.arrayContaining([{ path: 'image', message: 'Validation Error: Please upload a car image' }]));
      const badRate = await call(h, 'POST', '/api/admin/cars', { name: 'Bad Rate', category: 'Compact Sedan', dailyRate: 'lots', image: 'vios.jpg' }, staff);
      expect(badRate.status).toBe(400);
      expect(badRate.body.issues.map((i: any) => i.path)).toContain('dailyRate');
      const missing = await call(h, 'POST', '/api/admin/cars', {}, staff);
      expect(missing.status).toBe(400);
      expect(missing.body.issues.map((i: any) => i.path)).toEqual(expect.arrayContaining(['name', 'category', 'dailyRate', 'image']));
    });
  });

  it('deletes a car whose bookings are all cancelled; those bookings keep the car’s name', async () => {
    const created = await call(h, 'POST', '/api/admin/cars', { name: 'Retired Van', category: 'Van', dailyRate: 3000, seats: 12, image: 'vios.jpg' }, staff);
    const made = await bookOk(h, created.body.id, { booking: dates() });
    expect((await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/status`, { status: 'cancelled' }, staff)).status).toBe(200);
    const deleted = await call(h, 'DELETE', `/api/admin/cars/${created.body.id}`, undefined, staff);
    expect(deleted.status).toBe(200);
    const kept = await call(h, 'GET', `/api/admin/bookings/${made.booking.id}`, undefined, staff);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ carName: 'Retired Van', carId: null, status: 'cancelled' });
  });

  it('refuses to delete a car with a pending booking (409), changing nothing', async () => {
    const car = await availableCar(h, 1);
    await bookOk(h, car.id, { booking: dates() });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'DELETE', `/api/admin/cars/${car.id}`, undefined, staff);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: expect.any(String) });
    });
  });
});

describe('admin customers', () => {
  it('adds a customer from the spec body (201 {customer, booking:null}), changes it (PUT) and erases it (DELETE)', async () => {
    const created = await call(
      h,
      'POST',
      '/api/admin/customers',
      { fullName: 'Jovita Abad', email: 'Jovita@Example.com', phone: '0919 222 3333', address: 'Lucap, Alaminos City', license: 'N03-11-222333', licenseExpiry: '2028-05-31' },
      staff,
    );
    expect(created.status).toBe(201);
    expect(created.body.booking).toBeNull();
    expect(created.body.customer).toMatchObject({
      fullName: 'Jovita Abad',
      email: 'jovita@example.com',
      phone: '0919 222 3333',
      address: 'Lucap, Alaminos City',
      license: 'N03-11-222333',
      licenseExpiry: '2028-05-31',
      photoId1Url: null,
    });
    const id = created.body.customer.id as string;

    const changed = await call(h, 'PUT', `/api/admin/customers/${id}`, { phone: '0919 999 8888', address: '' }, staff);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ fullName: 'Jovita Abad', phone: '0919 999 8888', address: null, license: 'N03-11-222333' });

    const deleted = await call(h, 'DELETE', `/api/admin/customers/${id}`, undefined, staff);
    expect(deleted.status).toBe(200);
    // No booking to keep: the customer is gone.
    expect(deleted.body).toEqual({ ok: true, bookingsKept: 0 });
    expect((await call(h, 'GET', `/api/admin/customers/${id}`, undefined, staff)).status).toBe(404);
    expect((await call(h, 'DELETE', `/api/admin/customers/${id}`, undefined, staff)).status).toBe(404);
  });

  it('makes the initial booking with the customer when car, dates and total are given, in the renter’s language asked for', async () => {
    const car = await availableCar(h, 2);
    const range = dates(3);
    const created = await call(
      h,
      'POST',
      '/api/admin/customers',
      { fullName: 'Kiko Matsing', email: 'kiko@example.com', phone: '0920 123 4567', initialBooking: { carId: car.id, ...range, total: '9999.50', locale: 'fil' } },
      staff,
    );
    expect(created.status).toBe(201);
    expect(created.body.booking).toMatchObject({ carId: car.id, carName: car.name, ...range, total: '9999.50', status: 'confirmed', customerId: created.body.customer.id, source: 'admin', locale: 'fil' });
    expect((await call(h, 'GET', `/api/cars/${car.id}/booked-dates`)).body).toContainEqual({ start: range.pickupDate, end: range.returnDate });
  });

  it('adds neither customer nor booking when the initial booking overlaps another (409)', async () => {
    const car = await availableCar(h, 3);
    const range = dates(3);
    await bookOk(h, car.id, { booking: range });
    await expectUnchangedBy(h, async () => {
      const answer = await call(
        h,
        'POST',
        '/api/admin/customers',
        { fullName: 'Lorna Overlap', email: 'lorna@example.com', phone: '0920 765 4321', initialBooking: { carId: car.id, ...range, total: 5000 } },
        staff,
      );
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: SPEC.datesTaken });
    });
  });

  it('refuses a second customer with the same e-mail (409) and a delete while a booking is pending (409)', async () => {
    const car = await availableCar(h, 4);
    const made = await bookOk(h, car.id, { customer: { email: 'mario@example.com', fullName: 'Mario Delos Reyes' }, booking: dates() });
    const luigi = await call(h, 'POST', '/api/admin/customers', { fullName: 'Luigi Delos Reyes', email: 'luigi@example.com', phone: '0920 000 0001' }, staff);
    expect(luigi.status).toBe(201);
    await expectUnchangedBy(h, async () => {
      const duplicate = await call(h, 'POST', '/api/admin/customers', { fullName: 'Another Mario', email: 'MARIO@example.com', phone: '0920 000 0000' }, staff);
      expect(duplicate.status).toBe(409);
      const takeOver = await call(h, 'PUT', `/api/admin/customers/${luigi.body.customer.id}`, { email: 'mario@example.com' }, staff);
      expect(takeOver.status).toBe(409);
      const bad = await call(h, 'PUT', `/api/admin/customers/${luigi.body.customer.id}`, { email: 'nope', phone: '12' }, staff);
      expect(bad.status).toBe(400);
      expect(bad.body.issues.map((i: any) => i.path)).toEqual(expect.arrayContaining(['email', 'phone']));
      const remove = await call(h, 'DELETE', `/api/admin/customers/${made.customer.id}`, undefined, staff);
      expect(remove.status).toBe(409);
    });
  });
});

describe('admin bookings', () => {
  it('enters a booking from the spec payload with carName (201), keeping the agreed total', async () => {
    const car = await availableCar(h, 5);
    const range = dates(2);
    const answer = await call(
      h,
      'POST',
      '/api/admin/bookings',
      { customerEmail: 'nora@example.com', customerName: 'Nora Aunor', carName: car.name, ...range, total: 4321, status: 'confirmed' },
      staff,
    );
    expect(answer.status).toBe(201);
    const price = pesos(Number(car.dailyRate) * 2, 500);
    expect(answer.body).toMatchObject({
      carId: car.id,
      carName: car.name,
      customerName: 'Nora Aunor',
      customerEmail: 'nora@example.com',
      ...range,
      totalDays: 2,
      total: '4321.00',
      adjustment: pesos(4321, -Number(price)),
      status: 'confirmed',
      source: 'admin',
      amountPaid: '0.00',
    });
    const listed = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent('Nora Aunor')}`, undefined, staff);
    expect(listed.body.map((b: any) => b.id)).toEqual([answer.body.id]);
  });

  it('answers 404 for an unknown car name and 409 for taken days, adding nothing', async () => {
    const car = await availableCar(h, 6);
    const range = dates(2);
    const holder = await bookOk(h, car.id, { booking: range });
    await expectUnchangedBy(h, async () => {
      const unknown = await call(h, 'POST', '/api/admin/bookings', { customerEmail: 'x@example.com', customerName: 'Xavier', carName: 'Flying Carpet', ...dates(), total: 1000, status: 'pending' }, staff);
      expect(unknown.status).toBe(404);
      const taken = await call(h, 'POST', '/api/admin/bookings', { customerEmail: 'y@example.com', customerName: 'Yolanda', carName: car.name, ...range, total: 1000, status: 'pending' }, staff);
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ message: takenBy(holder.booking) });
      expect(taken.body.message.startsWith(`${SPEC.datesTaken}: booking ${holder.booking.reference} (`)).toBe(true);
    });
  });

  it('changes the status (PATCH /status) to each of the four values', async () => {
    const car = await availableCar(h, 7);
    const made = await bookOk(h, car.id, { booking: dates() });
    for (const status of ['confirmed', 'completed', 'cancelled', 'pending'] as const) {
      const answer = await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/status`, { status }, staff);
      expect(answer.status, status).toBe(200);
      expect(answer.body.status).toBe(status);
    }
    const bad = await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/status`, { status: 'lost' }, staff);
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: any) => i.path)).toContain('status');
    expect((await call(h, 'PATCH', '/api/admin/bookings/00000000-0000-4000-8000-000000000000/status', { status: 'confirmed' }, staff)).status).toBe(404);
  });

  it('refuses a status change decided from a status the booking no longer has (409, expectedStatus), changing nothing', async () => {
    const car = await availableCar(h, 7);
    const made = await bookOk(h, car.id, { booking: dates() });
    const path = `/api/admin/bookings/${made.booking.id}/status`;
    // Cancelled (by the renter, another person) after a page showed it pending.
    expect((await call(h, 'PATCH', path, { status: 'cancelled' }, staff)).status).toBe(200);
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'PATCH', path, { status: 'confirmed', expectedStatus: 'pending' }, staff);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: messages.errors.statusChangedMeanwhile({ status: 'Cancelled' }) });
    });
    // The same status again is no change, whatever was expected; from the status it has, a change goes through.
    expect((await call(h, 'PATCH', path, { status: 'cancelled', expectedStatus: 'pending' }, staff)).body.status).toBe('cancelled');
    const reopened = await call(h, 'PATCH', path, { status: 'confirmed', expectedStatus: 'cancelled' }, staff);
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('confirmed');
    const bad = await call(h, 'PATCH', path, { status: 'pending', expectedStatus: 'lost' }, staff);
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: any) => i.path)).toContain('expectedStatus');
  });

  it('refuses to re-activate a cancelled booking whose days were taken since (409), changing nothing', async () => {
    const car = await availableCar(h, 8);
    const range = dates(3);
    const first = await bookOk(h, car.id, { booking: range });
    expect((await call(h, 'PATCH', `/api/admin/bookings/${first.booking.id}/status`, { status: 'cancelled' }, staff)).status).toBe(200);
    const second = await bookOk(h, car.id, { booking: range });
    await expectUnchangedBy(h, async () => {
      for (const status of ['pending', 'confirmed']) {
        const answer = await call(h, 'PATCH', `/api/admin/bookings/${first.booking.id}/status`, { status }, staff);
        expect(answer.status, status).toBe(409);
        expect(answer.body).toEqual({ message: takenBy(second.booking) });
      }
    });
  });

  it('moves a booking (PATCH /dates), re-pricing it, and refuses days that are taken (409)', async () => {
    const car = await availableCar(h, 9);
    const made = await bookOk(h, car.id, { booking: dates(2) });
    const other = dates(2);
    const holder = await bookOk(h, car.id, { booking: other });
    const target = dates(4);
    const moved = await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/dates`, target, staff);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ...target, totalDays: 4, subtotal: pesos(Number(car.dailyRate) * 4), total: pesos(Number(car.dailyRate) * 4, 500) });
    expect((await call(h, 'GET', `/api/cars/${car.id}/booked-dates`)).body).toContainEqual({ start: target.pickupDate, end: target.returnDate });

    await expectUnchangedBy(h, async () => {
      const clash = await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/dates`, other, staff);
      expect(clash.status).toBe(409);
      expect(clash.body).toEqual({ message: takenBy(holder.booking) });
      const inverted = await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/dates`, { pickupDate: target.returnDate, returnDate: target.pickupDate }, staff);
      expect(inverted.status).toBe(400);
      expect(inverted.body.issues.map((i: any) => i.path)).toContain('returnDate');
    });
  });

  it('refuses (409) new dates on which an agreed discount would leave a total of zero or less, changing nothing', async () => {
    const car = await availableCar(h, 11);
    const range = dates(4);
    // Four days agreed at 600 pesos in all: a discount far above one day's price.
    const made = await call(h, 'POST', '/api/admin/bookings', { customerEmail: 'discount@example.com', customerName: 'Dina Discount', carName: car.name, ...range, total: 600, status: 'confirmed' }, staff);
    expect(made.status).toBe(201);
    expect(Number(made.body.adjustment)).toBeLessThan(-Number(car.dailyRate));
    const oneDay = { pickupDate: range.pickupDate, returnDate: addDays(range.pickupDate, 1) };
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'PATCH', `/api/admin/bookings/${made.body.id}/dates`, oneDay, staff);
      expect(answer.status).toBe(409);
      // One day's price, plus the same adjustment: 600 - 3 days' rate.
      expect(answer.body).toEqual({ message: messages.errors.totalNotAboveZero({ total: formatPeso(pesos(600, -3 * Number(car.dailyRate))) }) });
    });
  });

  it('records payments as a ledger (PATCH /payment {amount}); amountPaid sums; above balance 400; nothing due 409', async () => {
    const car = await availableCar(h, 10);
    const made = await bookOk(h, car.id, { booking: dates(2) });
    const id = made.booking.id as string;
    const total = made.booking.total as string;

    const first = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: 1000 }, staff);
    expect(first.status).toBe(200);
    expect(first.body.booking.amountPaid).toBe('1000.00');
    expect(first.body.payment).toMatchObject({ bookingId: id, amount: '1000.00', method: 'cash', note: null });

    const second = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: '500.50', method: 'gcash', note: 'ref 12345' }, staff);
    expect(second.status).toBe(200);
    expect(second.body.booking.amountPaid).toBe('1500.50');
    expect(second.body.booking.balance).toBe(pesos(total, -1500.5));

    const ledger = await call(h, 'GET', `/api/admin/bookings/${id}/payments`, undefined, staff);
    expect(ledger.status).toBe(200);
    expect(ledger.body.map((p: any) => [p.amount, p.method, p.note])).toEqual([
      ['1000.00', 'cash', null],
      ['500.50', 'gcash', 'ref 12345'],
    ]);
    const listed = await call(h, 'GET', '/api/admin/bookings?limit=500', undefined, staff);
    expect(listed.body.find((b: any) => b.id === id).amountPaid).toBe('1500.50');

    const balance = pesos(total, -1500.5);
    await expectUnchangedBy(h, async () => {
      const above = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: pesos(balance, 0.01) }, staff);
      expect(above.status).toBe(400);
      expect(above.body.issues.map((i: any) => i.path)).toContain('amount');
      for (const amount of [0, -5, 'abc', null]) {
        const bad = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount }, staff);
        expect(bad.status, String(amount)).toBe(400);
      }
      const missing = await call(h, 'PATCH', '/api/admin/bookings/00000000-0000-4000-8000-000000000000/payment', { amount: 1 }, staff);
      expect(missing.status).toBe(404);
    });

    const rest = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: balance }, staff);
    expect(rest.status).toBe(200);
    expect(rest.body.booking).toMatchObject({ amountPaid: total, balance: '0.00' });

    await expectUnchangedBy(h, async () => {
      const nothingDue = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: 1 }, staff);
      expect(nothingDue.status).toBe(409);
    });
    expect((await call(h, 'GET', `/api/admin/bookings/${id}/payments`, undefined, staff)).body).toHaveLength(3);
  });

  it('voids a payment entered by mistake: POST .../payments/{paymentId}/void with a reason; bad input and a second void change nothing', async () => {
    const car = await availableCar(h, 10);
    const made = await bookOk(h, car.id, { booking: dates(2) });
    const id = made.booking.id as string;
    const typo = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: 1000 }, staff);
    const paymentId = typo.body.payment.id as string;
    const path = `/api/admin/bookings/${id}/payments/${paymentId}/void`;

    await expectUnchangedBy(h, async () => {
      for (const body of [{}, { reason: '' }, { reason: 42 }, { reason: 'x'.repeat(301) }, { reason: 'ok\u202Egnp.exe' }]) {
        const bad = await call(h, 'POST', path, body, staff);
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
      expect((await call(h, 'POST', `/api/admin/bookings/${id}/payments/not-a-uuid/void`, { reason: 'Typed twice' }, staff)).status).toBe(400);
      expect((await call(h, 'POST', `/api/admin/bookings/${id}/payments/00000000-0000-4000-8000-000000000000/void`, { reason: 'Typed twice' }, staff)).status).toBe(404);
    });

    const voided = await call(h, 'POST', path, { reason: 'Typed twice' }, staff);
    expect(voided.status).toBe(200);
    expect(voided.body.booking.amountPaid).toBe('0.00');
    expect(voided.body.payment).toMatchObject({ id: paymentId, voidReason: 'Typed twice', voidedBy: expect.any(String), voidedAt: expect.any(String) });
    const ledger = await call(h, 'GET', `/api/admin/bookings/${id}/payments`, undefined, staff);
    expect(ledger.body).toEqual([expect.objectContaining({ id: paymentId, amount: '1000.00', voidReason: 'Typed twice' })]);

    await expectUnchangedBy(h, async () => {
      const again = await call(h, 'POST', path, { reason: 'Typed twice' }, staff);
      expect(again.status).toBe(409);
    });
  });

  it('reads a payment written with thousands separators ("1,000.50") as the same amount; a misplaced comma is 400 and records nothing', async () => {
    const car = await availableCar(h, 10);
    const made = await bookOk(h, car.id, { booking: dates(3) });
    const id = made.booking.id as string;
    await expectUnchangedBy(h, async () => {
      for (const amount of ['1,00', '10,00,000', '1,000,', '1.000,50']) {
        const bad = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount }, staff);
        expect(bad.status, amount).toBe(400);
        expect(bad.body.issues.map((i: any) => i.path), amount).toContain('amount');
      }
    });
    const paid = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: '1,000.50' }, staff);
    expect(paid.status).toBe(200);
    expect(paid.body.payment.amount).toBe('1000.50');
    expect(paid.body.booking.amountPaid).toBe('1000.50');
  });

  it('refuses a payment on a cancelled booking (409)', async () => {
    const car = await availableCar(h, 10);
    const made = await bookOk(h, car.id, { booking: dates() });
    expect((await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/status`, { status: 'cancelled' }, staff)).status).toBe(200);
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/payment`, { amount: 100 }, staff);
      expect(answer.status).toBe(409);
    });
  });
});

describe('admin blocklist', () => {
  it('blocks a name (POST 201: trimmed, empty reason null, blockedBy admin), refuses a duplicate (409), unblocks (DELETE)', async () => {
    const created = await call(h, 'POST', '/api/admin/blocked-names', { fullName: '  Pedro   Penduko ', reason: '   ', blockedBy: '' }, staff);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ fullName: 'Pedro Penduko', reason: null, blockedBy: 'admin' });
    expect(created.body.id).toMatch(UUID_PATTERN);

    const named = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Quintin Dizon', reason: ' unpaid balance ', blockedBy: 'Ate Joy' }, staff);
    expect(named.body).toMatchObject({ fullName: 'Quintin Dizon', reason: 'unpaid balance', blockedBy: 'Ate Joy' });

    await expectUnchangedBy(h, async () => {
      const duplicate = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'PEDRO penduko' }, staff);
      expect(duplicate.status).toBe(409);
      const empty = await call(h, 'POST', '/api/admin/blocked-names', { fullName: '   ' }, staff);
      expect(empty.status).toBe(400);
      expect(empty.body.issues).toContainEqual({ path: 'fullName', message: 'Full name is required' });
    });

    const removed = await call(h, 'DELETE', `/api/admin/blocked-names/${created.body.id}`, undefined, staff);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    const list = await call(h, 'GET', '/api/admin/blocked-names', undefined, staff);
    expect(list.body.map((row: any) => row.id)).not.toContain(created.body.id);
    expect((await call(h, 'GET', '/api/blocked-names/check?name=Pedro%20Penduko')).body).toEqual({ isBlocked: false });
    expect((await call(h, 'DELETE', `/api/admin/blocked-names/${created.body.id}`, undefined, staff)).status).toBe(404);
  });
});

describe('GET /api/admin/customers/export.csv', () => {
  it('answers a CSV file named with today’s date, the spec’s header row, and N/A for a missing license', async () => {
    expect((await call(h, 'POST', '/api/admin/customers', { fullName: 'Rosario Nolicense', email: 'rosario@csv.example.com', phone: '0921 000 1111' }, staff)).status).toBe(201);
    const car = await availableCar(h, 11);
    await bookOk(h, car.id, { customer: { fullName: 'Santiago Withcar', email: 'santiago@csv.example.com', license: 'N04-22-000111' }, booking: dates() });

    const answer = await call<string>(h, 'GET', '/api/admin/customers/export.csv', undefined, staff);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="customers-${todayInManila()}.csv"`);
    const lines = answer.body.split(/\r?\n/);
    expect(lines[0]).toBe(SPEC.csvHeader);
    const rosario = lines.find((line) => line.startsWith('Rosario Nolicense,'));
    expect(rosario).toMatch(/^Rosario Nolicense,rosario@csv\.example\.com,0921 000 1111,N\/A,0,0\.00,/);
    const santiago = lines.find((line) => line.startsWith('Santiago Withcar,'));
    expect(santiago).toMatch(/^Santiago Withcar,santiago@csv\.example\.com,[^,]+,N04-22-000111,1,\d+\.\d{2},/);
    expect(santiago).toContain(car.name);
  });

  it('counts in Total Spent the payments received, not unpaid or cancelled bookings', async () => {
    const car = await availableCar(h, 12);
    const email = 'paying@csv.example.com';
    // Confirmed as they come: an address may hold only two unconfirmed bookings.
    const bookConfirmed = async (days: number) => {
      const made = await bookOk(h, car.id, { customer: { fullName: 'Lourdes Partpaid', email }, booking: dates(days) });
      expect((await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/status`, { status: 'confirmed' }, staff)).status).toBe(200);
      return made;
    };
    const first = await bookConfirmed(2);
    const second = await bookConfirmed(4);
    const third = await bookConfirmed(6);
    const spent = async () => {
      const csv = (await call<string>(h, 'GET', '/api/admin/customers/export.csv', undefined, staff)).body;
      return csv.split(/\r?\n/).find((line) => line.includes(email))?.split(',').slice(4, 6);
    };
    // Three bookings, nothing paid: nothing spent.
    expect(await spent()).toEqual(['3', '0.00']);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${first.booking.id}/payment`, { amount: '1000' }, staff)).status).toBe(200);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${second.booking.id}/payment`, { amount: '250.50' }, staff)).status).toBe(200);
    expect(await spent()).toEqual(['3', '1250.50']);
    // The third, cancelled without a payment, changes nothing; as the customer card's "Paid".
    expect((await call(h, 'PATCH', `/api/admin/bookings/${third.booking.id}/status`, { status: 'cancelled' }, staff)).status).toBe(200);
    expect(await spent()).toEqual(['3', '1250.50']);
    const card = await call(h, 'GET', `/api/admin/customers?q=${encodeURIComponent(email)}`, undefined, staff);
    expect(card.body[0].totals.paid).toBe('1250.50');
  });

  it('starts with the UTF-8 byte order mark, so a spreadsheet opened by a double click reads accented and other non-ASCII names right', async () => {
    expect((await call(h, 'POST', '/api/admin/customers', { fullName: 'José Peña-Ñiguez 李', email: 'pena@csv.example.com', phone: '0917 000 4444' }, staff)).status).toBe(201);
    const response = await h.app.request('/api/admin/customers/export.csv', { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split(/\r?\n/)[0]).toBe(SPEC.csvHeader);
    expect(text).toContain('José Peña-Ñiguez 李,pena@csv.example.com,');
  });

  it('quotes commas and quotes, and neutralises spreadsheet formulas', async () => {
    expect((await call(h, 'POST', '/api/admin/customers', { fullName: 'Dela Cruz, "Jun"', email: 'jun@csv.example.com', phone: '+63 917 000 2222' }, staff)).status).toBe(201);
    expect((await call(h, 'POST', '/api/admin/customers', { fullName: '=HYPERLINK("http://evil.example")', email: 'formula@csv.example.com', phone: '0917 000 3333' }, staff)).status).toBe(201);
    const csv = (await call<string>(h, 'GET', '/api/admin/customers/export.csv', undefined, staff)).body;
    expect(csv).toContain('"Dela Cruz, ""Jun""",jun@csv.example.com,+63 917 000 2222,N/A,0,0.00,');
    const formulaLine = csv.split(/\r?\n/).find((line) => line.includes('formula@csv.example.com'));
    expect(formulaLine).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",/);
  });
});

describe('GET /api/admin/overview', () => {
  it('answers the dashboard figures, consistent with the lists', async () => {
    const answer = await call(h, 'GET', '/api/admin/overview', undefined, staff);
    expect(answer.status).toBe(200);
    const cars = await listCars(h);
    const bookings = await call(h, 'GET', '/api/admin/bookings?limit=1', undefined, staff);
    const pending = await call(h, 'GET', '/api/admin/bookings?limit=1&status=pending', undefined, staff);
    const customers = await call(h, 'GET', '/api/admin/customers?limit=1', undefined, staff);
    expect(answer.body).toMatchObject({
      totalCars: cars.length,
      availableCars: cars.filter((c) => c.available).length,
      totalBookings: Number(bookings.headers.get('x-total-count')),
      pendingBookings: Number(pending.headers.get('x-total-count')),
      totalCustomers: Number(customers.headers.get('x-total-count')),
    });
    expect(answer.body.totalEarnings).toMatch(/^\d+\.\d{2}$/);
    expect(answer.body.pendingRevenue).toMatch(/^\d+\.\d{2}$/);
    expect(answer.body.recentBookings).toHaveLength(5);
    expect(answer.body.recentBookings[0].id).toBe(bookings.body[0].id);
    expect(answer.body.fleetStatus).toHaveLength(5);
  });
});

describe('GET /api/admin/audit', () => {
  it('records every admin change: who, what, before and after', async () => {
    const expectEntry = async (action: string, entityType: string, change: () => Promise<{ status: number }>, expectedStatus: number) => {
      const before = await latestAudit();
      const answer = await change();
      expect(answer.status, action).toBe(expectedStatus);
      const after = await latestAudit();
      expect(after.total, `${action} writes one entry`).toBe(before.total + 1);
      expect(after.items[0]).toMatchObject({ action, entityType, actor: expect.any(String) });
      expect(after.items[0].id).toMatch(UUID_PATTERN);
      return after.items[0];
    };

    const car = await call(h, 'POST', '/api/admin/cars', { name: 'Audit Car', category: 'Compact Sedan', dailyRate: 1000, image: 'vios.jpg' }, staff);
    let entry = (await latestAudit()).items[0];
    expect(entry).toMatchObject({ action: 'car.create', entityType: 'car', entityId: car.body.id, before: null, after: expect.objectContaining({ name: 'Audit Car' }) });

    entry = await expectEntry('car.update', 'car', () => call(h, 'PUT', `/api/admin/cars/${car.body.id}`, { dailyRate: 1100 }, staff), 200);
    expect(entry.before).toMatchObject({ dailyRate: '1000.00' });
    expect(entry.after).toMatchObject({ dailyRate: '1100.00' });

    let customerId = '';
    await expectEntry(
      'customer.create',
      'customer',
      async () => {
        const answer = await call(h, 'POST', '/api/admin/customers', { fullName: 'Teresa Audit', email: 'teresa@audit.example.com', phone: '0922 000 1111' }, staff);
        customerId = answer.body.customer.id;
        return answer;
      },
      201,
    );
    await expectEntry('customer.update', 'customer', () => call(h, 'PUT', `/api/admin/customers/${customerId}`, { phone: '0922 000 2222' }, staff), 200);
    await expectEntry('customer.documents', 'customer', async () => call(h, 'PUT', `/api/customers/${customerId}/documents`, await uploadDocuments(h), staff), 200);

    let bookingId = '';
    await expectEntry(
      'booking.create',
      'booking',
      async () => {
        const answer = await call(h, 'POST', '/api/admin/bookings', { customerEmail: 'teresa@audit.example.com', customerName: 'Teresa Audit', carName: 'Audit Car', ...dates(), total: 5000, status: 'pending' }, staff);
        bookingId = answer.body.id;
        return answer;
      },
      201,
    );
    entry = await expectEntry('booking.status', 'booking', () => call(h, 'PATCH', `/api/admin/bookings/${bookingId}/status`, { status: 'confirmed' }, staff), 200);
    expect(entry.before).toMatchObject({ status: 'pending' });
    expect(entry.after).toMatchObject({ status: 'confirmed' });
    await expectEntry('booking.dates', 'booking', () => call(h, 'PATCH', `/api/admin/bookings/${bookingId}/dates`, dates(3), staff), 200);
    await expectEntry('payment.create', 'payment', () => call(h, 'PATCH', `/api/admin/bookings/${bookingId}/payment`, { amount: 100 }, staff), 200);
    await expectEntry('booking.status', 'booking', () => call(h, 'PATCH', `/api/admin/bookings/${bookingId}/status`, { status: 'completed' }, staff), 200);

    let blockedId = '';
    await expectEntry(
      'blocked_name.create',
      'blocked_name',
      async () => {
        const answer = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Ulysses Audit' }, staff);
        blockedId = answer.body.id;
        return answer;
      },
      201,
    );
    await expectEntry('blocked_name.delete', 'blocked_name', () => call(h, 'DELETE', `/api/admin/blocked-names/${blockedId}`, undefined, staff), 200);
    await expectEntry('customer.erase', 'customer', () => call(h, 'DELETE', `/api/admin/customers/${customerId}`, undefined, staff), 200);
    entry = await expectEntry('car.delete', 'car', () => call(h, 'DELETE', `/api/admin/cars/${car.body.id}`, undefined, staff), 200);
    expect(entry.after).toBeNull();

    const onlyCars = await call(h, 'GET', '/api/admin/audit?entityType=car&limit=500', undefined, staff);
    expect(onlyCars.status).toBe(200);
    expect(onlyCars.body.items.length).toBeGreaterThan(0);
    expect(onlyCars.body.items.every((item: any) => item.entityType === 'car')).toBe(true);
  });

  it('audits a change to an existing customer made through an admin booking (or leaves the customer as is)', async () => {
    const car = await availableCar(h, 13);
    const made = await bookOk(h, car.id, { customer: { fullName: 'Original Name', email: 'rename@audit.example.com' }, booking: dates() });
    const before = await latestAudit();
    const entered = await call(
      h,
      'POST',
      '/api/admin/bookings',
      { customerEmail: 'rename@audit.example.com', customerName: 'Someone Else', carName: car.name, ...dates(), status: 'pending' },
      staff,
    );
    expect(entered.status).toBe(201);
    const customer = await call(h, 'GET', `/api/admin/customers/${made.customer.id}`, undefined, staff);
    if (customer.body.fullName !== 'Original Name') {
      const entries = (await call(h, 'GET', '/api/admin/audit?entityType=customer&limit=50', undefined, staff)).body.items as any[];
      const customerEntry = entries.find((entry) => entry.entityId === made.customer.id && entry.at >= before.items[0].at);
      expect(customerEntry, 'the customer was renamed by an admin booking without an audit entry').toBeDefined();
      expect(customerEntry.before).toMatchObject({ fullName: 'Original Name' });
    }
  });

  it('pages by cursor without a total, the same entries as by offset, and refuses a cursor it did not give out', async () => {
    const byOffset = await call(h, 'GET', '/api/admin/audit?limit=4', undefined, staff);
    expect(byOffset.body.total).toBeGreaterThan(4);
    const first = await call(h, 'GET', '/api/admin/audit?limit=2&cursor=', undefined, staff);
    expect(first.status).toBe(200);
    expect(first.body).not.toHaveProperty('total');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call(h, 'GET', `/api/admin/audit?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, undefined, staff);
    expect([...first.body.items, ...second.body.items].map((e: any) => e.id)).toEqual(byOffset.body.items.map((e: any) => e.id));

    const forged = await call(h, 'GET', '/api/admin/audit?cursor=bm90IGEgY3Vyc29y', undefined, staff);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(messages.errors.badCursor);
    const both = await call(h, 'GET', '/api/admin/audit?cursor=&offset=10', undefined, staff);
    expect(both.status).toBe(400);
    expect(both.body.issues).toEqual([{ path: 'offset', message: messages.errors.cursorWithOffset }]);
  });

  it('writes no entry for a refused change', async () => {
    const before = await fingerprint(h);
    const refused = await call(h, 'PUT', '/api/admin/cars/00000000-0000-4000-8000-000000000000', { seats: 4 }, staff);
    expect(refused.status).toBe(404);
    expect(rowsAdded(before, await fingerprint(h))).toEqual({});
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { expectError } from '../integration/helpers';
import { daysFromToday, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { availableCar, bookOk, call, signIn, type CallOptions } from './helpers';

let h: Harness;
let owner: CallOptions;
let bookingId: string;
beforeAll(async () => {
  h = await createHarness();
  owner = { cookie: (await signIn(h)).cookie! };
  bookingId = (await bookOk(h, (await availableCar(h, 0)).id)).booking.id;
});
afterAll(() => h.close());

const staff = { staff: true } as const;

/**
 * Ids of the right shape (8-4-4-4-12 hex) that name no record, whatever their version and variant
 * digits: PostgreSQL's uuid type takes them all.
 */
const UNKNOWN_IDS = [
  '00000000-0000-0000-0000-000000000001',
  // Version digit 0, variant digit 0: no RFC 9562 UUID.
  '3f2b8c1e-9a4d-0c2e-1b3a-5d6e7f8a9b0c',
  'ffffffff-ffff-ffff-ffff-fffffffffffe',
  '00000000-0000-0000-0000-000000000000',
  randomUUID(),
];

/** Ids of the wrong shape. */
const MALFORMED_IDS = ['not-a-uuid', '12345', '3f2b8c1e9a4d0c2e1b3a5d6e7f8a9b0c', '3f2b8c1e-9a4d-0c2e-1b3a-5d6e7f8a9b0g', '3f2b8c1e-9a4d-0c2e-1b3a-5d6e7f8a9b0c0', '%7B3f2b8c1e-9a4d-0c2e-1b3a-5d6e7f8a9b0c%7D'];

interface IdPath {
  kind: string;
  method: string;
  /** The documented path; the id fills `param` (`id` unless said), a booking's id any other `{id}`. */
  path: string;
  param?: string;
  body?: () => Promise<unknown> | unknown;
  options?: () => CallOptions;
}

const PATHS: IdPath[] = [
  { kind: 'car', method: 'GET', path: '/api/cars/{carId}/booked-dates', param: 'carId' },
  { kind: 'car', method: 'PUT', path: '/api/admin/cars/{id}', body: () => ({ dailyRate: '2600' }) },
  { kind: 'car', method: 'DELETE', path: '/api/admin/cars/{id}' },
  { kind: 'booking', method: 'GET', path: '/api/admin/bookings/{id}' },
  { kind: 'booking', method: 'GET', path: '/api/admin/bookings/{id}/payments' },
  { kind: 'booking', method: 'PATCH', path: '/api/admin/bookings/{id}/status', body: () => ({ status: 'confirmed' }) },
  { kind: 'booking', method: 'PATCH', path: '/api/admin/bookings/{id}/payment', body: () => ({ amount: 100 }) },
  { kind: 'payment', method: 'POST', path: '/api/admin/bookings/{id}/payments/{paymentId}/void', param: 'paymentId', body: () => ({ reason: 'Typed twice' }) },
  { kind: 'customer', method: 'GET', path: '/api/admin/customers/{id}' },
  { kind: 'customer', method: 'PUT', path: '/api/admin/customers/{id}', body: () => ({ fullName: 'Nobody Here', email: 'nobody.here@example.com', phone: '09170000011' }) },
  { kind: 'customer', method: 'DELETE', path: '/api/admin/customers/{id}' },
  { kind: 'documents', method: 'PUT', path: '/api/customers/{id}/documents', body: () => uploadDocuments(h) },
  { kind: 'blocked name', method: 'DELETE', path: '/api/admin/blocked-names/{id}' },
  { kind: 'staff account', method: 'PUT', path: '/api/admin/staff/{id}', body: () => ({ name: 'Nobody Here' }), options: () => owner },
  { kind: 'staff account', method: 'POST', path: '/api/admin/staff/{id}/disable', options: () => owner },
  { kind: 'session', method: 'DELETE', path: '/api/admin/account/sessions/{id}', options: () => owner },
];

function fill(route: IdPath, id: string): string {
  const param = route.param ?? 'id';
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === param ? id : bookingId));
}

describe('a path id of the right shape that names nothing answers 404; one of another shape answers 400', () => {
  for (const route of PATHS) {
    it(`${route.method} ${route.path} (${route.kind})`, async () => {
      for (const id of UNKNOWN_IDS) {
        const answer = await call(h, route.method, fill(route, id), await route.body?.(), route.options?.() ?? staff);
        expect(answer.status, `${id}: ${JSON.stringify(answer.body)}`).toBe(404);
        expect(answer.body).toEqual({ message: expect.any(String) });
      }
      for (const id of MALFORMED_IDS) {
        const answer = await call(h, route.method, fill(route, id), await route.body?.(), route.options?.() ?? staff);
        expect(answer.status, `${id}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.issues, id).toContainEqual({ path: route.param ?? 'id', message: 'Expected a UUID' });
      }
    });
  }
});

describe('the same ids through tRPC', () => {
  it('answers NOT_FOUND for an unknown id of any version, BAD_REQUEST for a malformed one', async () => {
    const caller = h.caller({ staff: true });
    const calls: Array<[name: string, run: (id: string) => Promise<unknown>, notFound: string]> = [
      ['cars.byId', (id) => caller.cars.byId({ id }), messages.errors.carNotFound],
      ['cars.bookedDates', (id) => caller.cars.bookedDates({ carId: id }), messages.errors.carNotFound],
      ['bookings.byId', (id) => caller.bookings.byId({ id }), messages.errors.bookingNotFound],
      ['customers.byId', (id) => caller.customers.byId({ id }), messages.errors.customerNotFound],
      ['blocklist.unblock', (id) => caller.blocklist.unblock({ id }), messages.errors.blockedNameNotFound],
    ];
    for (const [, run, notFound] of calls) {
      for (const id of UNKNOWN_IDS) await expectError(run(id), 'NOT_FOUND', notFound);
      for (const id of ['not-a-uuid', '3f2b8c1e-9a4d-0c2e-1b3a-5d6e7f8a9b0g']) await expectError(run(id), 'BAD_REQUEST');
    }
  });

  it('a booking made with a car id of the right shape that names no car answers 404, not 400', async () => {
    const answer = await call(h, 'POST', '/api/bookings', {
      customer: { fullName: 'Unknown Car Renter', email: 'unknown.car@example.com', phone: '09171234568', license: 'N02', ...(await uploadDocuments(h)) },
      booking: { carId: '00000000-0000-0000-0000-000000000001', pickupDate: daysFromToday(30), returnDate: daysFromToday(32) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body).toEqual({ message: messages.errors.carNotFound });
  });
});

describe('an id written in capitals', () => {
  it('names the same record as in small letters, as PostgreSQL reads it', async () => {
    const car = await availableCar(h, 0);
    const booking = await call(h, 'GET', `/api/admin/bookings/${bookingId.toUpperCase()}`, undefined, staff);
    expect(booking.body.id, JSON.stringify(booking.body)).toBe(bookingId);
    expect((await call(h, 'GET', `/api/cars/${car.id.toUpperCase()}/booked-dates`)).status).toBe(200);
    const byId = await call(h, 'GET', `/api/cars/${car.id.toUpperCase()}`);
    expect(byId.body.id, JSON.stringify(byId.body)).toBe(car.id);
  });

  it('signing the current session out by its id in capitals signs this browser out', async () => {
    const session = { cookie: (await signIn(h)).cookie! };
    const sessions = await call(h, 'GET', '/api/admin/account/sessions', undefined, session);
    const current = sessions.body.find((s: { current: boolean }) => s.current).id as string;
    const ended = await call(h, 'DELETE', `/api/admin/account/sessions/${current.toUpperCase()}`, undefined, session);
    expect(ended.status).toBe(200);
    expect(ended.headers.get('set-cookie') ?? '', 'the session cookie is cleared').toMatch(/^rental_session=;.*Max-Age=0/i);
  });
});

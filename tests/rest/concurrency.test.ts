import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, daysFromToday, uploadDocuments } from '../utils/fixtures';
import { createHarness, TEST_API_TOKEN, type Harness } from '../utils/harness';
import { SPEC, availableCar, call, fingerprint, renter } from './helpers';
import { takenBy } from '../integration/helpers';

/**
 * 50 requests for the same car and days at the same moment, over real sockets to the real app:
 * PostgreSQL's exclusion constraint (and the services' locking) must let exactly one through.
 */
const N = 50;

let h: Harness;
let server: ServerType;
let base: string;

beforeAll(async () => {
  h = await createHarness();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await h?.close();
});

async function send(method: string, path: string, body: unknown, staff = false): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: base };
  if (staff) headers.authorization = `Bearer ${TEST_API_TOKEN}`;
  const response = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Starts every request only once all are ready, so they reach the server together. */
async function together<T>(makers: Array<() => Promise<T>>): Promise<T[]> {
  let go!: () => void;
  const gate = new Promise<void>((resolve) => (go = resolve));
  const running = makers.map(async (make) => {
    await gate;
    return make();
  });
  go();
  return Promise.all(running);
}

async function activeBookingsOf(carId: string): Promise<number> {
  const rows = (await h.orm.em
    .fork()
    .getConnection()
    .execute(`select count(*)::int as n from booking where car_id = ? and status in ('pending', 'confirmed')`, [carId])) as Array<{ n: number }>;
  return Number(rows[0]?.n);
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const status of statuses) out[status] = (out[status] ?? 0) + 1;
  return out;
}

describe(`${N} simultaneous requests for one car's overlapping days`, () => {
  it('public bookings: exactly one 201, 49 × 409 with the spec message, one booking row, one new customer', async () => {
    const car = await availableCar(h, 0);
    const payloads = [];
    for (let i = 0; i < N; i += 1) {
      const documents = await uploadDocuments(h);
      payloads.push(
        bookingPayload(car.id, documents, {
          customer: renter('race'),
          booking: { pickupDate: daysFromToday(20 + (i % 3)), returnDate: daysFromToday(24 + (i % 2)) },
        }),
      );
    }
    const before = await fingerprint(h);
    const answers = await together(payloads.map((payload) => () => send('POST', '/api/bookings', payload)));

    expect(tally(answers.map((a) => a.status))).toEqual({ 201: 1, 409: N - 1 });
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toEqual({ message: SPEC.datesTaken });
    expect(await activeBookingsOf(car.id)).toBe(1);
    const after = await fingerprint(h);
    expect(after.booking.rows - before.booking.rows).toBe(1);
    expect(after.customer.rows - before.customer.rows).toBe(1);
    // The winner's three documents are sealed to the booking; the refused renters' stay unattached, free for the clean-up.
    const attached = (await h.orm.em
      .fork()
      .getConnection()
      .execute(
        `select attached_to like 'booking:%' as owned, attached_to = 'sealed' as sealed, count(*)::int as n from upload
          where attached_to is not null and created_at >= now() - interval '10 minutes' group by 1, 2 order by 1, 2`,
      )) as Array<{ owned: boolean; sealed: boolean; n: number }>;
    expect(attached.map((row) => [row.owned, row.sealed, Number(row.n)])).toEqual([
      [false, true, 3],
      [true, false, 3],
    ]);
  }, 120_000);

  it('re-activating cancelled bookings (PATCH /status): exactly one 200, 49 × 409, one active booking', async () => {
    const car = await availableCar(h, 1);
    const ids: string[] = [];
    for (let i = 0; i < N; i += 1) {
      const made = await send(
        'POST',
        '/api/admin/bookings',
        { customerEmail: `reactivate-${i}@example.com`, customerName: `Reactivate ${i}`, carName: car.name, pickupDate: daysFromToday(40 + (i % 4)), returnDate: daysFromToday(45), total: 1000, status: 'pending' },
        true,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.id as string);
      expect((await send('PATCH', `/api/admin/bookings/${made.body.id}/status`, { status: 'cancelled' }, true)).status).toBe(200);
    }
    expect(await activeBookingsOf(car.id)).toBe(0);

    const answers = await together(ids.map((id, i) => () => send('PATCH', `/api/admin/bookings/${id}/status`, { status: i % 2 ? 'confirmed' : 'pending' }, true)));

    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 1, 409: N - 1 });
    // Each refusal names the booking that won the days (staff are told which).
    const winner = answers.find((a) => a.status === 200)!.body;
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toEqual({ message: takenBy(winner) });
    expect(await activeBookingsOf(car.id)).toBe(1);
  }, 120_000);

  it('re-dating bookings onto the same free days (PATCH /dates): exactly one 200, 49 × 409, the others keep their days', async () => {
    const car = await availableCar(h, 2);
    const ids: string[] = [];
    for (let i = 0; i < N; i += 1) {
      const made = await send(
        'POST',
        '/api/admin/bookings',
        { customerEmail: `redate-${i}@example.com`, customerName: `Redate ${i}`, carName: car.name, pickupDate: daysFromToday(100 + 4 * i), returnDate: daysFromToday(101 + 4 * i), total: 1000, status: 'confirmed' },
        true,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      ids.push(made.body.id as string);
    }
    const target = { pickupDate: daysFromToday(320), returnDate: daysFromToday(323) };

    const answers = await together(ids.map((id) => () => send('PATCH', `/api/admin/bookings/${id}/dates`, target, true)));

    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 1, 409: N - 1 });
    const winner = ids[answers.findIndex((a) => a.status === 200)]!;
    const booked = await call(h, 'GET', `/api/cars/${car.id}/booked-dates`);
    expect(booked.body).toHaveLength(N);
    expect(booked.body).toContainEqual({ start: target.pickupDate, end: target.returnDate });
    for (const [i, id] of ids.entries()) {
      if (id === winner) continue;
      expect(booked.body, `booking ${i} kept its days`).toContainEqual({ start: daysFromToday(100 + 4 * i), end: daysFromToday(101 + 4 * i) });
    }
    expect(await activeBookingsOf(car.id)).toBe(N);
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { IdempotencyKey } from '../../src/server/db/entities';
import { forgetExpiredKeys } from '../../src/server/services/idempotency.service';
import { IDEMPOTENCY_KEY_HOURS } from '../../src/shared/schemas/booking.schema';
import { bookingPayload, daysFromToday, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { openTransaction, sessionsWaitingOnALock } from '../integration/helpers';
import { availableCar, call, expectUnchangedBy, fingerprint, pesos, renter, rowsAdded } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => clock.reset());
afterAll(() => h.close());

/** A valid booking request of a renter of its own on the `car`-th available car, `day` days ahead for two days. */
async function request(car: number, day: number) {
  const carId = (await availableCar(h, car)).id;
  return bookingPayload(carId, await uploadDocuments(h), { customer: renter('idem'), booking: { pickupDate: daysFromToday(day), returnDate: daysFromToday(day + 2) } });
}

const post = (body: unknown, key?: string) => call(h, 'POST', '/api/bookings', body, key === undefined ? {} : { headers: { 'idempotency-key': key } });

/**
 * Sends `bodies` with `key` while the key table is locked, so that every request has found the key
 * unused and gone on before the first can record it; the lock goes once all of them wait.
 */
async function atOnce(bodies: unknown[], key: string) {
  const gate = await openTransaction(h, (em) => em.execute('lock table idempotency_key in exclusive mode'));
  const answers = Promise.all(bodies.map((body) => post(body, key)));
  await expect.poll(() => sessionsWaitingOnALock(h), { timeout: 10_000 }).toBe(bodies.length);
  await gate.commit();
  return answers;
}

async function keyRows(key: string) {
  return h.orm.em.fork().find(IdempotencyKey, { key });
}

describe('POST /api/bookings with an Idempotency-Key', () => {
  it('answers a retry with the booking the first request made: one booking, one pair of e-mails, the same reference', async () => {
    const body = await request(0, 20);
    const key = randomUUID();
    const before = await fingerprint(h);
    const first = await post(body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await post(body, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.booking).toEqual(first.body.booking);
    expect(retry.body.customer).toEqual(first.body.customer);
    expect(retry.body.documentToken).toEqual(expect.stringContaining(first.body.booking.id));
    expect(rowsAdded(before, await fingerprint(h))).toEqual({ customer: 1, booking: 1, mail_message: 2, idempotency_key: 1 });
    // The retry's document token works like the first one's.
    const documents = await uploadDocuments(h);
    const replaced = await call(h, 'PUT', `/api/customers/${first.body.customer.id}/documents`, documents, { headers: { 'x-document-token': retry.body.documentToken } });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
  });

  it('makes one booking of simultaneous requests with one key: each answers it', async () => {
    const body = await request(1, 30);
    const key = randomUUID();
    const before = await fingerprint(h);
    const answers = await atOnce([body, body, body], key);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(new Set(answers.map((answer) => answer.body.booking.id)).size).toBe(1);
    expect(rowsAdded(before, await fingerprint(h))).toEqual({ customer: 1, booking: 1, mail_message: 2, idempotency_key: 1 });
  });

  it('answers the booking as it is now: a retry after staff confirmed it shows it confirmed', async () => {
    const body = await request(2, 40);
    const key = randomUUID();
    const first = await post(body, key);
    expect(first.status).toBe(201);
    const confirmed = await call(h, 'PATCH', `/api/admin/bookings/${first.body.booking.id}/status`, { status: 'confirmed' }, { staff: true });
    expect(confirmed.status).toBe(200);
    const retry = await post(body, key);
    expect(retry.status).toBe(201);
    expect(retry.body.booking).toMatchObject({ id: first.body.booking.id, status: 'confirmed' });
  });

  it('refuses (422) the key with a different request, changing nothing, also when that request could be booked', async () => {
    const key = randomUUID();
    const first = await post(await request(3, 50), key);
    expect(first.status).toBe(201);
    const other = await request(3, 60);
    const refused = await expectUnchangedBy(h, () => post(other, key));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('This Idempotency-Key was already used for a different booking request. Send a new key with a new request.');
    expect(await keyRows(key)).toEqual([expect.objectContaining({ booking: expect.objectContaining({ id: first.body.booking.id }) })]);
    // Without the key the same request is a booking of its own.
    expect((await post(other)).status).toBe(201);
  });

  it('refuses (422) the key with a different request sent at the same moment, which books nothing', async () => {
    const key = randomUUID();
    const before = await fingerprint(h);
    const answers = await atOnce([await request(4, 70), await request(4, 80)], key);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(rowsAdded(before, await fingerprint(h))).toEqual({ customer: 1, booking: 1, mail_message: 2, idempotency_key: 1 });
    expect(await keyRows(key)).toHaveLength(1);
  });

  it('keeps no key for a refused request: the retry is booked once the days are free', async () => {
    const body = await request(5, 90);
    const holder = await post({ ...(await request(5, 90)) });
    expect(holder.status).toBe(201);
    const key = randomUUID();
    const refused = await post(body, key);
    expect(refused.status).toBe(409);
    expect(await keyRows(key)).toEqual([]);
    const cancelled = await call(h, 'PATCH', `/api/admin/bookings/${holder.body.booking.id}/status`, { status: 'cancelled' }, { staff: true });
    expect(cancelled.status).toBe(200);
    const retry = await post(body, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.booking.id).not.toBe(holder.body.booking.id);
  });

  it(`forgets a key after ${IDEMPOTENCY_KEY_HOURS} hours: it may then name a new request, and the housekeeping deletes it`, async () => {
    const key = randomUUID();
    const first = await post(await request(6, 100), key);
    expect(first.status).toBe(201);
    clock.advance(IDEMPOTENCY_KEY_HOURS * 3_600_000 - 60_000);
    expect(await forgetExpiredKeys(h.deps)).toBe(0);
    expect((await post(await request(6, 110), key)).status).toBe(422);
    clock.advance(120_000);
    const second = await post(await request(6, 120), key);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.booking.id).not.toBe(first.body.booking.id);
    expect(await keyRows(key)).toEqual([expect.objectContaining({ booking: expect.objectContaining({ id: second.body.booking.id }) })]);

    const old = randomUUID();
    expect((await post(await request(6, 130), old)).status).toBe(201);
    clock.advance(IDEMPOTENCY_KEY_HOURS * 3_600_000 + 60_000);
    expect(await forgetExpiredKeys(h.deps)).toBeGreaterThanOrEqual(2);
    expect(await keyRows(old)).toEqual([]);
    expect(await keyRows(key)).toEqual([]);
  });

  it('goes with its renter: once the owner erases the customer, the key is free for a new request', async () => {
    const key = randomUUID();
    const first = await post(await request(7, 140), key);
    expect(first.status).toBe(201);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${first.body.booking.id}/status`, { status: 'cancelled' }, { staff: true })).status).toBe(200);
    const erased = await call(h, 'DELETE', `/api/admin/customers/${first.body.customer.id}`, undefined, { staff: true });
    expect(erased.body).toEqual({ ok: true, bookingsKept: 1 });
    expect(await keyRows(key)).toEqual([]);
    const again = await post(await request(7, 150), key);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'my key'],
    ['with a tab', 'my\tkey'],
    ['with a Latin-1 letter', 'cl\u00e9'],
  ])('refuses (400) a key %s, changing nothing', async (_what, key) => {
    const body = await request(8, 150);
    const refused = await expectUnchangedBy(h, () => post(body, key));
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'idempotency-key', message: 'An Idempotency-Key is 1 to 255 visible ASCII characters (no spaces)' }]);
  });

  it('takes a key of 255 visible ASCII characters', async () => {
    const key = `${'!~'.repeat(127)}z`;
    expect(key).toHaveLength(255);
    const body = await request(8, 160);
    const first = await post(body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await post(body, key)).body.booking.id).toBe(first.body.booking.id);
  });
});

describe('bookings.create (the site’s form) with idempotencyKey', () => {
  it('shares the key with the REST path: the same request answers the same booking', async () => {
    const body = await request(9, 170);
    const key = randomUUID();
    const rest = await post(body, key);
    expect(rest.status).toBe(201);
    const form = await h.caller().bookings.create({ ...body, idempotencyKey: key });
    expect(form.booking.id).toBe(rest.body.booking.id);
    expect(form.booking.reference).toBe(rest.body.booking.reference);
  });

  it('refuses a malformed key and a reused one with the same messages', async () => {
    const body = await request(9, 180);
    await expect(h.caller().bookings.create({ ...body, idempotencyKey: 'has space' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const key = randomUUID();
    await h.caller().bookings.create({ ...body, idempotencyKey: key });
    await expect(h.caller().bookings.create({ ...(await request(9, 190)), idempotencyKey: key })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'This Idempotency-Key was already used for a different booking request. Send a new key with a new request.',
    });
  });
});

describe('PATCH /api/admin/bookings/{id}/payment with an Idempotency-Key', () => {
  const staff = { staff: true } as const;
  const pay = (bookingId: string, body: unknown, key: string) => call(h, 'PATCH', `/api/admin/bookings/${bookingId}/payment`, body, { ...staff, headers: { 'idempotency-key': key } });

  /** A new booking of its own to pay, and its id. */
  async function booking(day: number): Promise<string> {
    const made = await post(await request(1, day));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.booking.id as string;
  }

  it('answers a retry with the row the first recorded: the money once, one e-mail', async () => {
    const id = await booking(300);
    const key = randomUUID();
    const before = await fingerprint(h);
    const first = await pay(id, { amount: '1000', method: 'gcash' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await pay(id, { amount: 1000, method: 'gcash' }, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.payment).toEqual(first.body.payment);
    expect(retry.body.booking.amountPaid).toBe('1000.00');
    expect(rowsAdded(before, await fingerprint(h))).toEqual({ payment: 1, mail_message: 1, audit_entry: 1, idempotency_key: 1 });
  });

  it('records one row of simultaneous requests with one key, each answering it', async () => {
    const id = await booking(304);
    const key = randomUUID();
    const gate = await openTransaction(h, (em) => em.execute('lock table idempotency_key in exclusive mode'));
    const answers = Promise.all([1, 2, 3].map(() => pay(id, { amount: '500' }, key)));
    await expect.poll(() => sessionsWaitingOnALock(h), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await gate.commit();
    const settled = await answers;
    expect(settled.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(settled.map((answer) => answer.body.payment.id)).size).toBe(1);
    expect((await call(h, 'GET', `/api/admin/bookings/${id}/payments`, undefined, staff)).body).toHaveLength(1);
  });

  it('refuses (422) the key with another amount, another booking, or one a booking request used, recording nothing', async () => {
    const id = await booking(308);
    const other = await booking(312);
    const key = randomUUID();
    expect((await pay(id, { amount: '700' }, key)).status).toBe(200);
    await expectUnchangedBy(h, async () => {
      for (const [bookingId, body] of [
        [id, { amount: '701' }],
        [other, { amount: '700' }],
        [id, { amount: '700', kind: 'refund' }],
      ] as const) {
        const reused = await pay(bookingId, body, key);
        expect(reused.status, JSON.stringify(body)).toBe(422);
      }
    });
    const bookingKey = randomUUID();
    expect((await post(await request(2, 316), bookingKey)).status).toBe(201);
    await expectUnchangedBy(h, async () => {
      expect((await pay(id, { amount: '100' }, bookingKey)).status).toBe(422);
      expect((await post(await request(2, 320), key)).status).toBe(422);
    });
  });

  it('keeps no key for a refused payment: the retry is recorded once the amount fits', async () => {
    const id = await booking(324);
    const key = randomUUID();
    const total = (await call(h, 'GET', `/api/admin/bookings/${id}`, undefined, staff)).body.total as string;
    expect((await pay(id, { amount: pesos(total, 1) }, key)).status).toBe(400);
    expect(await keyRows(key)).toEqual([]);
    expect((await pay(id, { amount: pesos(total, 1) }, key)).status).toBe(400);
    const paid = await call(h, 'PATCH', `/api/admin/bookings/${id}/payment`, { amount: '100' }, { ...staff, headers: { 'idempotency-key': key } });
    expect(paid.status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { CustomerDeletion } from '../../src/server/db/entities';
import { messages } from '../../src/shared/messages';
import { daysFromToday, uniquePhone } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { expectError } from '../integration/helpers';
import { availableCar, call, expectUnchangedBy, followCursor, renter, syncPage } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
// The clock only moves forward in this file: a test's changes are never after a later test's instant.
afterAll(async () => {
  clock.reset();
  await h.close();
});

const staff = { staff: true } as const;
const MINUTE = 60_000;

/** A booking staff enter for `carId` from `from` days ahead, for a new renter or the one at `email`. */
async function enter(carId: string, from: number, email = renter('sync').email): Promise<{ id: string; customerId: string; email: string }> {
  const body = { customerEmail: email, customerName: 'Sync Renter', customerPhone: uniquePhone(), carId, pickupDate: daysFromToday(from), returnDate: daysFromToday(from + 2), status: 'pending' };
  const answer = await call(h, 'POST', '/api/admin/bookings', body, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.id, customerId: answer.body.customerId, email };
}

const changedCustomers = (query: string) => syncPage(h, '/api/admin/customers', query);
const since = (instant: string) => `updatedSince=${encodeURIComponent(instant)}`;

describe('GET /api/admin/customers?updatedSince=', () => {
  it('answers the customers whose record or bookings changed at or after the instant, oldest change first, each page after the last', async () => {
    const car = await availableCar(h, 0);
    const [untouched, paid, edited, rebooked] = await Promise.all([30, 34, 38, 42].map((from) => enter(car.id, from)));
    clock.advance(MINUTE);
    const from = clock.now().toISOString();
    // Changed in this order, a minute apart: a payment on a booking, the record, a new booking.
    expect((await call(h, 'PATCH', `/api/admin/bookings/${paid!.id}/payment`, { amount: 500 }, staff)).status).toBe(200);
    clock.advance(MINUTE);
    expect((await call(h, 'PUT', `/api/admin/customers/${edited!.customerId}`, { phone: uniquePhone() }, staff)).status).toBe(200);
    clock.advance(MINUTE);
    const second = await enter(car.id, 46, rebooked!.email);

    const list = await changedCustomers(since(from));
    expect(list.ids).toEqual([paid!.customerId, edited!.customerId, rebooked!.customerId]);
    expect(list.ids).not.toContain(untouched!.customerId);
    expect(list.total).toBe(3);
    const stamps = list.rows.map((customer) => customer.updatedAt);
    expect(stamps.every((stamp) => stamp >= from)).toBe(true);
    // Each answer shows the change that brought it: the payment, the second booking; its stamp is the booking's.
    const [paidRow, , rebookedRow] = list.rows;
    expect(paidRow!.totals.paid).toBe('500.00');
    expect(paidRow!.updatedAt).toBe((await call(h, 'GET', `/api/admin/bookings/${paid!.id}`, undefined, staff)).body.updatedAt);
    expect(rebookedRow!.bookings.map((booking: { id: string }) => booking.id).sort()).toEqual([rebooked!.id, second.id].sort());

    // Page by page, the same rows in the same order.
    const pages = [];
    for (const offset of [0, 1, 2, 3]) pages.push(...(await changedCustomers(`${since(from)}&limit=1&offset=${offset}`)).ids);
    expect(pages).toEqual(list.ids);

    // At or after: the instant of a change finds that change; the same instant in Manila's offset too.
    const editedStamp = stamps[1]!;
    expect((await changedCustomers(since(editedStamp))).ids).toEqual([edited!.customerId, rebooked!.customerId]);
    const manila = new Date(new Date(editedStamp).getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    expect((await changedCustomers(since(manila))).ids).toEqual([edited!.customerId, rebooked!.customerId]);

    // With a search.
    expect((await changedCustomers(`${since(from)}&q=${encodeURIComponent(rebooked!.email)}`)).ids).toEqual([rebooked!.customerId]);
  });

  it('lists the customer of every booking the bookings sync lists since the instant, both records of a booking moved between them', async () => {
    const car = await availableCar(h, 1);
    const [moved, kept, target, dated] = await Promise.all([30, 34, 38, 42].map((from) => enter(car.id, from)));
    // The record the moved booking leaves keeps a booking of its own.
    await enter(car.id, 46, moved!.email);
    clock.advance(MINUTE);
    const from = clock.now().toISOString();
    expect((await call(h, 'PATCH', `/api/admin/bookings/${kept!.id}/status`, { status: 'confirmed' }, staff)).status).toBe(200);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${dated!.id}/dates`, { pickupDate: daysFromToday(43), returnDate: daysFromToday(45) }, staff)).status).toBe(200);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${moved!.id}/email`, { email: target!.email }, staff)).status).toBe(200);

    const bookings = await syncPage(h, '/api/admin/bookings', since(from));
    const customers = await changedCustomers(since(from));
    expect(bookings.ids.sort()).toEqual([moved!.id, kept!.id, dated!.id].sort());
    expect(customers.ids.sort()).toEqual([moved!.customerId, kept!.customerId, target!.customerId, dated!.customerId].sort());
    for (const booking of bookings.rows) expect(customers.ids).toContain(booking.customerId);
  });

  it('an instant in the future is no error: nothing has changed since', async () => {
    await enter((await availableCar(h, 2)).id, 30);
    const later = new Date(clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(await changedCustomers(since(later))).toMatchObject({ ids: [], total: 0 });
  });

  it('answers 400 naming the parameter for anything but a date and time with its offset, and changes nothing', async () => {
    await expectUnchangedBy(h, async () => {
      for (const value of ['yesterday', '2026-11-28', '2026-11-28T09:30:00', '2026-02-30T09:30:00Z', '1764322200', '2026-11-28 09:30:00Z', '']) {
        const answer = await call(h, 'GET', `/api/admin/customers?${since(value)}`, undefined, staff);
        expect(answer.status, value).toBe(400);
        expect(answer.body.issues, value).toEqual([{ path: 'updatedSince', message: 'Expected a date and time with its offset, such as 2026-11-28T09:30:00Z or 2026-11-28T17:30:00+08:00' }]);
      }
      const list = h.caller({ staff: true }).customers.list;
      await expectError(list({ updatedSince: 1764322200 as unknown as string }), 'BAD_REQUEST');
      await expectError(list({ updatedSince: '2026-11-28T09:30:00' }), 'BAD_REQUEST');
    });
  });

  it('the tRPC list takes it too', async () => {
    const made = await enter((await availableCar(h, 3)).id, 60);
    clock.advance(MINUTE);
    const from = clock.now().toISOString();
    await h.caller({ staff: true }).bookings.updateStatus({ id: made.id, status: 'cancelled' });
    const page = await h.caller({ staff: true }).customers.list({ updatedSince: from });
    expect(page.items.map((customer) => customer.id)).toEqual([made.customerId]);
    expect(page.items[0]!.totals).toMatchObject({ bookings: 1, total: '0.00' });
    expect(page.total).toBe(1);
  });
});

describe('GET /api/admin/customers?after=<cursor>', () => {
  it('pages on after the last customer read: one whose booking changes meanwhile comes again at the end and none is skipped', async () => {
    const car = await availableCar(h, 4);
    const made = await Promise.all([30, 34, 38].map((from) => enter(car.id, from)));
    clock.advance(MINUTE);
    const from = clock.now().toISOString();
    for (const booking of made) {
      clock.advance(MINUTE);
      expect((await call(h, 'PATCH', `/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' }, staff)).status).toBe(200);
    }
    const [first, second, third] = made.map((booking) => booking.customerId);
    const start = await changedCustomers(`${since(from)}&limit=1`);
    expect(start).toMatchObject({ ids: [first], total: 3 });
    const payFirst = async () => {
      clock.advance(MINUTE);
      expect((await call(h, 'PATCH', `/api/admin/bookings/${made[0]!.id}/payment`, { amount: 500 }, staff)).status).toBe(200);
    };
    const read = await followCursor(h, '/api/admin/customers', start.nextCursor!, { meanwhile: (page) => (page === 1 ? payFirst() : Promise.resolve()) });
    expect(read.ids).toEqual([second, third, first]);
    expect((await changedCustomers(`after=${read.cursor}`)).ids).toEqual([]);

    const page = await h.caller({ staff: true }).customers.list({ after: start.nextCursor!, limit: 5 });
    expect(page.items.map((customer) => customer.id)).toEqual([second, third, first]);
    expect(page.items[2]!.totals.paid).toBe('500.00');
    expect(page.nextCursor).toBe(read.cursor);
  });
});

/** A customer staff add without a booking, with a name and address of their own. */
async function walkIn(): Promise<{ id: string; fullName: string; email: string; phone: string }> {
  const person = renter('walkin');
  const answer = await call(h, 'POST', '/api/admin/customers', { ...person, phone: uniquePhone() }, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.customer;
}

async function erase(customerId: string): Promise<number> {
  const answer = await call(h, 'DELETE', `/api/admin/customers/${customerId}`, undefined, staff);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.bookingsKept;
}

const deletedCustomers = (query: string) => syncPage(h, '/api/admin/customers/deleted', query);
const deletedSince = (instant: string) => `deletedSince=${encodeURIComponent(instant)}`;

describe('GET /api/admin/customers/deleted', () => {
  it('lists the records erased without bookings and merged away, with when and why, and nothing of the person; a customer erased with bookings stays in the customers sync instead', async () => {
    const car = await availableCar(h, 5);
    const alone = await walkIn();
    const withBooking = await enter(car.id, 30);
    const typo = await enter(car.id, 34);
    const right = await enter(car.id, 38);
    clock.advance(MINUTE);
    const from = clock.now().toISOString();

    expect(await erase(alone.id)).toBe(0);
    clock.advance(MINUTE);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${withBooking.id}/status`, { status: 'cancelled' }, staff)).status).toBe(200);
    expect(await erase(withBooking.customerId)).toBe(1);
    clock.advance(MINUTE);
    // The typo's record was made for this booking alone: the booking joins the right address's record, and it goes.
    expect((await call(h, 'PATCH', `/api/admin/bookings/${typo.id}/email`, { email: right.email }, staff)).body.customerId).toBe(right.customerId);

    const deleted = await deletedCustomers(deletedSince(from));
    expect(deleted.rows).toEqual([
      { id: alone.id, deletedAt: expect.any(String), reason: 'erased' },
      { id: typo.customerId, deletedAt: expect.any(String), reason: 'merged' },
    ]);
    expect(deleted.total).toBe(2);
    // Stamped by the server's clock as the deletion was made (the clock runs minutes ahead here).
    const [erasedAt, mergedAt] = deleted.rows.map((row) => row.deletedAt as string);
    expect(erasedAt! >= from && erasedAt! < mergedAt!).toBe(true);
    expect(Date.parse(mergedAt!) - Date.parse(erasedAt!)).toBeGreaterThanOrEqual(2 * MINUTE);
    for (const id of [alone.id, typo.customerId]) expect((await call(h, 'GET', `/api/admin/customers/${id}`, undefined, staff)).status).toBe(404);

    // The customer erased with a booking keeps their record: listed changed, with `erasedAt`, never deleted.
    const changed = await changedCustomers(since(from));
    expect(changed.ids.sort()).toEqual([withBooking.customerId, right.customerId].sort());
    expect(changed.rows.find((row) => row.id === withBooking.customerId)!.erasedAt).toEqual(expect.any(String));

    // The tombstone holds the id, the instant and the reason: no name, address or phone.
    const connection = h.orm.em.fork().getConnection();
    const rows = await connection.execute<Array<{ row: Record<string, unknown> }>>(`select row_to_json(t) as row from customer_deletion t where id in (?, ?)`, [alone.id, typo.customerId]);
    expect(rows.map(({ row }) => Object.keys(row).sort())).toEqual([
      ['deleted_at', 'id', 'reason'],
      ['deleted_at', 'id', 'reason'],
    ]);
    const text = JSON.stringify(rows).toLowerCase();
    for (const value of [alone.fullName, alone.email, alone.phone, typo.email, 'sync renter']) expect(text, value).not.toContain(value.toLowerCase());
  });

  it('pages by cursor, oldest deletion first, ties by id: a record deleted while you page comes on a later page, and none is skipped', async () => {
    const made = [await walkIn(), await walkIn(), await walkIn(), await walkIn()];
    clock.advance(MINUTE);
    const from = clock.now().toISOString();
    for (const customer of made.slice(0, 3)) {
      clock.advance(MINUTE);
      await erase(customer.id);
    }
    const [first, second, third, late] = made.map((customer) => customer.id);
    const start = await deletedCustomers(`${deletedSince(from)}&limit=1`);
    expect(start).toMatchObject({ ids: [first], total: 3 });
    const eraseLate = async () => {
      clock.advance(MINUTE);
      await erase(late!);
    };
    const read = await followCursor(h, '/api/admin/customers/deleted', start.nextCursor!, { meanwhile: (page) => (page === 1 ? eraseLate() : Promise.resolve()) });
    expect(read.ids).toEqual([second, third, late]);
    // An empty page gives back the cursor sent.
    expect(await deletedCustomers(`after=${encodeURIComponent(read.cursor)}`)).toMatchObject({ ids: [], nextCursor: read.cursor });
    const page = await h.caller({ staff: true }).customers.deletions({ after: start.nextCursor!, limit: 5 });
    expect(page.items.map((row) => row.id)).toEqual([second, third, late]);
    expect(page.nextCursor).toBe(read.cursor);

    // Deletions stamped with one instant come in id order, and the cursor goes on inside them.
    clock.advance(MINUTE);
    const instant = clock.now();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await h.orm.em.fork().insertMany(CustomerDeletion, ids.map((id) => ({ id, deletedAt: instant, reason: 'erased' as const })));
    const tied = await deletedCustomers(`${deletedSince(instant.toISOString())}&limit=2`);
    expect(tied.ids).toEqual([...ids].sort().slice(0, 2));
    expect((await deletedCustomers(`after=${encodeURIComponent(tied.nextCursor!)}&limit=2`)).ids).toEqual([...ids].sort().slice(2));
    clock.advance(MINUTE);
  });

  it('answers 400 naming the parameter for an instant without its offset, another list’s cursor or its own beside an offset, and the other lists refuse its cursor, changing nothing', async () => {
    await erase((await walkIn()).id);
    const own = (await deletedCustomers('deletedSince=2000-01-01T00:00:00Z&limit=1')).nextCursor!;
    const others = {
      bookings: (await syncPage(h, '/api/admin/bookings', 'updatedSince=2000-01-01T00:00:00Z&limit=1')).nextCursor!,
      customers: (await changedCustomers('updatedSince=2000-01-01T00:00:00Z&limit=1')).nextCursor!,
    };
    await expectUnchangedBy(h, async () => {
      for (const value of ['yesterday', '2026-11-28', '2026-11-28T09:30:00', '2026-02-30T09:30:00Z', '']) {
        const answer = await call(h, 'GET', `/api/admin/customers/deleted?${deletedSince(value)}`, undefined, staff);
        expect(answer.status, value).toBe(400);
        expect(answer.body.issues, value).toEqual([{ path: 'deletedSince', message: messages.validation.instant }]);
      }
      for (const cursor of [...Object.values(others), Buffer.from(own, 'base64url').toString('utf8'), 'nonsense']) {
        const answer = await call(h, 'GET', `/api/admin/customers/deleted?after=${encodeURIComponent(cursor)}`, undefined, staff);
        expect(answer.status, cursor).toBe(400);
        expect(answer.body.issues, cursor).toEqual([{ path: 'after', message: messages.errors.badCursor }]);
      }
      for (const list of Object.keys(others)) {
        const answer = await call(h, 'GET', `/api/admin/${list}?after=${encodeURIComponent(own)}`, undefined, staff);
        expect(answer.status, list).toBe(400);
        expect(answer.body.issues?.[0]?.path, list).toBe('after');
      }
      const both = await call(h, 'GET', `/api/admin/customers/deleted?after=${own}&offset=10`, undefined, staff);
      expect(both.status).toBe(400);
      expect(both.body.issues).toEqual([{ path: 'offset', message: messages.errors.cursorWithOffset }]);
      const deletions = h.caller({ staff: true }).customers.deletions;
      await expectError(deletions({ deletedSince: '2026-11-28T09:30:00' }), 'BAD_REQUEST');
      await expectError(deletions({ after: others.customers }), 'BAD_REQUEST', messages.errors.badCursor);
      await expectError(h.caller({ staff: true }).customers.list({ after: own }), 'BAD_REQUEST', messages.errors.badCursor);
    });
  });
});

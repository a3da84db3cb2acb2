import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { daysFromToday } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { availableCar, bookOk, call, syncPage } from './helpers';

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

/** GET /api/admin/bookings with `query`, as an integrator's sync asks it. */
const changedBookings = (query: string) => syncPage(h, '/api/admin/bookings', query);

describe('GET /api/admin/bookings?updatedSince=', () => {
  it('answers the bookings changed at or after the instant, oldest change first, each page after the last', async () => {
    const car = await availableCar(h, 0);
    const [untouched, first, second, third] = await Promise.all(
      [30, 34, 38, 42].map((from) => bookOk(h, car.id, { booking: { pickupDate: daysFromToday(from), returnDate: daysFromToday(from + 2) } }).then((made) => made.booking.id)),
    );
    clock.advance(MINUTE);
    const since = clock.now().toISOString();
    // Changed in this order, a minute apart: a payment, a new status, new dates.
    expect((await call(h, 'PATCH', `/api/admin/bookings/${second}/payment`, { amount: 500 }, staff)).status).toBe(200);
    clock.advance(MINUTE);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${third}/status`, { status: 'confirmed' }, staff)).status).toBe(200);
    clock.advance(MINUTE);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${first}/dates`, { pickupDate: daysFromToday(35), returnDate: daysFromToday(37) }, staff)).status).toBe(200);

    const changed = await changedBookings(`updatedSince=${encodeURIComponent(since)}`);
    expect(changed.ids).toEqual([second, third, first]);
    expect(changed.ids).not.toContain(untouched);
    expect(changed.total).toBe(3);
    const stamps = changed.rows.map((booking) => booking.updatedAt);
    expect(stamps.every((stamp) => stamp >= since)).toBe(true);

    // Page by page, the same rows in the same order.
    const pages = [];
    for (const offset of [0, 1, 2, 3]) pages.push(...(await changedBookings(`updatedSince=${encodeURIComponent(since)}&limit=1&offset=${offset}`)).ids);
    expect(pages).toEqual([second, third, first]);

    // At or after: the instant of a change finds that change; the same instant in Manila's offset too.
    const thirdStamp = stamps[1]!;
    expect((await changedBookings(`updatedSince=${encodeURIComponent(thirdStamp)}`)).ids).toEqual([third, first]);
    const manila = new Date(new Date(thirdStamp).getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    expect((await changedBookings(`updatedSince=${encodeURIComponent(manila)}`)).ids).toEqual([third, first]);

    // With the other filters.
    expect((await changedBookings(`updatedSince=${encodeURIComponent(since)}&status=confirmed`)).ids).toEqual([third]);
    expect((await changedBookings(`updatedSince=${encodeURIComponent(since)}&q=${encodeURIComponent(car.name)}`)).ids).toEqual([second, third, first]);
  });

  it('an instant in the future is no error: nothing has changed since', async () => {
    await bookOk(h, (await availableCar(h, 1)).id);
    const later = new Date(clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(await changedBookings(`updatedSince=${encodeURIComponent(later)}`)).toMatchObject({ ids: [], total: 0 });
  });

  it('answers 400 naming the parameter for anything but a date and time with its offset', async () => {
    for (const value of ['yesterday', '2026-11-28', '2026-11-28T09:30:00', '2026-02-30T09:30:00Z', '1764322200', '2026-11-28 09:30:00Z']) {
      const answer = await call(h, 'GET', `/api/admin/bookings?updatedSince=${encodeURIComponent(value)}`, undefined, staff);
      expect(answer.status, value).toBe(400);
      expect(answer.body.issues, value).toEqual([{ path: 'updatedSince', message: 'Expected a date and time with its offset, such as 2026-11-28T09:30:00Z or 2026-11-28T17:30:00+08:00' }]);
    }
  });

  it('the tRPC list takes it too', async () => {
    const made = await bookOk(h, (await availableCar(h, 2)).id, { booking: { pickupDate: daysFromToday(60), returnDate: daysFromToday(61) } });
    clock.advance(MINUTE);
    const since = clock.now().toISOString();
    await h.caller({ staff: true }).bookings.updateStatus({ id: made.booking.id, status: 'cancelled' });
    const page = await h.caller({ staff: true }).bookings.list({ updatedSince: since });
    expect(page.items.map((booking) => booking.id)).toEqual([made.booking.id]);
    expect(page.total).toBe(1);
  });
});

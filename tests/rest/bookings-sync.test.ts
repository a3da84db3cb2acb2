import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { daysFromToday } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { messages } from '../../src/shared/messages';
import { expectError } from '../integration/helpers';
import { availableCar, bookOk, call, expectUnchangedBy, followCursor, syncPage } from './helpers';

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

describe('GET /api/admin/bookings?after=<cursor>', () => {
  const path = '/api/admin/bookings';
  const confirm = (id: string) => call(h, 'PATCH', `${path}/${id}/status`, { status: 'confirmed' }, staff).then((answer) => expect(answer.status).toBe(200));

  it('pages on after the last row read: a booking that changes meanwhile comes again at the end and none is skipped, as offset would', async () => {
    const car = await availableCar(h, 3);
    const [first, second, third] = await Promise.all(
      [30, 34, 38].map((from) => bookOk(h, car.id, { booking: { pickupDate: daysFromToday(from), returnDate: daysFromToday(from + 2) } }).then((made) => made.booking.id as string)),
    );
    clock.advance(MINUTE);
    const since = clock.now().toISOString();
    for (const id of [first, second, third]) {
      clock.advance(MINUTE);
      await confirm(id!);
    }
    const start = await changedBookings(`updatedSince=${encodeURIComponent(since)}&limit=1`);
    expect(start).toMatchObject({ ids: [first], total: 3 });
    // The first booking read changes again while the client pages: by offset, the second is never seen.
    const changeFirst = async () => {
      clock.advance(MINUTE);
      expect((await call(h, 'PATCH', `${path}/${first}/payment`, { amount: 500 }, staff)).status).toBe(200);
    };
    const read = await followCursor(h, path, start.nextCursor!, { meanwhile: (page) => (page === 1 ? changeFirst() : Promise.resolve()) });
    expect(read.ids).toEqual([second, third, first]);
    expect((await changedBookings(`updatedSince=${encodeURIComponent(since)}&limit=1&offset=1`)).ids).toEqual([third]);

    // An empty page gives back the cursor sent; kept, it finds the next change alone, with the other filters too.
    expect((await changedBookings(`after=${read.cursor}`)).nextCursor).toBe(read.cursor);
    clock.advance(MINUTE);
    await h.caller({ staff: true }).bookings.updateStatus({ id: second!, status: 'cancelled' });
    expect(await changedBookings(`after=${read.cursor}`)).toMatchObject({ ids: [second], total: 1 });
    expect((await changedBookings(`after=${read.cursor}&status=confirmed`)).ids).toEqual([]);
    expect((await changedBookings(`after=${start.nextCursor}&q=${encodeURIComponent(car.name)}`)).ids).toEqual([third, first, second]);
  });

  it('a stamp written with microseconds (by SQL, in a restored database) is kept to the millisecond, so its row never comes again after its own cursor', async () => {
    const car = await availableCar(h, 4);
    const ids = await Promise.all([30, 34].map((from) => bookOk(h, car.id, { booking: { pickupDate: daysFromToday(from), returnDate: daysFromToday(from + 2) } }).then((made) => made.booking.id as string)));
    const long = new Date(clock.now().getTime() - 1000 * 24 * 3_600_000).toISOString();
    const connection = h.orm.em.fork().getConnection();
    for (const [i, id] of ids.entries()) await connection.execute(`update booking set updated_at = ?::timestamptz + ? * interval '1 microsecond' where id = ?`, [long, 400 - 100 * i, id]);
    const start = await changedBookings(`updatedSince=${encodeURIComponent(long)}&limit=1`);
    const next = await changedBookings(`after=${start.nextCursor}&limit=1`);
    expect([...start.ids, ...next.ids].sort()).toEqual([...ids].sort());
  });

  it('the tRPC list gives the cursor and takes it', async () => {
    const made = await bookOk(h, (await availableCar(h, 5)).id, { booking: { pickupDate: daysFromToday(62), returnDate: daysFromToday(63) } });
    clock.advance(MINUTE);
    const since = clock.now().toISOString();
    await h.caller({ staff: true }).bookings.updateStatus({ id: made.booking.id, status: 'confirmed' });
    const list = h.caller({ staff: true }).bookings.list;
    const page = await list({ updatedSince: since });
    expect(page.items.map((booking) => booking.id)).toEqual([made.booking.id]);
    clock.advance(MINUTE);
    await h.caller({ staff: true }).bookings.updateStatus({ id: made.booking.id, status: 'cancelled' });
    expect((await list({ after: page.nextCursor! })).items.map((booking) => booking.id)).toEqual([made.booking.id]);
    expect((await list({})).nextCursor, 'the newest-first list has none').toBeUndefined();
  });
});

describe('the cursors of the sync lists (bookings, customers)', () => {
  it('refuse, with 400 naming the parameter, a cursor they did not give out, another list’s, one beside an offset, and one of another type, changing nothing', async () => {
    await bookOk(h, (await availableCar(h, 6)).id, { booking: { pickupDate: daysFromToday(64), returnDate: daysFromToday(65) } });
    const from = '2000-01-01T00:00:00Z';
    const cursorOf = async (list: string) => (await syncPage(h, `/api/admin/${list}`, `updatedSince=${from}&limit=1`)).nextCursor!;
    const cursors = { bookings: await cursorOf('bookings'), customers: await cursorOf('customers'), audit: (await h.caller({ staff: true }).admin.audit({ cursor: '', limit: 1 })).nextCursor! };
    const text = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
    const encode = (value: string) => Buffer.from(value).toString('base64url');
    await expectUnchangedBy(h, async () => {
      for (const list of ['bookings', 'customers'] as const) {
        const own = cursors[list];
        const [name, at, id] = text(own).split(' ');
        const refused = [
          'nonsense',
          '',
          own.slice(0, -4),
          `${own}=`,
          `${own.slice(0, 10)}.${own.slice(10)}`,
          encode(`${name} 2026-02-30T09:30:00.000Z ${id}`),
          encode(`${name} ${at} not-a-uuid`),
          encode(`${name} ${at} ${id} more`),
          encode(`${name} ${at}' or 1=1 -- ${id}`),
          encode(`${name} ${at!.replace('Z', '+08:00')} ${id}`),
          'x'.repeat(121),
          ...Object.entries(cursors).filter(([other]) => other !== list).map(([, cursor]) => cursor),
        ];
        for (const cursor of refused) {
          const answer = await call(h, 'GET', `/api/admin/${list}?after=${encodeURIComponent(cursor)}`, undefined, staff);
          expect(answer.status, `${list} ${cursor}`).toBe(400);
          expect(answer.body.issues?.[0]?.path, `${list} ${cursor}`).toBe('after');
        }
        const both = await call(h, 'GET', `/api/admin/${list}?after=${own}&offset=10`, undefined, staff);
        expect(both.status).toBe(400);
        expect(both.body.issues).toEqual([{ path: 'offset', message: messages.errors.cursorWithOffset }]);
        const refusedByTrpc = h.caller({ staff: true })[list].list;
        for (const after of [5, ['a'], { cursor: own }, text(own)]) await expectError(refusedByTrpc({ after: after as unknown as string }), 'BAD_REQUEST');
      }
      for (const cursor of [cursors.bookings, cursors.customers]) await expectError(h.caller({ staff: true }).admin.audit({ cursor }), 'BAD_REQUEST', messages.errors.badCursor);
    });
  });
});

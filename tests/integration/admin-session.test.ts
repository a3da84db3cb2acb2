import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import type { Actor } from '../../src/server/deps';
import { AdminSession, Booking, Car, Customer } from '../../src/server/db/entities';
import { accountActor, resolveSession } from '../../src/server/services/session.service';
import type { SessionCookie } from '../../src/server/http/variables';
import { createContextInner } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/root';
import { messages } from '../../src/shared/messages';
import { fromCentavos, toCentavos } from '../../src/shared/money';
import { TEST_ADMIN_PASSWORD, createHarness, type Harness } from '../utils/harness';
import { adminBooking, expectError, newCar, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => clock.reset());

/** A cookie that remembers what the procedures did to it. */
function recordingCookie(token: string | null = null): SessionCookie & { sets: string[]; clears: number } {
  const cookie = {
    token,
    sets: [] as string[],
    clears: 0,
    device: null as string | null,
    set(value: string) {
      cookie.sets.push(value);
    },
    clear() {
      cookie.clears += 1;
    },
    setDevice(value: string) {
      cookie.device = value;
    },
  };
  return cookie;
}

let ipCounter = 0;
/** A caller with a cookie and its own address (so sign-in throttling of one test never slows another). */
function cookieCaller(cookie: SessionCookie, actor: Actor | null = null) {
  ipCounter += 1;
  return createCaller(createContextInner({ em: h.orm.em.fork(), deps: h.deps, actor, cookie, request: { ip: `10.0.0.${ipCounter}` } }));
}

async function signIn(): Promise<string> {
  const cookie = recordingCookie();
  expect(await cookieCaller(cookie).admin.login({ password: TEST_ADMIN_PASSWORD })).toMatchObject({ authenticated: true, account: { role: 'owner' } });
  expect(cookie.sets).toHaveLength(1);
  return cookie.sets[0]!;
}

const idleHours = () => h.deps.env.SESSION_IDLE_HOURS;
const env = () => h.deps.env;

describe('admin.session', () => {
  it('is false for the public and true for staff', async () => {
    expect(await h.caller().admin.session()).toEqual({ authenticated: false });
    expect(await h.caller({ staff: true }).admin.session()).toEqual({ authenticated: true });
  });
});

describe('admin.login', () => {
  it('refuses a wrong password with UNAUTHORIZED and the spec message, setting no cookie', async () => {
    const cookie = recordingCookie();
    await expectError(cookieCaller(cookie).admin.login({ password: 'wrong password' }), 'UNAUTHORIZED', 'Incorrect password. Please try again.');
    expect(cookie.sets).toEqual([]);
    await expectError(cookieCaller(cookie).admin.login({ password: '' }), 'BAD_REQUEST');
  });

  it('sets the cookie with a new random token on each sign-in, storing only its hash', async () => {
    const first = await signIn();
    const second = await signIn();
    expect(first).not.toBe(second);
    for (const token of [first, second]) {
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16); // 128+ bits
      const em = h.orm.em.fork();
      expect(await em.count(AdminSession, { tokenHash: token })).toBe(0);
      expect(await em.count(AdminSession, { tokenHash: createHash('sha256').update(token).digest('hex') })).toBe(1);
    }
  });

  it('gives a session that admin procedures accept', async () => {
    const token = await signIn();
    const session = await resolveSession(h.orm.em.fork(), token, env());
    expect(session).toMatchObject({ account: { role: 'owner', mainOwner: true }, setupRequired: false });
    const actor = accountActor(session!);
    expect(actor).toMatchObject({ kind: 'account', role: 'owner', label: 'Owner' });
    const caller = cookieCaller(recordingCookie(token), actor);
    expect(await caller.admin.session()).toEqual({ authenticated: true });
    expect((await caller.admin.overview()).totalCars).toBeGreaterThan(0);
  });
});

describe('sessions: logout and idle expiry', () => {
  it('ends the session on logout, clearing the cookie', async () => {
    const token = await signIn();
    expect(await resolveSession(h.orm.em.fork(), token, env())).not.toBeNull();
    const cookie = recordingCookie(token);
    expect(await cookieCaller(cookie).admin.logout()).toEqual({ authenticated: false });
    expect(cookie.clears).toBe(1);
    expect(await resolveSession(h.orm.em.fork(), token, env())).toBeNull();
  });

  it('logout without a session still answers and clears the cookie', async () => {
    const cookie = recordingCookie();
    expect(await cookieCaller(cookie).admin.logout()).toEqual({ authenticated: false });
    expect(cookie.clears).toBe(1);
  });

  it('expires a session idle for more than 12 hours', async () => {
    expect(idleHours()).toBe(12);
    const token = await signIn();
    clock.advance(13 * 3_600_000);
    try {
      expect(await resolveSession(h.orm.em.fork(), token, env())).toBeNull();
    } finally {
      clock.reset();
    }
    // once expired it stays ended
    expect(await resolveSession(h.orm.em.fork(), token, env())).toBeNull();
  });

  it('keeps a session that is used, measuring idleness from the last use', async () => {
    const token = await signIn();
    try {
      clock.advance(11 * 3_600_000);
      expect(await resolveSession(h.orm.em.fork(), token, env())).not.toBeNull();
      clock.advance(11 * 3_600_000);
      expect(await resolveSession(h.orm.em.fork(), token, env())).not.toBeNull();
    } finally {
      clock.reset();
    }
  });

  it('ignores an unknown token', async () => {
    expect(await resolveSession(h.orm.em.fork(), 'not-a-real-token', env())).toBeNull();
    expect(await resolveSession(h.orm.em.fork(), '', env())).toBeNull();
  });
});

/** The overview figures, computed here from the rows themselves. */
async function figuresFromDatabase() {
  const em = h.orm.em.fork();
  const bookings = await em.find(Booking, {}, { fields: ['status', 'total'] });
  const sum = (statuses: string[]) => fromCentavos(bookings.filter((b) => statuses.includes(b.status)).reduce((total, b) => total + toCentavos(b.total), 0));
  return {
    totalCars: await em.count(Car, {}),
    availableCars: await em.count(Car, { available: true }),
    totalBookings: bookings.length,
    pendingBookings: bookings.filter((b) => b.status === 'pending').length,
    totalCustomers: await em.count(Customer, {}),
    totalEarnings: sum(['completed']),
    pendingRevenue: sum(['pending', 'confirmed']),
  };
}

const add = (a: string, b: number) => fromCentavos(toCentavos(a) + Math.round(b * 100));

describe('admin.overview', () => {
  it('matches the database: cars (available), bookings (pending), customers, earnings from completed, pending revenue from pending and confirmed', async () => {
    const staff = h.caller({ staff: true });
    const before = await staff.admin.overview();
    expect(before).toMatchObject(await figuresFromDatabase());

    const car = await newCar(h);
    await newCar(h, { available: false });
    const email = uniqueEmail('overview');
    await adminBooking(h, { carId: car.id, from: 2, to: 3, email, total: '1000', status: 'pending' });
    await adminBooking(h, { carId: car.id, from: 5, to: 6, email, total: '2000.50', status: 'confirmed' });
    await adminBooking(h, { carId: car.id, from: -9, to: -7, email, total: '3000', status: 'completed' });
    await adminBooking(h, { carId: car.id, from: 8, to: 9, email, total: '4000', status: 'cancelled' });
    const last = await adminBooking(h, { carId: car.id, from: 11, to: 12, email: uniqueEmail('overview'), total: '500', status: 'completed' });

    const after = await staff.admin.overview();
    expect(after).toMatchObject(await figuresFromDatabase());
    expect(after).toMatchObject({
      totalCars: before.totalCars + 2,
      availableCars: before.availableCars + 1,
      totalBookings: before.totalBookings + 5,
      pendingBookings: before.pendingBookings + 1,
      totalCustomers: before.totalCustomers + 2,
      totalEarnings: add(before.totalEarnings, 3500),
      pendingRevenue: add(before.pendingRevenue, 3000.5),
    });
    expect(after.recentBookings).toHaveLength(5);
    expect(after.recentBookings[0]?.id).toBe(last.id);
    expect(after.fleetStatus).toHaveLength(5);
    const byStatus = Object.fromEntries(after.bookingsByStatus.map((row) => [row.status, row.count]));
    expect(byStatus.pending).toBe(after.pendingBookings);
    expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(after.totalBookings);
  });

  it('says which of the listed cars are out today: booked (pending or confirmed) for days that include today', async () => {
    const staff = h.caller({ staff: true });
    const before = await staff.admin.overview();
    const free = before.fleetStatus.find((car) => !before.carsOut.includes(car.id));
    expect(free, 'a listed car not out today').toBeDefined();
    const today = await adminBooking(h, { carId: free!.id, from: -1, to: 1, email: uniqueEmail('out'), status: 'confirmed' });
    expect((await staff.admin.overview()).carsOut).toContain(free!.id);
    await staff.bookings.updateStatus({ id: today.id, status: 'cancelled' });
    expect((await staff.admin.overview()).carsOut).not.toContain(free!.id);
    // A booking starting tomorrow is not out today.
    await adminBooking(h, { carId: free!.id, from: 1, to: 2, email: uniqueEmail('later'), status: 'confirmed' });
    expect((await staff.admin.overview()).carsOut).not.toContain(free!.id);
  });

  it('is refused to the public', async () => {
    await expectError(h.caller().admin.overview(), 'UNAUTHORIZED', messages.errors.unauthorized);
  });
});

describe('admin.audit', () => {
  it('pages the audit log newest first, with a total, and filters by entity type', async () => {
    const staff = h.caller({ staff: true });
    const word = uniqueWord('Audited');
    for (let i = 0; i < 3; i += 1) await staff.blocklist.block({ fullName: `${word} ${i}` });
    await newCar(h);

    const all = await staff.admin.audit();
    const one = await staff.admin.audit({ limit: 2 });
    const two = await staff.admin.audit({ limit: 2, offset: 2 });
    expect(one.total).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(one.items).toHaveLength(2);
    expect(two.items.length).toBeGreaterThanOrEqual(1);
    expect([...one.items, ...two.items].map((e) => e.id)).toEqual(all.items.slice(0, one.items.length + two.items.length).map((e) => e.id));
    const times = all.items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const blocked = await staff.admin.audit({ entityType: 'blocked_name', limit: 500 });
    expect(blocked.items.every((e) => e.entityType === 'blocked_name')).toBe(true);
    expect(blocked.items.filter((e) => String((e.after as { fullName?: string } | null)?.fullName).startsWith(word))).toHaveLength(3);
    expect(blocked.total).toBeLessThan(all.total!);
    expect(blocked.items.every((e) => e.actor === 'test staff')).toBe(true);
  });

  it('walks the log by cursor, newest first, giving every entry exactly once, entries of one instant included', async () => {
    const staff = h.caller({ staff: true });
    const connection = h.orm.em.fork().getConnection();
    // Seven entries of one microsecond, two a microsecond apart on either side, all older than
    // anything the other tests record: a millisecond-rounded cursor would skip or repeat them.
    await connection.execute(`
      insert into audit_entry (id, at, actor, action, entity_type, entity_id, before, after)
      select gen_random_uuid(), t, 'cursor test', 'car.update', 'car', 'x', null, null
      from unnest(array[
        '2001-01-01 00:00:00.123457+00', '2001-01-01 00:00:00.123457+00',
        '2001-01-01 00:00:00.123456+00', '2001-01-01 00:00:00.123456+00', '2001-01-01 00:00:00.123456+00',
        '2001-01-01 00:00:00.123456+00', '2001-01-01 00:00:00.123456+00', '2001-01-01 00:00:00.123456+00',
        '2001-01-01 00:00:00.123456+00', '2001-01-01 00:00:00.123455+00', '2001-01-01 00:00:00.123455+00'
      ]::timestamptz[]) as t
    `);
    const walk = async (entityType?: 'car') => {
      const seen: Array<{ id: string; at: string }> = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const page = await staff.admin.audit({ limit: 3, cursor, ...(entityType ? { entityType } : {}) });
        expect(page.total, 'a cursor page counts nothing').toBeUndefined();
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      }
      return { seen, pages };
    };

    for (const entityType of [undefined, 'car'] as const) {
      const { seen, pages } = await walk(entityType);
      const everything = await staff.admin.audit({ limit: 500, ...(entityType ? { entityType } : {}) });
      expect(everything.total).toBe(seen.length);
      expect(pages).toBe(Math.ceil(seen.length / 3));
      expect(new Set(seen.map((e) => e.id)).size, 'no entry twice').toBe(seen.length);
      expect(seen.map((e) => e.id), 'the same order as offset paging').toEqual(everything.items.map((e) => e.id));
      const times = seen.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(seen.filter((e) => e.at === '2001-01-01T00:00:00.123Z')).toHaveLength(11);
    }
  });

  it('keeps its place when entries are recorded between pages, where offset paging would repeat one', async () => {
    const staff = h.caller({ staff: true });
    const first = await staff.admin.audit({ limit: 2, cursor: '' });
    expect(first.nextCursor).not.toBeNull();
    const byOffset = await staff.admin.audit({ limit: 2 });
    expect(byOffset.nextCursor, 'offset pages give the cursor to go on with too').toBe(first.nextCursor);
    await staff.blocklist.block({ fullName: uniqueWord('Meanwhile') });

    const second = await staff.admin.audit({ limit: 2, cursor: first.nextCursor! });
    const everything = await staff.admin.audit({ limit: 500 });
    const ids = everything.items.map((e) => e.id);
    expect(second.items.map((e) => e.id)).toEqual(ids.slice(3, 5));
    expect(second.items.map((e) => e.id)).not.toContain(first.items[1]!.id);
    const offsetSecond = await staff.admin.audit({ limit: 2, offset: 2 });
    expect(offsetSecond.items[0]!.id, 'offset paging shows the last entry of page one again').toBe(first.items[1]!.id);
  });

  it('refuses a cursor it did not give out, and a cursor with an offset, changing nothing', async () => {
    const staff = h.caller({ staff: true });
    const before = (await staff.admin.audit({ limit: 1 })).total;
    for (const cursor of ['nonsense', Buffer.from('2001-01-01T00:00:00.000000Z not-a-uuid').toString('base64url'), Buffer.from("2001-01-01' or 1=1 --").toString('base64url')]) {
      await expectError(staff.admin.audit({ cursor }), 'BAD_REQUEST', messages.errors.badCursor);
    }
    await expectError(staff.admin.audit({ cursor: '', offset: 30 }), 'BAD_REQUEST');
    expect((await staff.admin.audit({ limit: 1 })).total).toBe(before);
  });

  it('is refused to the public', async () => {
    await expectError(h.caller().admin.audit(), 'UNAUTHORIZED');
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadFleet } from '../../src/server/services/car.service';
import { BOOKED_DATES_LISTENING_TTL_MS, BookedDatesCache } from '../../src/server/infra/booked-dates.cache';
import { announce, ChangeFeed, CHANNELS, type Channel } from '../../src/server/infra/change-feed';
import { FleetCache } from '../../src/server/infra/fleet.cache';
import { createHarness, type Harness } from '../utils/harness';
import { call } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('GET /api/cars caching', () => {
  it('answers with an ETag, 304 while the fleet is unchanged, and a new list and tag after a car changes', async () => {
    const first = await call(h, 'GET', '/api/cars');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await call(h, 'GET', '/api/cars')).headers.get('etag')).toBe(etag);

    const unchanged = await h.app.request('/api/cars', { headers: { 'if-none-match': etag! } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect((await h.app.request('/api/cars', { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);

    const car = (first.body as Array<{ id: string; dailyRate: string }>)[0]!;
    const updated = await call(h, 'PUT', `/api/admin/cars/${car.id}`, { dailyRate: '2345.00' }, { staff: true });
    expect(updated.status).toBe(200);

    const after = await h.app.request('/api/cars', { headers: { 'if-none-match': etag! } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const cars = (await after.json()) as Array<{ id: string; dailyRate: string }>;
    expect(cars.find((c) => c.id === car.id)?.dailyRate).toBe('2345.00');
  });

  it('clears the cache after an add and a delete, as tRPC and REST both read it', async () => {
    const before = (await h.caller().cars.list()).length;
    const added = await call(h, 'POST', '/api/admin/cars', { name: 'Cache Test Van', category: 'Van', dailyRate: '3000', seats: 12, image: 'hiace.jpg' }, { staff: true });
    expect(added.status).toBe(201);
    expect((await h.caller().cars.list()).length).toBe(before + 1);
    expect(((await call(h, 'GET', '/api/cars')).body as unknown[]).length).toBe(before + 1);
    expect((await call(h, 'DELETE', `/api/admin/cars/${(added.body as { id: string }).id}`, undefined, { staff: true })).status).toBe(200);
    expect((await h.caller().cars.list()).length).toBe(before);
  });
});

describe('the benchmark baseline, GET /api/bench/baseline', () => {
  it('is absent (404) unless BENCH_BASELINE is on', async () => {
    expect(h.env.BENCH_BASELINE).toBe(false);
    const answer = await call(h, 'GET', '/api/bench/baseline');
    expect(answer.status).toBe(404);
  });

  it('with BENCH_BASELINE on, answers the same cars as GET /api/cars, with the same security headers', async () => {
    const app = createApp({ ...h.deps, env: { ...h.env, BENCH_BASELINE: true } });
    const [baseline, cars] = await Promise.all([app.request('/api/bench/baseline'), app.request('/api/cars')]);
    expect(baseline.status).toBe(200);
    expect(baseline.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await baseline.json()).toEqual(await cars.json());
    for (const header of ['x-request-id', 'x-content-type-options', 'content-security-policy', 'x-frame-options']) {
      expect(baseline.headers.get(header), header).toBeTruthy();
    }
  });
});

/**
 * Resolves on the next notice `feed` hears on `channel`. The caches subscribed first, so they have
 * acted on it by then. Fails after `timeoutMs`.
 */
function nextNotice(feed: ChangeFeed, channel: Channel, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${channel} notice within ${timeoutMs} ms`)), timeoutMs);
    feed.on(channel, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('two server instances on one database', () => {
  it('a change made through one instance reaches the other instance within a second (LISTEN/NOTIFY)', async () => {
    const feed = new ChangeFeed(h.databaseUrl);
    const other = new FleetCache(() => loadFleet(h.orm.em.fork()), feed);
    await feed.listen();
    try {
      const car = (await other.get()).cars[1]!;
      // Held by the other instance until it hears of a change: an unannounced write stays unseen.
      await h.orm.em.fork().getConnection().execute('update car set daily_rate = 1111 where id = ?', [car.id]);
      expect((await other.get()).cars[1]!.dailyRate).toBe(car.dailyRate);

      const heard = nextNotice(feed, CHANNELS.fleet, 1000);
      expect((await h.caller({ staff: true }).cars.update({ id: car.id, data: { dailyRate: '2999.50' } })).dailyRate).toBe('2999.50');
      await heard;
      expect((await other.get()).cars[1]!.dailyRate).toBe('2999.50');
    } finally {
      await feed.stop();
    }
  });

  it('does not keep a list while it cannot hear changes', async () => {
    const feed = new ChangeFeed('postgresql://nobody:nothing@127.0.0.1:1/none');
    const deaf = new FleetCache(() => loadFleet(h.orm.em.fork()), feed);
    await feed.listen();
    try {
      const car = (await deaf.get()).cars[2]!;
      await h.orm.em.fork().getConnection().execute('update car set daily_rate = 1234 where id = ?', [car.id]);
      expect((await deaf.get()).cars[2]!.dailyRate).toBe('1234.00');
    } finally {
      await feed.stop();
    }
  });

  it("keeps a car's booked days while it hears changes, and forgets them when another instance announces a booking change", async () => {
    const feed = new ChangeFeed(h.databaseUrl);
    // A lifetime of zero: only the feed lets the days be reused.
    const other = new BookedDatesCache(0, feed);
    await feed.listen();
    // Only Date is faked: the feed's connection keeps its real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let loads = 0;
      const load = async () => ((loads += 1), [{ start: '2027-03-01', end: '2027-03-02' }]);
      await other.get('car-1', '2027-02-01', load);
      vi.advanceTimersByTime(BOOKED_DATES_LISTENING_TTL_MS - 1);
      await other.get('car-1', '2027-02-01', load);
      expect(loads).toBe(1);

      const heard = nextNotice(feed, CHANNELS.bookings, 1000);
      await h.orm.em.fork().transactional((em) => announce(em, CHANNELS.bookings));
      await heard;
      await other.get('car-1', '2027-02-01', load);
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
      await feed.stop();
    }
  });

  it('even while it hears changes, reads a car\'s booked days again after their listening lifetime (a notice lost with a dying instance)', async () => {
    const feed = new ChangeFeed(h.databaseUrl);
    const other = new BookedDatesCache(0, feed);
    await feed.listen();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let loads = 0;
      const load = async () => ((loads += 1), []);
      await other.get('car-2', '2027-02-01', load);
      vi.advanceTimersByTime(BOOKED_DATES_LISTENING_TTL_MS - 1);
      await other.get('car-2', '2027-02-01', load);
      expect(loads).toBe(1);
      vi.advanceTimersByTime(1);
      await other.get('car-2', '2027-02-01', load);
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
      await feed.stop();
    }
  });
});

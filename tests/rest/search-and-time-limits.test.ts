import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateScaleData } from '../../scripts/seed-scale';
import { containsPattern, searchTextMatches } from '../../src/server/db/like';
import { SEARCH_COUNT_CAP } from '../../src/shared/schemas/common.schema';
import { createHarness, TEST_API_TOKEN, type Harness } from '../utils/harness';
import { call } from './helpers';

const staff = { staff: true } as const;

/**
 * Holds an exclusive lock on the booking table from a connection of its own until `release`;
 * `waiting` counts the other connections of the database that wait on a lock.
 */
async function lockBookings(h: Harness): Promise<{ release: () => Promise<void>; waiting: () => Promise<number> }> {
  const [client, observer] = [new pg.Client({ connectionString: h.databaseUrl }), new pg.Client({ connectionString: h.databaseUrl })];
  await Promise.all([client.connect(), observer.connect()]);
  await client.query('begin');
  await client.query('lock table booking in access exclusive mode');
  return {
    release: async () => {
      await client.query('rollback');
      await Promise.all([client.end(), observer.end()]);
    },
    waiting: async () =>
      (await observer.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0]!.n,
  };
}

describe('searches of the admin lists', () => {
  let h: Harness;
  let tag: string;
  beforeAll(async () => {
    h = await createHarness();
    // More bookings than a search counts: every renter's address is renter-<tag>-<n>@example.com.
    const data = await generateScaleData(h.orm.em.fork().getConnection(), { bookings: SEARCH_COUNT_CAP + 150, customers: 40, daysAhead: 30 });
    tag = data.tag;
  });
  afterAll(() => h?.close());

  it('count at most SEARCH_COUNT_CAP matches and say so, however broad the search ("@", "0", "a", ".co")', async () => {
    for (const q of ['@', '0', 'a', '.co', 'renter']) {
      const answer = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent(q)}&limit=50`, undefined, staff);
      expect(answer.status, q).toBe(200);
      expect(answer.body, q).toHaveLength(50);
      expect(answer.headers.get('x-total-count'), q).toBe(String(SEARCH_COUNT_CAP));
      expect(answer.headers.get('x-total-count-capped'), q).toBe('true');
    }
    const trpc = await h.caller({ staff: true }).bookings.list({ q: '@', limit: 10 });
    expect(trpc).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(trpc.items).toHaveLength(10);
  });

  it('count a narrower search exactly, without the capped header, and list without a search in full', async () => {
    const one = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent(`renter-${tag}-7@`)}`, undefined, staff);
    expect(one.status).toBe(200);
    expect(one.body.length).toBeGreaterThan(0);
    expect(one.body.every((b: { customerEmail: string }) => b.customerEmail === `renter-${tag}-7@example.com`)).toBe(true);
    expect(one.headers.get('x-total-count')).toBe(String(one.body.length));
    expect(one.headers.get('x-total-count-capped')).toBe('false');

    const all = await call(h, 'GET', '/api/admin/bookings?limit=1', undefined, staff);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(SEARCH_COUNT_CAP + 150);
    expect(all.headers.get('x-total-count-capped')).toBe('false');

    const customers = await h.caller({ staff: true }).customers.list({ q: `renter-${tag}`, limit: 5 });
    expect(customers).toMatchObject({ total: 40, totalCapped: false });
  });

  it('match the renter as the booking keeps them, the car and the reference', async () => {
    const [latest] = (await call(h, 'GET', '/api/admin/bookings?limit=1', undefined, staff)).body as Array<{ id: string; reference: string; customerName: string; carName: string; customerPhone: string }>;
    for (const q of [latest!.reference, latest!.reference.toLowerCase().replace('-', ''), latest!.customerName, latest!.customerPhone]) {
      const found = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent(q)}&limit=500`, undefined, staff);
      expect(found.status, q).toBe(200);
      expect(found.body.map((b: { id: string }) => b.id), q).toContain(latest!.id);
    }
    const byCar = await call(h, 'GET', `/api/admin/bookings?q=${encodeURIComponent(latest!.carName)}&limit=5`, undefined, staff);
    expect(byCar.body.every((b: { carName: string }) => b.carName === latest!.carName)).toBe(true);
  });
});

describe('searches at a garage of many years', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await generateScaleData(h.orm.em.fork().getConnection(), { bookings: 2_000, customers: 30_000, daysAhead: 30 });
  }, 120_000);
  afterAll(() => h?.close());

  it("find one renter by their whole name through the search's trigram index, not by reading every customer", async () => {
    const connection = h.orm.em.fork().getConnection();
    const renters = await connection.execute<Array<{ full_name: string }>>('select full_name from customer order by created_at desc limit 20');
    for (const { full_name: name } of renters) {
      // The customers page's statement for a search (customer.service.ts), as the server's connections plan it.
      const plan = await connection.execute<Array<{ 'QUERY PLAN': string }>>(
        `explain select c0.* from customer as c0 where ${searchTextMatches('c0')} order by c0.created_at desc, c0.id asc limit 12`,
        [containsPattern(name)],
      );
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text, name).toContain('customer_search_text_trgm');
      const found = await call(h, 'GET', `/api/admin/customers?q=${encodeURIComponent(name)}`, undefined, staff);
      expect(found.body.map((c: { fullName: string }) => c.fullName), name).toEqual([name]);
    }
  });
});

describe('time limits on the database', () => {
  it('answer 503 with Retry-After, never 500, when a statement runs past DATABASE_STATEMENT_TIMEOUT_MS, and serve again after', async () => {
    const h = await createHarness({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '300' } });
    try {
      const cars = (await call(h, 'GET', '/api/cars')).body as Array<{ id: string }>;
      const lock = await lockBookings(h);
      try {
        const answers = [
          await call(h, 'GET', '/api/admin/bookings?q=santos', undefined, staff),
          await call(h, 'GET', `/api/cars/${cars[0]!.id}/booked-dates`),
          await call(h, 'GET', `/trpc/bookings.list?input=${encodeURIComponent(JSON.stringify({ json: { q: 'a' } }))}`, undefined, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } }),
        ];
        for (const answer of answers) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(503);
          expect(answer.headers.get('retry-after'), JSON.stringify(answer.body)).toMatch(/^\d+$/);
          expect(JSON.stringify(answer.body)).toContain('The service is busy right now');
        }
      } finally {
        await lock.release();
      }
      expect((await call(h, 'GET', '/api/admin/bookings?q=santos', undefined, staff)).status).toBe(200);
      expect((await call(h, 'GET', `/api/cars/${cars[0]!.id}/booked-dates`)).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('answer 503 with Retry-After when every connection stays busy past DATABASE_POOL_TIMEOUT_MS, and the request that held one completes', async () => {
    const h = await createHarness({ env: { DATABASE_POOL_MAX: '1', DATABASE_POOL_TIMEOUT_MS: '300', DATABASE_STATEMENT_TIMEOUT_MS: '20000' } });
    try {
      const cars = (await call(h, 'GET', '/api/cars')).body as Array<{ id: string }>;
      const lock = await lockBookings(h);
      let holding: Promise<{ status: number }>;
      try {
        // The pool's one connection waits on the lock; the next request finds none free.
        holding = call(h, 'GET', '/api/admin/bookings', undefined, staff);
        await expect.poll(() => lock.waiting(), { timeout: 5_000 }).toBeGreaterThan(0);
        const refused = await call(h, 'GET', `/api/cars/${cars[0]!.id}/booked-dates`);
        expect(refused.status, JSON.stringify(refused.body)).toBe(503);
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      } finally {
        await lock.release();
      }
      expect((await holding).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../src/server/auth/rateLimit';
import { clock } from '../../src/server/clock';
import { openOrm } from '../../src/server/db/orm';
import { RateLimitWindow } from '../../src/server/db/entities';
import { DEFAULT_RATE_LIMITS } from '../../src/server/env';
import { setLogLevel } from '../../src/server/logger';
import { AppError } from '../../src/shared/errors';
import { createHarness, type Harness } from '../utils/harness';

/**
 * The per-address limits as every instance counts them: in PostgreSQL, one upsert per call, with
 * the server's controllable clock deciding when a window has passed.
 */
const MINUTE = 60_000;
const limits = { ...DEFAULT_RATE_LIMITS, contact: { max: 3, windowMs: MINUTE }, bookings: { max: 3, windowMs: MINUTE } };
let h: Harness;
let limiter: RateLimiter;
let next = 0;
/** A caller no other test has used (the windows live in the database for the whole file). */
const caller = () => `203.0.113.${(next += 1)}`;

beforeAll(async () => {
  h = await createHarness();
  limiter = new RateLimiter(limits, h.orm);
});
afterAll(() => h.close());
afterEach(() => clock.reset());

async function refusal(action: () => Promise<void>): Promise<AppError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

async function hits(times: number, name: 'contact' | 'bookings', subject: string, by = limiter): Promise<void> {
  for (let i = 0; i < times; i += 1) await by.hit(name, subject);
}

describe('RateLimiter on PostgreSQL', () => {
  it('lets max calls through and refuses the next with 429 and a Retry-After for the rest of the window', async () => {
    const a = caller();
    await hits(3, 'contact', a);
    const error = await refusal(() => limiter.hit('contact', a));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(error.retryAfter).toBe(60);

    clock.advance(30_000);
    expect((await refusal(() => limiter.hit('contact', a))).retryAfter).toBe(30);
  });

  it('counts each address separately', async () => {
    const [a, b] = [caller(), caller()];
    await hits(3, 'contact', a);
    await expect(limiter.hit('contact', a)).rejects.toThrow(AppError);
    await expect(limiter.hit('contact', b)).resolves.toBeUndefined();
  });

  it('counts each purpose separately', async () => {
    const a = caller();
    await hits(3, 'contact', a);
    await expect(limiter.hit('contact', a)).rejects.toThrow(AppError);
    await hits(3, 'bookings', a);
    await expect(limiter.hit('bookings', a)).rejects.toThrow(AppError);
  });

  it('lets the address in again once the window has passed, for a new window from that call', async () => {
    const a = caller();
    await hits(3, 'contact', a);
    await expect(limiter.hit('contact', a)).rejects.toThrow(AppError);
    clock.advance(MINUTE);
    await hits(3, 'contact', a);
    const error = await refusal(() => limiter.hit('contact', a));
    expect(error.retryAfter).toBe(60);
  });

  it('still refuses just before the window ends, counting from the first call of the window', async () => {
    const a = caller();
    await limiter.hit('contact', a);
    clock.advance(40_000);
    await hits(2, 'contact', a);
    clock.advance(MINUTE - 40_000 - 5_000);
    expect((await refusal(() => limiter.hit('contact', a))).retryAfter).toBe(5);
    clock.advance(5_000);
    await expect(limiter.hit('contact', a)).resolves.toBeUndefined();
  });

  it('two instances on one database count the same calls: alternating between them reaches the limit together', async () => {
    const other = new RateLimiter(limits, h.orm);
    const a = caller();
    await limiter.hit('contact', a);
    await other.hit('contact', a);
    await limiter.hit('contact', a);
    await expect(other.hit('contact', a)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(limiter.hit('contact', a)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('counts simultaneous calls exactly: of 40 at once, max get through', async () => {
    const a = caller();
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => (i % 2 ? limiter : new RateLimiter(limits, h.orm)).hit('contact', a)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.status === 429)).toHaveLength(37);
  });

  it('keeps one row per purpose and caller, and the sweep deletes only the windows that have passed', async () => {
    const [a, b] = [caller(), caller()];
    await hits(3, 'contact', a);
    await expect(limiter.hit('contact', a)).rejects.toThrow(AppError);
    clock.advance(30_000);
    await hits(2, 'bookings', b);
    const rows = () => h.orm.em.fork().find(RateLimitWindow, { subject: { $in: [a, b] } }, { orderBy: { name: 'asc' } });
    expect((await rows()).map((row) => [row.name, row.subject, row.hits])).toEqual([
      ['bookings', b, 2],
      ['contact', a, 4],
    ]);

    clock.advance(30_000);
    await limiter.sweep();
    expect((await rows()).map((row) => [row.name, row.subject])).toEqual([['bookings', b]]);
    clock.advance(30_000);
    await limiter.sweep();
    expect(await rows()).toEqual([]);
  });

  it("never counts when RATE_LIMITS is 'off'", async () => {
    const off = new RateLimiter('off', h.orm);
    const a = caller();
    for (let i = 0; i < 100; i += 1) await off.hit('bookings', a);
    expect(await h.orm.em.fork().count(RateLimitWindow, { subject: a })).toBe(0);
  });

  it('lets calls through, with a log line, when PostgreSQL cannot count them', async () => {
    const orm = await openOrm(h.databaseUrl, 2);
    const unreachable = new RateLimiter({ ...limits, contact: { max: 1, windowMs: MINUTE } }, orm);
    await orm.close(true);
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    setLogLevel('warn');
    try {
      const a = caller();
      await hits(3, 'contact', a, unreachable);
    } finally {
      setLogLevel('silent');
      write.mockRestore();
    }
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', event: 'rate_limit.unavailable', name: 'contact' });
  });
});

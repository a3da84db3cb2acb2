import type { MikroORM } from '@mikro-orm/postgresql';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/server/auth/throttle';
import { RateLimiter } from '../../src/server/auth/rateLimit';
import { clock } from '../../src/server/clock';

const MINUTE = 60_000;
const A = '203.0.113.7';
const B = '198.51.100.4';

afterEach(() => {
  clock.reset();
});

/** The counting itself is PostgreSQL's: tests/integration/rate-limit.test.ts. */
describe('RateLimiter', () => {
  it("never refuses, and never asks the database, when RATE_LIMITS is 'off'", async () => {
    const noDatabase = new Proxy({}, {
      get() {
        throw new Error('the database was asked');
      },
    }) as MikroORM;
    const limiter = new RateLimiter('off', noDatabase);
    for (let i = 0; i < 1_000; i += 1) await limiter.hit('bookings', A);
  });
});

describe('LoginThrottle', () => {
  it('answers at once for the first failures, then waits longer and longer, at most 5 s', () => {
    const throttle = new LoginThrottle();
    const delays: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      delays.push(throttle.delayMs(A));
      throttle.fail(A);
    }
    expect(delays).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('blocks an address after 10 failures until the 15-minute window has passed', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 9; i += 1) throttle.fail(A);
    expect(throttle.blockedFor(A)).toBe(0);
    throttle.fail(A);
    expect(throttle.blockedFor(A)).toBe(900);

    clock.advance(10 * MINUTE);
    expect(throttle.blockedFor(A)).toBe(300);
    clock.advance(5 * MINUTE);
    expect(throttle.blockedFor(A)).toBe(0);
    expect(throttle.delayMs(A)).toBe(0);
  });

  it('forgets failures older than the window (sliding)', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 5; i += 1) throttle.fail(A);
    clock.advance(10 * MINUTE);
    for (let i = 0; i < 5; i += 1) throttle.fail(A);
    expect(throttle.blockedFor(A)).toBe(300);
    clock.advance(5 * MINUTE);
    // the first five have expired; five recent failures remain
    expect(throttle.blockedFor(A)).toBe(0);
    expect(throttle.delayMs(A)).toBe(1000);
  });

  it('throttles each address on its own', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 10; i += 1) throttle.fail(A);
    expect(throttle.blockedFor(A)).toBeGreaterThan(0);
    expect(throttle.blockedFor(B)).toBe(0);
    expect(throttle.delayMs(B)).toBe(0);
  });

  it('clears the failures of an address after a successful sign-in', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 10; i += 1) throttle.fail(A);
    throttle.succeed(A);
    expect(throttle.blockedFor(A)).toBe(0);
    expect(throttle.delayMs(A)).toBe(0);
  });
});

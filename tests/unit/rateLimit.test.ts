import type { MikroORM } from '@mikro-orm/postgresql';
import { afterEach, describe, expect, it } from 'vitest';
import { THROTTLE_LIMITS, throttleDelayMs } from '../../src/server/auth/throttle';
import { RateLimiter } from '../../src/server/auth/rateLimit';
import { clock } from '../../src/server/clock';

const A = '203.0.113.7';

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

describe('sign-in throttle delays', () => {
  it('answers at once for the first failures, then waits longer and longer, at most 5 s', () => {
    const delays = Array.from({ length: 10 }, (_, failures) => throttleDelayMs(failures, THROTTLE_LIMITS.pair.slowAfter));
    expect(delays).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('slows an account or an address later than one account from one address, and blocks them later too', () => {
    expect(THROTTLE_LIMITS.account.slowAfter).toBeGreaterThan(THROTTLE_LIMITS.pair.slowAfter);
    expect(THROTTLE_LIMITS.address.blockAfter).toBeGreaterThan(THROTTLE_LIMITS.account.blockAfter);
    expect(throttleDelayMs(9, THROTTLE_LIMITS.account.slowAfter)).toBe(0);
    expect(throttleDelayMs(11, THROTTLE_LIMITS.account.slowAfter)).toBe(500);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../src/server/auth/throttle';
import { RateLimiter } from '../../src/server/auth/rateLimit';
import { clock } from '../../src/server/clock';
import { DEFAULT_RATE_LIMITS } from '../../src/server/env';
import { AppError } from '../../src/shared/errors';

const MINUTE = 60_000;
const A = '203.0.113.7';
const B = '198.51.100.4';

function refusal(action: () => void): AppError {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

afterEach(() => {
  clock.reset();
});

describe('RateLimiter', () => {
  const limits = { ...DEFAULT_RATE_LIMITS, contact: { max: 3, windowMs: MINUTE } };

  it('lets max requests through and refuses the next with 429 and a Retry-After for the rest of the window', () => {
    const limiter = new RateLimiter(limits);
    for (let i = 0; i < 3; i += 1) limiter.hit('contact', A);
    const error = refusal(() => limiter.hit('contact', A));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(error.retryAfter).toBe(60);

    clock.advance(30_000);
    expect(refusal(() => limiter.hit('contact', A)).retryAfter).toBe(30);
  });

  it('counts each address separately', () => {
    const limiter = new RateLimiter(limits);
    for (let i = 0; i < 3; i += 1) limiter.hit('contact', A);
    expect(() => limiter.hit('contact', A)).toThrow(AppError);
    expect(() => limiter.hit('contact', B)).not.toThrow();
  });

  it('counts each purpose separately', () => {
    const limiter = new RateLimiter({ ...limits, bookings: { max: 3, windowMs: MINUTE } });
    for (let i = 0; i < 3; i += 1) limiter.hit('contact', A);
    expect(() => limiter.hit('contact', A)).toThrow(AppError);
    for (let i = 0; i < 3; i += 1) limiter.hit('bookings', A);
    expect(() => limiter.hit('bookings', A)).toThrow(AppError);
  });

  it('lets the address in again once the window has passed', () => {
    const limiter = new RateLimiter(limits);
    for (let i = 0; i < 3; i += 1) limiter.hit('contact', A);
    expect(() => limiter.hit('contact', A)).toThrow(AppError);
    clock.advance(MINUTE);
    for (let i = 0; i < 3; i += 1) limiter.hit('contact', A);
    expect(() => limiter.hit('contact', A)).toThrow(AppError);
  });

  it('still refuses just before the window ends', () => {
    const limiter = new RateLimiter(limits);
    for (let i = 0; i < 3; i += 1) limiter.hit('contact', A);
    clock.advance(MINUTE - 5_000);
    expect(() => limiter.hit('contact', A)).toThrow(AppError);
  });

  it("never refuses when RATE_LIMITS is 'off'", () => {
    const limiter = new RateLimiter('off');
    for (let i = 0; i < 1_000; i += 1) limiter.hit('bookings', A);
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

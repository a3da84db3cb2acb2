import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_LIMITS, throttleDelayMs } from '../../src/server/auth/throttle';
import { clock } from '../../src/server/clock';
import { createHarness, type Harness } from '../utils/harness';
import { SPEC, call, signIn } from './helpers';

/**
 * A harness of its own: the sign-in throttle counts failures per address, and every request made
 * through `app.request` comes from the same address unless it names one in X-Forwarded-For
 * (TRUST_PROXY is on). RATE_LIMITS is off here (the harness default): sign-in throttling must
 * stay on regardless. The throttle's pauses pass at once and move the clock instead, so the test
 * sees each pause (as time the clock moved on) without spending it.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { TRUST_PROXY: 'true' } });
  clock.waitInstantly();
});
afterAll(async () => {
  clock.reset();
  await h.close();
});

/** How far the clock has been moved on, by the throttle's pauses. */
const waited = () => clock.now().getTime() - Date.now();

describe('sign-in throttling', () => {
  it(
    'refuses sign-in with 429 and Retry-After after repeated failures from one address, even with the right password',
    async () => {
      const statuses: number[] = [];
      const before = waited();
      // the throttle slows each attempt after the third failure (up to a few seconds), then refuses
      for (let attempt = 0; attempt < 12 && statuses.at(-1) !== 429; attempt += 1) {
        const { answer } = await signIn(h, `wrong password ${attempt}`);
        statuses.push(answer.status);
        if (answer.status === 401) expect(answer.body).toEqual({ message: SPEC.wrongPassword });
      }
      const { slowAfter, blockAfter } = THROTTLE_LIMITS.pair;
      expect(statuses).toEqual([...Array<number>(blockAfter).fill(401), 429]);
      // Each attempt after the third failure was held: 250 ms, doubling, at most 5 s.
      const pauses = Array.from({ length: blockAfter }, (_, failures) => throttleDelayMs(failures, slowAfter));
      expect(pauses.slice(0, slowAfter + 2)).toEqual([0, 0, 0, 250, 500]);
      expect(Math.abs(waited() - before - pauses.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(2);

      const right = await signIn(h);
      expect(right.answer.status).toBe(429);
      expect(right.setCookie).toBeNull();
      expect(right.answer.body).toEqual({ message: expect.any(String) });
      expect(Number(right.answer.headers.get('retry-after'))).toBeGreaterThan(0);

      // staff with the API token are not locked out meanwhile
      expect((await call(h, 'GET', '/api/admin/bookings', undefined, { staff: true })).status).toBe(200);
    },
    90_000,
  );

  it(
    'counts simultaneous wrong passwords from one address: at most 10 are checked, the rest answer 429',
    async () => {
      const from = { 'x-forwarded-for': '203.0.113.50' };
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(h, `simultaneous guess ${i}`, from)));
      const statuses = answers.map((a) => a.answer.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
      expect((await signIn(h, undefined, from)).answer.status).toBe(429);
      // another address is not affected
      expect((await signIn(h, undefined, { 'x-forwarded-for': '203.0.113.51' })).answer.status).toBe(200);
    },
    90_000,
  );

  it(
    'takes the address the proxy adds (the last X-Forwarded-For entry), so a client cannot shake off the limit by sending its own',
    async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12 && statuses.at(-1) !== 429; attempt += 1) {
        const spoofed = { 'x-forwarded-for': `10.0.${attempt}.1, 198.51.100.77` };
        statuses.push((await signIn(h, `wrong password ${attempt}`, spoofed)).answer.status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect((await signIn(h, undefined, { 'x-forwarded-for': '10.9.9.9, 198.51.100.77' })).answer.status).toBe(429);
    },
    90_000,
  );
});

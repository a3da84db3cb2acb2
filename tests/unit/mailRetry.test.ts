import { describe, expect, it } from 'vitest';
import { MAX_MAIL_ATTEMPTS, retryDelaySeconds } from '../../src/server/mail/worker';

describe('retryDelaySeconds', () => {
  it.each([
    [1, 5],
    [2, 15],
    [3, 30],
    [4, 60],
    [5, 120],
    [6, 300],
    [7, 600],
    [20, 600],
  ])('waits %i failures -> %i s before the next attempt', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });

  it('never shortens the wait as failures pile up, and never waits longer than 10 minutes', () => {
    let previous = 0;
    for (let attempts = 1; attempts <= MAX_MAIL_ATTEMPTS; attempts += 1) {
      const delay = retryDelaySeconds(attempts);
      expect(delay).toBeGreaterThanOrEqual(previous);
      expect(delay).toBeLessThanOrEqual(600);
      previous = delay;
    }
  });

  it('keeps retrying for hours before giving up, so a mail server outage loses nothing', () => {
    let total = 0;
    for (let attempts = 1; attempts < MAX_MAIL_ATTEMPTS; attempts += 1) total += retryDelaySeconds(attempts);
    expect(total).toBeGreaterThanOrEqual(4 * 3600);
  });
});

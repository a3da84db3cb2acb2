import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { clock } from '../clock';
import type { RateLimit, RateLimitName } from '../env';

/**
 * Fixed-window request counting per address and purpose, in memory. Limits are per server
 * instance; behind a gateway that limits, RATE_LIMITS=off turns them off.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limits: Record<RateLimitName, RateLimit> | 'off') {}

  /** Counts one request; throws 429 when the address is over its limit. */
  hit(name: RateLimitName, address: string): void {
    if (this.limits === 'off') return;
    const limit = this.limits[name];
    const now = clock.now().getTime();
    const key = `${name}:${address}`;
    const window = this.windows.get(key);
    if (!window || now - window.start >= limit.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 50_000) this.sweep(now);
      return;
    }
    window.count += 1;
    if (window.count > limit.max) {
      const retryAfter = Math.ceil((window.start + limit.windowMs - now) / 1000);
      throw new AppError('TOO_MANY_REQUESTS', messages.errors.tooManyRequests, { retryAfter });
    }
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      const name = key.slice(0, key.indexOf(':')) as RateLimitName;
      if (this.limits === 'off' || now - window.start >= this.limits[name].windowMs) this.windows.delete(key);
    }
  }
}

import { clock } from '../clock';

/**
 * Sign-in throttling per address: after `slowAfter` failures in the window each attempt waits a
 * little longer; after `blockAfter` the address gets 429 until the window passes. It stays on
 * even when RATE_LIMITS=off.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly windowMs = 15 * 60_000,
    private readonly slowAfter = 3,
    private readonly blockAfter = 10,
  ) {}

  private recent(address: string): number[] {
    const since = clock.now().getTime() - this.windowMs;
    const list = (this.failures.get(address) ?? []).filter((at) => at > since);
    if (list.length) this.failures.set(address, list);
    else this.failures.delete(address);
    return list;
  }

  /** Seconds until the address may try again, or 0 when it may try now. */
  blockedFor(address: string): number {
    const list = this.recent(address);
    if (list.length < this.blockAfter) return 0;
    const oldest = list[list.length - this.blockAfter] ?? clock.now().getTime();
    return Math.max(1, Math.ceil((oldest + this.windowMs - clock.now().getTime()) / 1000));
  }

  /** How long to hold this attempt before answering, in milliseconds. */
  delayMs(address: string): number {
    const count = this.recent(address).length;
    return count < this.slowAfter ? 0 : Math.min(5_000, 250 * 2 ** (count - this.slowAfter));
  }

  fail(address: string): void {
    const list = this.recent(address);
    list.push(clock.now().getTime());
    this.failures.set(address, list);
  }

  succeed(address: string): void {
    this.failures.delete(address);
  }
}

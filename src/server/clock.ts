/**
 * The server's one source of "now". Session expiry, upload clean-up, retention and "today" all
 * read it, so tests can move time forward instead of sleeping.
 */
let offsetMs = 0;
let instantWaits = false;

export const clock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  /** Tests only: shifts the clock forward (or back) by `ms`. */
  advance(ms: number): void {
    offsetMs += ms;
  },
  /** Tests only: back to real time, waits on timers again. */
  reset(): void {
    offsetMs = 0;
    instantWaits = false;
  },
  /**
   * Holds the caller for `ms` (the sign-in throttle's pause). With `instantWaits` on (tests only)
   * the clock moves on by `ms` at once instead, so a test sees the pause in `now()` without spending it.
   */
  wait(ms: number): Promise<void> {
    if (instantWaits) {
      offsetMs += ms;
      return Promise.resolve();
    }
    return new Promise((resolve) => setTimeout(resolve, ms));
  },
  /** Tests only: waits pass at once, moving the clock (see `wait`). */
  waitInstantly(on = true): void {
    instantWaits = on;
  },
};

/**
 * The server's one source of "now". Session expiry, upload clean-up, retention and "today" all
 * read it, so tests can move time forward instead of sleeping.
 */
let offsetMs = 0;

export const clock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  /** Tests only: shifts the clock forward (or back) by `ms`. */
  advance(ms: number): void {
    offsetMs += ms;
  },
  /** Tests only: back to real time. */
  reset(): void {
    offsetMs = 0;
  },
};

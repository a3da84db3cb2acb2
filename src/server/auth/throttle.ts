import { sha256Hex } from './digest';
import { raw } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { clock } from '../clock';
import { RateLimitWindow } from '../db/entities';
import { countWindows, type WindowKey } from './rateLimit';

/** Failures are counted in windows of 15 minutes that start at a key's first failure. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

/**
 * What each count allows: after `slowAfter` failures each attempt waits longer (250 ms, doubling,
 * at most 5 s), and after `blockAfter` the next is refused (429) until the window has passed.
 * - `pair`: one account from one address (or from one known device). The office's address shared
 *   by everyone: one person's typos slow and lock only their own account there.
 * - `account`: one account from every address that is not a known device: guessing from many
 *   addresses slows, then stops; the account's own devices still sign in.
 * - `address`: every account from one address, except from known devices: one address trying many
 *   accounts is stopped, without locking out a colleague's device that signed in before.
 */
export const THROTTLE_LIMITS = {
  pair: { slowAfter: 3, blockAfter: 10 },
  account: { slowAfter: 10, blockAfter: 50 },
  address: { slowAfter: 10, blockAfter: 100 },
} as const;
type Scope = keyof typeof THROTTLE_LIMITS;

/**
 * Wrong second-factor codes, counted per account (per device for a known device's attempts) over
 * a day: a six-digit code has only a million values, and only someone who knows the password
 * reaches it, so the password's 15-minute windows would let a thief try thousands a day.
 */
export const CODE_WINDOW_MS = 24 * 3_600_000;
export const CODE_BLOCK_AFTER = 20;

/** How long to hold an attempt that follows `failures` failures of a key with `slowAfter`. */
export function throttleDelayMs(failures: number, slowAfter: number): number {
  return failures < slowAfter ? 0 : Math.min(5_000, 250 * 2 ** (failures - slowAfter));
}

export interface SignInAttempt {
  /** The caller's address as the per-address limits count it (`RequestMeta.network`). */
  network: string;
  /** The account's e-mail address as typed (lower-cased), whether or not an account has it. */
  email: string;
  /** The known device's id, when the browser carries a device cookie this account signed. */
  device: string | null;
}

/** Refuses an attempt (429) until its count's window ends. */
function refuse(expiresAt: Date, now: Date): never {
  throw new AppError('TOO_MANY_REQUESTS', messages.errors.tooManyAttempts, { retryAfter: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)) });
}

/**
 * Sign-in throttling, counted in PostgreSQL (the `rate_limit_window` table, under names of its
 * own) so that every instance counts the same failures. It stays on with RATE_LIMITS=off.
 *
 * Each attempt is counted before its password is checked, in one statement, so simultaneous
 * attempts cannot all slip past a count; a right password then takes its own count back.
 */
export class SignInThrottle {
  constructor(private readonly orm: MikroORM) {}

  private keys(attempt: SignInAttempt): Array<WindowKey & { scope: Scope }> {
    const account = sha256Hex(attempt.email);
    if (attempt.device) return [{ scope: 'pair', name: 'signin:device', subject: sha256Hex(`${attempt.device}\n${attempt.email}`) }];
    return [
      { scope: 'pair', name: 'signin:pair', subject: sha256Hex(`${attempt.network}\n${attempt.email}`) },
      { scope: 'account', name: 'signin:account', subject: account },
      { scope: 'address', name: 'signin:address', subject: attempt.network },
    ];
  }

  /**
   * Counts the attempt. Throws 429 (with the seconds left) when a count is over its limit;
   * otherwise answers how long to hold the attempt before checking it.
   */
  async attempt(attempt: SignInAttempt): Promise<number> {
    const keys = this.keys(attempt);
    const now = clock.now();
    const counted = await countWindows(this.orm.em.fork(), keys, now, THROTTLE_WINDOW_MS);
    let delay = 0;
    for (const key of keys) {
      const row = counted.find((c) => c.name === key.name);
      if (!row) continue;
      const limit = THROTTLE_LIMITS[key.scope];
      if (row.hits > limit.blockAfter) refuse(row.expiresAt, now);
      delay = Math.max(delay, throttleDelayMs(row.hits - 1, limit.slowAfter));
    }
    return delay;
  }

  private codeKey(attempt: SignInAttempt): WindowKey {
    if (attempt.device) return { name: 'signin:code-device', subject: sha256Hex(`${attempt.device}\n${attempt.email}`) };
    return { name: 'signin:code', subject: sha256Hex(attempt.email) };
  }

  /**
   * Counts a second-factor code (or recovery code) about to be checked, after a right password;
   * throws 429 when the account's codes from unknown devices, or this known device's, are over
   * the day's limit. A known device keeps its own count, so a thief's guesses never lock it out.
   */
  async attemptCode(attempt: SignInAttempt): Promise<void> {
    const now = clock.now();
    const [row] = await countWindows(this.orm.em.fork(), [this.codeKey(attempt)], now, CODE_WINDOW_MS);
    if (row && row.hits > CODE_BLOCK_AFTER) refuse(row.expiresAt, now);
  }

  /** A right code: its attempt no longer counts. */
  async succeedCode(attempt: SignInAttempt): Promise<void> {
    const { name, subject } = this.codeKey(attempt);
    await this.orm.em
      .fork()
      .createQueryBuilder(RateLimitWindow)
      .update({ hits: raw('greatest(hits - 1, 0)') })
      .where({ name, subject })
      .execute();
  }

  /** A right password: its pair's failures are forgotten, and its attempt no longer counts against the account or the address. */
  async succeed(attempt: SignInAttempt): Promise<void> {
    const [pair, ...shared] = this.keys(attempt);
    const em = this.orm.em.fork();
    await em.nativeDelete(RateLimitWindow, { name: pair!.name, subject: pair!.subject });
    if (!shared.length) return;
    await em
      .createQueryBuilder(RateLimitWindow)
      .update({ hits: raw('greatest(hits - 1, 0)') })
      .where({ $or: shared.map(({ name, subject }) => ({ name, subject })) })
      .execute();
  }
}

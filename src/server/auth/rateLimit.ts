import { raw } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { clock } from '../clock';
import { RateLimitWindow } from '../db/entities';
import type { RateLimit, RateLimitName } from '../env';
import { describeError, log } from '../logger';

/** Longest subject kept (an IPv6 address with a zone, or `booking:<uuid>`, fits). */
const SUBJECT_LENGTH = 64;

/**
 * Fixed-window counting per caller and purpose, kept in PostgreSQL (`rate_limit_window`) so that
 * every instance counts the same calls. A window starts at a caller's first call and lasts the
 * limit's window; each counted call is one `insert ... on conflict ... do update ... returning`,
 * which starts a new window when the row's has passed, else adds one, and answers the count.
 *
 * The limits guard against floods; they are not a rule of the business. When PostgreSQL cannot
 * count a call (an outage, a timeout), the call goes on uncounted and `rate_limit.unavailable` is
 * logged: a write that needs the database meets the same outage at its own step and answers 503,
 * and one that does not (Find my booking) keeps its answer.
 */
export class RateLimiter {
  constructor(
    private readonly limits: Record<RateLimitName, RateLimit> | 'off',
    private readonly orm: MikroORM,
  ) {}

  /** Counts one call; throws 429 (with the seconds left of the window) when the caller is over its limit. */
  async hit(name: RateLimitName, subject: string): Promise<void> {
    if (this.limits === 'off') return;
    const limit = this.limits[name];
    const now = clock.now();
    let counted: { hits: number; expiresAt: Date };
    try {
      counted = await this.count(name, subject.slice(0, SUBJECT_LENGTH), now, limit.windowMs);
    } catch (error) {
      log.warn('rate_limit.unavailable', { name, ...describeError(error) });
      return;
    }
    if (counted.hits > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((counted.expiresAt.getTime() - now.getTime()) / 1000));
      throw new AppError('TOO_MANY_REQUESTS', messages.errors.tooManyRequests, { retryAfter });
    }
  }

  /** Deletes the windows that have passed (the hourly housekeeping); answers how many. */
  async sweep(): Promise<number> {
    return this.orm.em
      .fork()
      .createQueryBuilder(RateLimitWindow)
      .delete({ expiresAt: { $lte: clock.now() } })
      .execute('run')
      .then((result) => result.affectedRows);
  }

  private async count(name: RateLimitName, subject: string, now: Date, windowMs: number): Promise<{ hits: number; expiresAt: Date }> {
    const [row] = await countWindows(this.orm.em.fork(), [{ name, subject }], now, windowMs);
    return row!;
  }
}

export interface WindowKey {
  /** At most 32 characters. */
  name: string;
  /** At most 64 characters (longer ones are cut). */
  subject: string;
}

/**
 * Counts one call for each key in `rate_limit_window`, in one statement: a key's window starts at
 * its first call and lasts `windowMs`; a call after it has passed starts a new one. Answers each
 * key's count so far, this call included, and when its window ends. The sign-in throttle counts
 * its failures here too.
 */
export async function countWindows(em: EntityManager, keys: WindowKey[], now: Date, windowMs: number): Promise<Array<WindowKey & { hits: number; expiresAt: Date }>> {
  const { tableName } = em.getMetadata(RateLimitWindow);
  const [expiresAt, hits] = [`${tableName}.expires_at`, `${tableName}.hits`];
  const rows: Array<{ name: string; subject: string; hits: number; expiresAt: Date | string }> = await em
    .createQueryBuilder(RateLimitWindow)
    .insert(keys.map(({ name, subject }) => ({ name, subject: subject.slice(0, SUBJECT_LENGTH), hits: 1, expiresAt: new Date(now.getTime() + windowMs) })))
    .onConflict(['name', 'subject'])
    .merge({
      hits: raw('case when ?? <= ? then 1 else ?? + 1 end', [expiresAt, now, hits]),
      expiresAt: raw('case when ?? <= ? then excluded.expires_at else ?? end', [expiresAt, now, expiresAt]),
    })
    .returning(['name', 'subject', 'hits', 'expiresAt'])
    .execute('all');
  return rows.map((row) => ({ name: row.name, subject: row.subject, hits: Number(row.hits), expiresAt: new Date(row.expiresAt) }));
}

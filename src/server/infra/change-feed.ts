import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { describeError, log } from '../logger';

/** The PostgreSQL channels on which every instance hears what changed. */
export const CHANNELS = {
  /** A car was added, edited or removed: the fleet list. */
  fleet: 'fleet_changed',
  /** A booking's days or status changed (or bookings went with their car or customer): booked dates. */
  bookings: 'bookings_changed',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/**
 * What a notice says changed: the ids of the things that changed (the cars whose bookings changed,
 * on `bookings_changed`), or null for "anything may have changed".
 */
export type Subjects = readonly string[] | null;

/** A notice's payload holds its subjects joined by commas, or nothing for "anything"; PostgreSQL allows under 8000 bytes. */
const MAX_PAYLOAD = 7_900;

export function encodeSubjects(subjects: Subjects): string {
  if (!subjects?.length) return '';
  const payload = [...new Set(subjects)].join(',');
  return payload.length <= MAX_PAYLOAD ? payload : '';
}

export function decodeSubjects(payload: string | undefined): Subjects {
  return payload ? payload.split(',') : null;
}

/**
 * Tells every instance, through PostgreSQL `NOTIFY`, that `channel`'s data changed. Call it inside
 * the change's transaction: PostgreSQL delivers the notice only if the transaction commits.
 * https://www.postgresql.org/docs/current/sql-notify.html
 */
export async function announce(em: EntityManager, channel: Channel): Promise<void> {
  await em.execute(`select pg_notify('${channel}', '')`);
}

/**
 * Tells every instance that `channel`'s data changed, after the change has committed: for busy
 * channels (a booking each). PostgreSQL serializes the commits of transactions that sent NOTIFY
 * (each holds a database-wide lock through its commit, fsync included), which capped bookings at
 * one commit per disk flush; sent outside the change's transaction, the bookings commit side by
 * side again. Notices are coalesced per channel: one in flight at a time, and every call made
 * meanwhile shares the next one, which starts after the call (so after the caller's commit). The
 * promise settles once that notice is sent; a failure is logged, never thrown (the change is
 * committed, and an instance that lost the database forgets everything when it reconnects).
 */
export async function announceCommitted(orm: MikroORM, channel: Channel, subjects: Subjects = null): Promise<void> {
  let announcer = announcers.get(orm);
  if (!announcer) {
    announcer = new Announcer((name, payload) => orm.em.getConnection().execute(`select pg_notify(?, ?)`, [name, payload]).then(() => undefined));
    announcers.set(orm, announcer);
  }
  await announcer.announce(channel, subjects);
}

const announcers = new WeakMap<MikroORM, Announcer>();

/**
 * Coalesces notices per channel: see `announceCommitted`. The notice that calls share names every
 * subject they named, or nothing ("anything changed") when one of them named none or there are
 * too many for a payload.
 */
export class Announcer {
  /** The notice that will start after the one in flight; every call made until it starts shares it. */
  private readonly next = new Map<Channel, Promise<void>>();
  /** The subjects of that next notice: null once any call asked for "anything". */
  private readonly nextSubjects = new Map<Channel, Set<string> | null>();
  private readonly inFlight = new Map<Channel, Promise<void>>();

  constructor(private readonly send: (channel: Channel, payload: string) => Promise<void>) {}

  announce(channel: Channel, subjects: Subjects = null): Promise<void> {
    const gathered = this.nextSubjects.get(channel);
    this.nextSubjects.set(channel, gathered === null || !subjects?.length ? null : new Set([...(gathered ?? []), ...subjects]));
    const queued = this.next.get(channel);
    if (queued) return queued;
    const notice = (this.inFlight.get(channel) ?? Promise.resolve()).then(async () => {
      const named = this.nextSubjects.get(channel);
      this.next.delete(channel);
      this.nextSubjects.delete(channel);
      this.inFlight.set(channel, notice);
      try {
        await this.send(channel, encodeSubjects(named ? [...named] : null));
      } catch (error) {
        log.warn('change_feed.notify.failed', { channel, ...describeError(error) });
      } finally {
        if (this.inFlight.get(channel) === notice) this.inFlight.delete(channel);
      }
    });
    this.next.set(channel, notice);
    return notice;
  }
}

/**
 * One `LISTEN` connection per instance, shared by the caches that must forget what other
 * instances changed. It reconnects after a database restart; on losing the connection and once
 * more on regaining it, every subscriber is told that everything may have changed, so a notice
 * missed meanwhile cannot leave stale data behind. `listening` tells whether changes can be heard
 * now; a feed without a database address hears nothing (a single instance in tests).
 */
export class ChangeFeed {
  private readonly handlers = new Map<Channel, Array<(subjects: Subjects) => void>>();
  private client: pg.Client | null = null;
  private connected = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly databaseUrl: string | null) {}

  /** True while other instances' changes reach this one. */
  get listening(): boolean {
    return this.connected;
  }

  /** Calls `handler` with each notice's subjects, and with null when anything may have changed. */
  on(channel: Channel, handler: (subjects: Subjects) => void): void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  async listen(): Promise<void> {
    if (!this.databaseUrl || this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      const subjects = decodeSubjects(message.payload);
      for (const handler of this.handlers.get(message.channel as Channel) ?? []) handler(subjects);
    });
    client.on('error', (error) => {
      log.warn('change_feed.error', describeError(error));
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of Object.values(CHANNELS)) await client.query(`listen ${channel}`);
      this.client = client;
      this.connected = true;
      // Anything may have changed while no one was listening.
      this.everythingChanged();
    } catch (error) {
      log.warn('change_feed.connect.failed', describeError(error));
      await client.end().catch(() => undefined);
      this.scheduleRetry();
    }
  }

  private everythingChanged(): void {
    for (const handlers of this.handlers.values()) for (const handler of handlers) handler(null);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.connected = false;
    this.everythingChanged();
    void client.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, 1000);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }
}

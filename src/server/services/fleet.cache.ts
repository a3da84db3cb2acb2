import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { TCar } from '../../shared/schemas/car.schema';
import { describeError, log } from '../logger';

/** The PostgreSQL channel on which every instance hears that the fleet changed. */
export const FLEET_CHANNEL = 'fleet_changed';

export interface FleetSnapshot {
  cars: TCar[];
  /** The cars as the JSON `GET /api/cars` answers, serialized once per change. */
  json: string;
  /** A strong validator for that JSON. */
  etag: string;
}

/**
 * The fleet list, read from the database once per change and kept serialized: it is the site's
 * most requested answer and changes only when staff edit a car.
 *
 * A change invalidates it at once in this process (`changed`, after the commit) and in every other
 * instance through PostgreSQL `LISTEN/NOTIFY`: the car service sends `pg_notify` inside the
 * change's transaction, so the notice goes out only if the change commits. The listener keeps its
 * own connection and reconnects after a database restart; while it is away, and once more after it
 * returns, nothing is cached, so a missed notice cannot leave a stale list behind.
 * https://www.postgresql.org/docs/current/sql-notify.html
 */
export class FleetCache {
  private snapshot: FleetSnapshot | null = null;
  private loading: Promise<FleetSnapshot> | null = null;
  private generation = 0;
  private listener: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly load: (em: EntityManager) => Promise<TCar[]>,
    private readonly databaseUrl: string | null = null,
  ) {}

  /** The current snapshot, loading it with `em` when there is none. */
  async get(em: EntityManager): Promise<FleetSnapshot> {
    if (this.snapshot && this.listening) return this.snapshot;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load(em).then((cars) => {
      const json = JSON.stringify(cars);
      const snapshot = { cars, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
      // Kept only if no change arrived meanwhile, and only while changes from other instances can be heard.
      if (generation === this.generation && (this.listening || !this.databaseUrl)) this.snapshot = snapshot;
      return snapshot;
    });
    this.loading = loading;
    try {
      return await loading;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }

  /** Forgets the snapshot: the next read loads the fleet again. */
  changed(): void {
    this.generation += 1;
    this.snapshot = null;
    this.loading = null;
  }

  /** Starts hearing other instances' changes. Without a database address the cache is local only. */
  async listen(): Promise<void> {
    if (!this.databaseUrl || this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === FLEET_CHANNEL) this.changed();
    });
    client.on('error', (error) => {
      log.warn('fleet.listener.error', describeError(error));
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${FLEET_CHANNEL}`);
      this.listener = client;
      this.listening = true;
      // Anything may have changed while no one was listening.
      this.changed();
    } catch (error) {
      log.warn('fleet.listener.connect.failed', describeError(error));
      await client.end().catch(() => undefined);
      this.scheduleRetry();
    }
  }

  private lost(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.listening = false;
    this.changed();
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
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}

import type { TCar } from '../../shared/schemas/car.schema';
import { entityTag } from '../http/etag';
import { CHANNELS, type ChangeFeed } from './change-feed';

/** The fleet as it is loaded: the cars in display order, and where each former slug of theirs now leads. */
export interface FleetData {
  cars: TCar[];
  /** A renamed car's former slug -> its current slug (its old page redirects there). */
  formerSlugs: ReadonlyMap<string, string>;
}

export interface FleetSnapshot extends FleetData {
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
 * instance through the change feed (`NOTIFY fleet_changed`, sent inside the change's transaction).
 * While the feed cannot hear other instances, nothing is kept, so a missed notice cannot leave a
 * stale list behind.
 */
export class FleetCache {
  private snapshot: FleetSnapshot | null = null;
  private loading: Promise<FleetSnapshot> | null = null;
  private generation = 0;

  constructor(
    /** Reads the fleet from the database, with an EntityManager of its own (no request's). */
    private readonly load: () => Promise<FleetData>,
    private readonly feed: ChangeFeed | null = null,
  ) {
    feed?.on(CHANNELS.fleet, () => this.changed());
  }

  /**
   * Whether a snapshot may be kept: only while changes can be heard. Without a feed (tests of a
   * lone app) every read goes to the database, as when the feed is down: so while PostgreSQL is
   * unreachable the list answers 503 like everything else instead of a copy of unknown age.
   */
  private get keepable(): boolean {
    return this.feed?.listening ?? false;
  }

  /** The current snapshot, loading it when there is none. */
  async get(): Promise<FleetSnapshot> {
    if (this.snapshot && this.keepable) return this.snapshot;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load().then((fleet) => {
      const json = JSON.stringify(fleet.cars);
      const snapshot = { ...fleet, json, etag: entityTag(json) };
      // Kept only if no change arrived meanwhile, and only while changes from other instances can be heard.
      if (generation === this.generation && this.keepable) this.snapshot = snapshot;
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
}

import type { TBookedRange } from '../../shared/schemas/car.schema';
import { CHANNELS, type ChangeFeed } from './change-feed';

/**
 * How long a car's booked days are reused without asking the database while changes made through
 * other instances cannot be heard (no change feed, or its connection is down).
 */
export const BOOKED_DATES_TTL_MS = 2_000;

/**
 * How long they are reused while the feed listens. A booking change's notice is sent just after
 * its commit, so an instance that dies in between sends none: this bounds how long another
 * instance's calendar can miss such a change. The calendar is only a guide: the exclusion
 * constraint still refuses a booking on taken days (409), whatever a calendar showed.
 */
export const BOOKED_DATES_LISTENING_TTL_MS = 60_000;

interface Entry {
  day: string;
  ranges: TBookedRange[];
  loadedAt: number;
}

/**
 * Each car's occupied ranges for today, as `GET /api/cars/{id}/booked-dates` answers them: the
 * booking calendar asks for them on every car it shows, far more often than bookings change.
 * Cleared after every booking change on this instance and, through the change feed
 * (`NOTIFY bookings_changed` once a booking change has committed, or `fleet_changed` inside a car
 * change's transaction), on every other. Simultaneous misses for one car share one query. An unknown car (the loader throws) is
 * never kept.
 */
export class BookedDatesCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<TBookedRange[]>>();
  private generation = 0;

  constructor(
    private readonly ttlMs = BOOKED_DATES_TTL_MS,
    private readonly feed: ChangeFeed | null = null,
    private readonly listeningTtlMs = BOOKED_DATES_LISTENING_TTL_MS,
  ) {
    feed?.on(CHANNELS.bookings, () => this.changed());
    feed?.on(CHANNELS.fleet, () => this.changed());
  }

  async get(carId: string, day: string, load: () => Promise<TBookedRange[]>): Promise<TBookedRange[]> {
    const hit = this.entries.get(carId);
    const lifetime = this.feed?.listening ? this.listeningTtlMs : this.ttlMs;
    if (hit && hit.day === day && Date.now() - hit.loadedAt < lifetime) return hit.ranges;
    const key = `${carId}/${day}`;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const started = Date.now();
    const loading = load().then((ranges) => {
      // Kept only if no booking changed meanwhile: a read that began before a change may miss it.
      if (generation === this.generation) this.entries.set(carId, { day, ranges, loadedAt: started });
      return ranges;
    });
    this.loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /** Forgets every car's days: called after a booking change commits here, and on every notice. */
  changed(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}

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
 * A car's days are forgotten after a change of its bookings on this instance and, through the
 * change feed (`NOTIFY bookings_changed` with the cars' ids once a booking change has committed),
 * on every other; every car's after a car change (`fleet_changed`) or when the feed was lost. Simultaneous misses for one car share one query. An unknown car (the loader throws) is
 * never kept.
 */
export class BookedDatesCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<TBookedRange[]>>();
  /** Bumped when every car's days are forgotten; each car's own when its days are. */
  private generation = 0;
  private readonly carGenerations = new Map<string, number>();

  constructor(
    private readonly ttlMs = BOOKED_DATES_TTL_MS,
    private readonly feed: ChangeFeed | null = null,
    private readonly listeningTtlMs = BOOKED_DATES_LISTENING_TTL_MS,
  ) {
    feed?.on(CHANNELS.bookings, (carIds) => this.changed(carIds));
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
    const carGeneration = this.carGenerations.get(carId) ?? 0;
    const started = Date.now();
    const loading = load().then((ranges) => {
      // Kept only if the car's bookings did not change meanwhile: a read that began before a change may miss it.
      if (generation === this.generation && carGeneration === (this.carGenerations.get(carId) ?? 0)) this.entries.set(carId, { day, ranges, loadedAt: started });
      return ranges;
    });
    this.loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /**
   * Forgets the days of `carIds`, or of every car when null: called after a booking change commits
   * here (with the cars it touched), and on every notice (with the cars it names).
   */
  changed(carIds: readonly string[] | null = null): void {
    if (!carIds) {
      this.generation += 1;
      this.entries.clear();
      this.loading.clear();
      return;
    }
    for (const carId of carIds) {
      this.carGenerations.set(carId, (this.carGenerations.get(carId) ?? 0) + 1);
      this.entries.delete(carId);
      for (const key of this.loading.keys()) if (key.startsWith(`${carId}/`)) this.loading.delete(key);
    }
  }
}

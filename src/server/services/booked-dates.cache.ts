import type { TBookedRange } from '../../shared/schemas/car.schema';

/**
 * How long a car's booked days are reused here without asking the database. This instance clears
 * them the moment its own booking changes commit; a change made through another instance shows
 * here within this time. The calendar is only a guide: the exclusion constraint still refuses a
 * booking on taken days (409), whatever a calendar showed.
 */
export const BOOKED_DATES_TTL_MS = 2_000;

interface Entry {
  day: string;
  ranges: TBookedRange[];
  until: number;
}

/**
 * Each car's occupied ranges for today, as `GET /api/cars/{id}/booked-dates` answers them: the
 * booking calendar asks for them on every car it shows, far more often than bookings change.
 * Simultaneous misses for one car share one query. An unknown car (the loader throws) is never kept.
 */
export class BookedDatesCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<TBookedRange[]>>();
  private generation = 0;

  constructor(private readonly ttlMs = BOOKED_DATES_TTL_MS) {}

  async get(carId: string, day: string, load: () => Promise<TBookedRange[]>): Promise<TBookedRange[]> {
    const hit = this.entries.get(carId);
    if (hit && hit.day === day && hit.until > Date.now()) return hit.ranges;
    const key = `${carId}/${day}`;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const started = Date.now();
    const loading = load().then((ranges) => {
      // Kept only if no booking changed meanwhile: a read that began before a change may miss it.
      if (generation === this.generation) this.entries.set(carId, { day, ranges, until: started + this.ttlMs });
      return ranges;
    });
    this.loading.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /** Forgets every car's days: called after a booking change commits here. */
  changed(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}

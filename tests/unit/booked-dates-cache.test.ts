import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookedDatesCache } from '../../src/server/infra/booked-dates.cache';

const CAR = '7a1f3c52-0a4e-4c55-9d43-3f1f0b3a5b10';
const range = (start: string) => [{ start, end: start }];

/** A loader that counts its calls and answers what it is told. */
function loader(answer: () => Promise<Array<{ start: string; end: string }>>) {
  const calls = { count: 0 };
  return { calls, load: () => ((calls.count += 1), answer()) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('BookedDatesCache', () => {
  it('reuses a car’s days within its lifetime, for the same day only', async () => {
    const cache = new BookedDatesCache(60_000);
    const { calls, load } = loader(async () => range('2027-01-05'));
    expect(await cache.get(CAR, '2027-01-01', load)).toEqual(range('2027-01-05'));
    expect(await cache.get(CAR, '2027-01-01', load)).toEqual(range('2027-01-05'));
    expect(calls.count).toBe(1);
    await cache.get(CAR, '2027-01-02', load);
    expect(calls.count).toBe(2);
  });

  it('asks again once the lifetime has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new BookedDatesCache(60_000);
    const { calls, load } = loader(async () => []);
    await cache.get(CAR, '2027-01-01', load);
    vi.advanceTimersByTime(59_999);
    await cache.get(CAR, '2027-01-01', load);
    expect(calls.count).toBe(1);
    vi.advanceTimersByTime(1);
    await cache.get(CAR, '2027-01-01', load);
    expect(calls.count).toBe(2);
  });

  it('forgets everything when a booking changes, and does not keep a read that began before the change', async () => {
    const cache = new BookedDatesCache(60_000);
    let release!: () => void;
    const slow = cache.get(CAR, '2027-01-01', () => new Promise((resolve) => (release = () => resolve(range('2027-01-05')))));
    cache.changed();
    release();
    expect(await slow).toEqual(range('2027-01-05'));
    const { calls, load } = loader(async () => range('2027-01-09'));
    expect(await cache.get(CAR, '2027-01-01', load)).toEqual(range('2027-01-09'));
    cache.changed();
    await cache.get(CAR, '2027-01-01', load);
    expect(calls.count).toBe(2);
  });

  it('forgets only the cars a change names, and does not keep a read of such a car that began before it', async () => {
    const cache = new BookedDatesCache(60_000);
    const other = '0b7e9a51-3c0d-4f3e-8f0e-2a8e4c1d9f22';
    const mine = loader(async () => range('2027-01-05'));
    const theirs = loader(async () => range('2027-03-01'));
    await cache.get(CAR, '2027-01-01', mine.load);
    await cache.get(other, '2027-01-01', theirs.load);

    let release!: () => void;
    const slow = cache.get(CAR, '2027-01-02', () => new Promise((resolve) => (release = () => resolve(range('2027-01-06')))));
    cache.changed([CAR]);
    release();
    await slow;
    await cache.get(CAR, '2027-01-01', mine.load);
    await cache.get(other, '2027-01-01', theirs.load);
    expect([mine.calls.count, theirs.calls.count]).toEqual([2, 1]);

    const fresh = loader(async () => range('2027-01-07'));
    await cache.get(CAR, '2027-01-02', fresh.load);
    expect(fresh.calls.count, 'the read begun before the change was not kept').toBe(1);
    cache.changed(null);
    await cache.get(other, '2027-01-01', theirs.load);
    expect(theirs.calls.count).toBe(2);
  });

  it('shares one load between simultaneous misses, and keeps nothing when the load fails (unknown car)', async () => {
    const cache = new BookedDatesCache(60_000);
    const { calls, load } = loader(async () => range('2027-02-01'));
    await Promise.all([cache.get(CAR, '2027-01-01', load), cache.get(CAR, '2027-01-01', load), cache.get(CAR, '2027-01-01', load)]);
    expect(calls.count).toBe(1);

    const failing = loader(async () => {
      throw new Error('no such car');
    });
    const other = '0b7e9a51-3c0d-4f3e-8f0e-2a8e4c1d9f22';
    await expect(cache.get(other, '2027-01-01', failing.load)).rejects.toThrow('no such car');
    await expect(cache.get(other, '2027-01-01', failing.load)).rejects.toThrow('no such car');
    expect(failing.calls.count).toBe(2);
  });
});

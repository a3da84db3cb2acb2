import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { link } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { addDays, todayInManila } from '../../src/shared/dates';
import { LocalStorage } from '../../src/server/storage/local';
import { keyFromObjectPath, objectPath } from '../../src/server/storage/storage';
import { pngFile } from '../../tests/e2e/support/files';
import { api } from './api';
import type { BenchServer } from './harness';

/** Public bookings start 1 to 364 days ahead: one-day rentals every other day keep them apart. */
const SLOTS_PER_CAR = 182;

/** A booking ready to be made: its own car and range, and three uploaded documents nobody has attached yet. */
export interface PreparedBooking {
  carId: string;
  pickupDate: string;
  returnDate: string;
  objectKeys: string[];
}

/**
 * `count` bookings that conflict with nothing, each a different car and range (consecutive ones on
 * different cars; cars are added through `POST /api/admin/cars` until there are enough ranges),
 * with their documents. One booking goes through the real upload flow first (ask for an address,
 * PUT the file, book), to show the two agree; the other documents are prepared in bulk the way
 * that flow leaves them: the file in the server's local storage (a hard link to one of three
 * written through its own LocalStorage driver, so that tens of thousands of documents write no
 * data to disk) and an unattached `upload` row. Three uploads per booking through HTTP would take
 * longer than the measurement.
 */
export async function prepareBookings(server: BenchServer, count: number, log: (line: string) => void): Promise<PreparedBooking[]> {
  const bookable = async () => (await api<Array<{ id: string; available: boolean }>>(server.baseURL, 'GET', '/api/cars')).filter((car) => car.available);
  let cars = await bookable();
  const missing = Math.max(0, Math.ceil(((count + 1) * 1.1) / SLOTS_PER_CAR) - cars.length);
  for (let i = 0; i < missing; i += 1) {
    await api(server.baseURL, 'POST', '/api/admin/cars', { name: `Bench Sedan ${i + 1}`, category: 'Compact Sedan', dailyRate: '1800', seats: 5, image: 'vios.jpg' }, { admin: true });
  }
  cars = await bookable();
  const today = todayInManila();
  // Consecutive requests go to different cars; every (car, range) is used once.
  const slots: Array<Omit<PreparedBooking, 'objectKeys'>> = [];
  for (let k = 0; k < SLOTS_PER_CAR; k += 1) {
    for (const car of cars) slots.push({ carId: car.id, pickupDate: addDays(today, 1 + 2 * k), returnDate: addDays(today, 2 + 2 * k) });
  }

  // A booking's three documents are three different files (a booking refuses one file twice), of
  // about 20 kB each; every booking's documents are these three.
  const pngs = [20_000, 21_000, 22_000].map((size, i) => pngFile(`id-${i}.png`, { size }).buffer);
  const uploaded: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const png = pngs[i]!;
    const target = await api<{ uploadURL: string; objectPath: string }>(server.baseURL, 'POST', '/api/objects/upload', { kind: 'document', contentType: 'image/png', size: png.length }, { expect: 200 });
    const put = await fetch(target.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png) });
    if (!put.ok) throw new Error(`upload PUT answered ${put.status}`);
    uploaded.push(target.objectPath);
  }
  const smoke = slots.shift()!;
  await api(server.baseURL, 'POST', '/api/bookings', bookingBody({ ...smoke, objectKeys: uploaded.map((path) => keyFromObjectPath(path)!) }, 'smoke'));

  const storage = new LocalStorage(server.dataDir);
  const sources = pngs.map(() => `private/${randomUUID()}`);
  await Promise.all(sources.map((key, i) => storage.put(key, pngs[i]!, 'image/png')));
  const keys = Array.from({ length: count * 3 }, () => `private/${randomUUID()}`);
  const t0 = performance.now();
  const objects = resolve(server.dataDir, 'objects');
  const linked = (key: string, i: number) => {
    const source = resolve(objects, sources[i % 3]!);
    const target = resolve(objects, key);
    return Promise.all([link(source, target), link(`${source}.meta.json`, `${target}.meta.json`)]);
  };
  for (let i = 0; i < keys.length; i += 200) await Promise.all(keys.slice(i, i + 200).map((key, k) => linked(key, i + k)));
  const setup = new pg.Client({ connectionString: server.databaseUrl });
  await setup.connect();
  try {
    await setup.query(`insert into upload (id, kind, object_key, content_type, created_at) select gen_random_uuid(), 'document', key, 'image/png', now() from unnest($1::text[]) key`, [keys]);
  } finally {
    await setup.end();
  }
  // Flushed to disk now (the folders' new entries, the database's new rows): left to the kernel's
  // writeback, they would reach the disk during the slices, where the database's commits wait on the same disk.
  spawnSync('sync');
  log(`    ${cars.length} cars; ${keys.length} documents prepared and flushed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return Array.from({ length: count }, (_, i) => ({ ...slots[i]!, objectKeys: keys.slice(i * 3, i * 3 + 3) }));
}

/** Every bench renter has a number of their own (a phone may hold two unconfirmed bookings). */
let renters = 0;
const renterNumbers = new Map<string, number>();
function renterNumber(tag: string): number {
  if (!renterNumbers.has(tag)) renterNumbers.set(tag, (renters += 1));
  return renterNumbers.get(tag)!;
}

/** A new renter for each tag. */
export function renter(tag: string) {
  return { fullName: `Bench Renter ${tag}`, email: `bench-${tag}@example.com`, phone: `0917 ${String(renterNumber(tag)).padStart(7, '0')}`, license: `N01-23-${tag}` };
}

/** The body of `POST /api/bookings` for a prepared booking, by the renter of `tag`. */
export function bookingBody(booking: PreparedBooking, tag: string) {
  const [photoId1Url, photoId2Url, proofOfBillingUrl] = booking.objectKeys.map(objectPath);
  return {
    customer: { ...renter(tag), photoId1Url, photoId2Url, proofOfBillingUrl },
    booking: { carId: booking.carId, pickupDate: booking.pickupDate, returnDate: booking.returnDate, pickupTime: '10:00 AM', driverService: 'none', distanceService: 'none', wantsDelivery: false },
  };
}

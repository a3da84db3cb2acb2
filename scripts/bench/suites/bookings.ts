import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { addDays, todayInManila } from '../../../src/shared/dates';
import { LocalStorage } from '../../../src/server/storage/local';
import { pngFile } from '../../../tests/e2e/support/files';
import { api } from '../api';
import { SERVER_POOL_MAX, alternate, cpuMeter, cpuPerRequest, median, medianRatio, sum } from '../harness';
import type { SqlBooking } from '../protocol';
import type { Suite } from '../suite';
import { CONNECTIONS, ROUNDS, describeSides } from './common';

/**
 * Bookings per measured slice and per warm-up, on each side: about three seconds of the route at
 * its rate, as long as the other suites' slices. Each slice opens with a burst (50 connections
 * opened at once on a server that was idle during the other side's slice) whose first answers are
 * the slowest; in slices of 300 that burst alone set the p99.
 */
const PER_SLICE = Number(process.env.BENCH_BOOKINGS_PER_SLICE ?? 900);
const WARMUP = 300;
/** Public bookings start 1 to 364 days ahead: one-day rentals every other day keep them apart. */
const SLOTS_PER_CAR = 182;

interface Slot {
  carId: string;
  pickupDate: string;
  returnDate: string;
}

/**
 * POST /api/bookings at 50 connections, each request a different car and range (none conflict),
 * against the raw-SQL reference: the same writes by hand through `pg` in one transaction (find or
 * create the customer, insert the booking with its renter and documents, attach the documents,
 * queue both e-mails), at the same concurrency over a pool of the server's size, alternating slices
 * in the same run.
 *
 * The three documents of every booking are prepared in bulk the way the upload flow leaves them
 * (the file in the server's local storage through its own LocalStorage driver, and an unattached
 * `upload` row): three uploads per booking through HTTP would take longer than the measurement.
 * One booking goes through the real upload flow first, to show the two agree.
 */
export const bookingsSuite: Suite = {
  name: 'bookings',
  title: 'POST /api/bookings vs raw-SQL reference',
  run: async ({ load, startServer, log }) => {
    const server = await startServer();
    const perSide = WARMUP + ROUNDS * PER_SLICE;
    const needed = perSide * 2 + 1;

    const bookable = async () => (await api<Array<{ id: string; available: boolean }>>(server.baseURL, 'GET', '/api/cars')).filter((car) => car.available);
    let cars = await bookable();
    const missing = Math.max(0, Math.ceil((needed * 1.1) / SLOTS_PER_CAR) - cars.length);
    for (let i = 0; i < missing; i += 1) {
      await api(server.baseURL, 'POST', '/api/admin/cars', { name: `Bench Sedan ${i + 1}`, category: 'Compact Sedan', dailyRate: '1800', seats: 5, image: 'vios.jpg' }, { admin: true });
    }
    cars = await bookable();
    const today = todayInManila();
    // Consecutive requests go to different cars; every (car, range) is used once.
    const slots: Slot[] = [];
    for (let k = 0; k < SLOTS_PER_CAR; k += 1) {
      for (const car of cars) slots.push({ carId: car.id, pickupDate: addDays(today, 1 + 2 * k), returnDate: addDays(today, 2 + 2 * k) });
    }

    // One booking through the real flow: ask for an address, PUT the file, book.
    const png = pngFile('id.png', { size: 20_000 }).buffer;
    const uploaded: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const target = await api<{ uploadURL: string; objectPath: string }>(server.baseURL, 'POST', '/api/objects/upload', { kind: 'document', contentType: 'image/png', size: png.length }, { expect: 200 });
      const put = await fetch(target.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png) });
      if (!put.ok) throw new Error(`upload PUT answered ${put.status}`);
      uploaded.push(target.objectPath);
    }
    const smokeSlot = slots.shift()!;
    await api(server.baseURL, 'POST', '/api/bookings', bookingBody(smokeSlot, 'smoke', uploaded));

    // Everything else in bulk, as the flow leaves it.
    const storage = new LocalStorage(server.dataDir, 'not used for put');
    const keys = Array.from({ length: perSide * 2 * 3 }, () => `private/${randomUUID()}`);
    const t0 = performance.now();
    for (let i = 0; i < keys.length; i += 200) await Promise.all(keys.slice(i, i + 200).map((key) => storage.put(key, png, 'image/png')));
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await db.query(`insert into upload (id, kind, object_key, content_type, created_at) select gen_random_uuid(), 'document', key, 'image/png', now() from unnest($1::text[]) key`, [keys]);
    } finally {
      await db.end();
    }
    // The prepared files (over 200 MB) are flushed to disk now: left to the kernel's writeback, they
    // would reach the disk during the slices, where the database's commits wait on the same disk.
    spawnSync('sync');
    log(`    ${cars.length} cars; ${keys.length} documents prepared and flushed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const docs = (i: number) => keys.slice(i * 3, i * 3 + 3);
    const httpBodies = Array.from({ length: perSide }, (_, i) => JSON.stringify(bookingBody(slots[i]!, `h${i}`, docs(i).map((key) => `/objects/${key}`))));
    const mailText = 'Booking confirmation. '.repeat(80);
    const sqlBookings: SqlBooking[] = Array.from({ length: perSide }, (_, i) => {
      const slot = slots[perSide + i]!;
      return { ...slot, ...renter(`s${i}`), objectKeys: docs(perSide + i), mailText };
    });
    const part = <T>(list: T[], round: number) => (round < 0 ? list.slice(0, WARMUP) : list.slice(WARMUP + round * PER_SLICE, WARMUP + (round + 1) * PER_SLICE));

    const {
      slices: [http, sql],
      warmups,
    } = await alternate(
      load,
      [
        {
          name: 'POST /api/bookings',
          job: (round) => ({ kind: 'http', baseUrl: server.baseURL, method: 'POST', paths: ['/api/bookings'], bodies: part(httpBodies, round), headers: { 'content-type': 'application/json' }, connections: CONNECTIONS, amount: round < 0 ? WARMUP : PER_SLICE }),
        },
        {
          name: 'raw SQL',
          job: (round) => ({ kind: 'sql', databaseUrl: server.databaseUrl, poolMax: SERVER_POOL_MAX, concurrency: CONNECTIONS, bookings: part(sqlBookings, round) }),
        },
      ],
      ROUNDS,
      log,
      cpuMeter(server.dataDir),
    );
    const failed = sum([...http!, warmups[0]!], (s) => s.errors + s.non2xx);
    const sqlFailed = sum([...sql!, warmups[1]!], (s) => s.errors);
    const booked = sum([...http!, warmups[0]!], (s) => s.statuses['201'] ?? 0);
    // The route's e-mails are queued in its transaction and sent by the mail worker as the server finds time.
    const mail = new pg.Client({ connectionString: server.databaseUrl });
    await mail.connect();
    const [queue] = (
      await mail
        .query<{ sent: number; all: number }>(`select (count(*) filter (where status = 'sent'))::int as sent, count(*)::int as all from mail_message where next_attempt_at < now() + interval '1 day'`)
        .finally(() => mail.end())
    ).rows;
    const cpu = [cpuPerRequest(http!), cpuPerRequest(sql!)];
    const cpuContext = cpu[0] && cpu[1] ? `; processor time per booking on the server's core: POST ${cpu[0]}, raw SQL ${cpu[1]}` : '';
    return [
      { suite: 'bookings', name: 'POST /api/bookings errors + non-2xx (all slices)', value: failed, unit: 'requests', goal: { op: '<=', target: 0 }, context: `${booked} bookings made; of their ${queue?.all ?? 0} e-mails, ${queue?.sent ?? 0} were sent by the end of the last slice, the rest were still queued` },
      { suite: 'bookings', name: 'POST /api/bookings p99 at 50 connections', value: median(http!.map((s) => s.p99)), unit: 'ms', goal: { op: '<=', target: 300 }, context: describeSides({ 'POST /api/bookings': http!, 'raw SQL': sql! }) },
      { suite: 'bookings', name: 'POST /api/bookings req/s ÷ raw-SQL reference', value: medianRatio(http!, sql!, (s) => s.rps), unit: '×', goal: { op: '>=', target: 0.5 }, context: `reference failures: ${sqlFailed}; pool ${SERVER_POOL_MAX} connections on both sides${cpuContext}` },
    ];
  },
};

/** Every bench renter has a number of their own (a phone may hold two unconfirmed bookings). */
let renters = 0;
const renterNumbers = new Map<string, number>();
function renterNumber(tag: string): number {
  if (!renterNumbers.has(tag)) renterNumbers.set(tag, (renters += 1));
  return renterNumbers.get(tag)!;
}

function renter(tag: string) {
  return { fullName: `Bench Renter ${tag}`, email: `bench-${tag}@example.com`, phone: `0917 ${String(renterNumber(tag)).padStart(7, '0')}`, license: `N01-23-${tag}` };
}

function bookingBody(slot: Slot, tag: string, documents: string[]) {
  const [photoId1Url, photoId2Url, proofOfBillingUrl] = documents;
  return {
    customer: { ...renter(tag), photoId1Url, photoId2Url, proofOfBillingUrl },
    booking: { carId: slot.carId, pickupDate: slot.pickupDate, returnDate: slot.returnDate, pickupTime: '10:00 AM', driverService: 'none', distanceService: 'none', wantsDelivery: false },
  };
}


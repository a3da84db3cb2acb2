import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { bookingBody, prepareBookings, renter } from '../bookings-data';
import { SERVER_POOL_MAX, alternate, cpuMeter, cpuPerRequest, median, medianRatio, sum } from '../harness';
import type { SqlBooking } from '../protocol';
import type { Figure, Suite } from '../suite';
import { CONNECTIONS, ROUNDS, describeSides } from './common';

/**
 * Bookings per measured slice and per warm-up, on each side: about three seconds of the route at
 * its rate, as long as the other suites' slices. Each slice opens with a burst (50 connections
 * opened at once on a server that was idle during the other side's slice) whose first answers are
 * the slowest; in slices of 300 that burst alone set the p99.
 */
const PER_SLICE = Number(process.env.BENCH_BOOKINGS_PER_SLICE ?? 900);
const WARMUP = 300;
/** The flood: bookings without a pause for this long, at 50 connections, starting with no e-mail queued. */
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 60);
/** Bookings prepared for the flood: it fails if they run out first (more than 500 a second). */
const FLOOD_BOOKINGS = Number(process.env.BENCH_FLOOD_BOOKINGS ?? FLOOD_SECONDS * 500);
/** The longest the rounds' e-mails may take to be sent before the flood starts. */
const DRAIN_MS = 300_000;

/**
 * POST /api/bookings at 50 connections, each request a different car and range (none conflict),
 * against the raw-SQL reference: the same writes by hand through `pg` in one transaction (find or
 * create the customer, insert the booking with its renter and documents, attach the documents,
 * queue both e-mails), at the same concurrency over a pool of the server's size, alternating slices
 * in the same run.
 *
 * The three documents of every booking are prepared in bulk the way the upload flow leaves them
 * (the file in the server's local storage, a hard link to one of three written through its own
 * LocalStorage driver, and an unattached `upload` row): three uploads per booking through HTTP
 * would take longer than the measurement.
 * One booking goes through the real upload flow first, to show the two agree.
 */
export const bookingsSuite: Suite = {
  name: 'bookings',
  title: 'POST /api/bookings vs raw-SQL reference',
  run: async ({ load, startServer, log }) => {
    const server = await startServer();
    const perSide = WARMUP + ROUNDS * PER_SLICE;
    const needed = perSide * 2 + FLOOD_BOOKINGS;

    const prepared = await prepareBookings(server, needed, log);
    const httpBodies = Array.from({ length: perSide }, (_, i) => JSON.stringify(bookingBody(prepared[i]!, `h${i}`)));
    const mailText = 'Booking confirmation. '.repeat(80);
    const sqlBookings: SqlBooking[] = Array.from({ length: perSide }, (_, i) => {
      const { carId, pickupDate, returnDate, objectKeys } = prepared[perSide + i]!;
      return { carId, pickupDate, returnDate, ...renter(`s${i}`), objectKeys, mailText };
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
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      // The route's e-mails are queued in its transaction and sent by the mail worker as the server finds time.
      const [queue] = (await db.query<{ sent: number; all: number }>(`select (count(*) filter (where status = 'sent'))::int as sent, count(*)::int as all from mail_message where next_attempt_at < now() + interval '1 day'`)).rows;
      const cpu = [cpuPerRequest(http!), cpuPerRequest(sql!)];
      const cpuContext = cpu[0] && cpu[1] ? `; processor time per booking on the server's core: POST ${cpu[0]}, raw SQL ${cpu[1]}` : '';
      const rounds: Figure[] = [
        { suite: 'bookings', name: 'POST /api/bookings errors + non-2xx (all slices)', value: failed, unit: 'requests', goal: { op: '<=', target: 0 }, context: `${booked} bookings made; of their ${queue?.all ?? 0} e-mails, ${queue?.sent ?? 0} were sent by the end of the last slice, the rest were still queued` },
        { suite: 'bookings', name: 'POST /api/bookings p99 at 50 connections', value: median(http!.map((s) => s.p99)), unit: 'ms', goal: { op: '<=', target: 300 }, context: describeSides({ 'POST /api/bookings': http!, 'raw SQL': sql! }) },
        { suite: 'bookings', name: 'POST /api/bookings req/s ÷ raw-SQL reference', value: medianRatio(http!, sql!, (s) => s.rps), unit: '×', goal: { op: '>=', target: 0.5 }, context: `reference failures: ${sqlFailed}; pool ${SERVER_POOL_MAX} connections on both sides${cpuContext}` },
      ];

      // The flood: bookings without a pause, the mail worker sending their e-mails meanwhile. It
      // starts once the rounds' e-mails are all sent, so that those it sends are the flood's own.
      const drained = await untilMailSent(db, DRAIN_MS);
      log(`    rounds' e-mails sent ${drained ? 'before the flood' : `NOT within ${DRAIN_MS / 1000} s: the flood starts with some still queued`}`);
      const floodBodies = Array.from({ length: FLOOD_BOOKINGS }, (_, i) => JSON.stringify(bookingBody(prepared[perSide * 2 + i]!, `f${i}`)));
      const meter = cpuMeter(server.dataDir);
      const cpuBefore = meter?.();
      const started = new Date();
      const flood = await load.run({ kind: 'http', baseUrl: server.baseURL, method: 'POST', paths: ['/api/bookings'], bodies: floodBodies, headers: { 'content-type': 'application/json' }, connections: CONNECTIONS, seconds: FLOOD_SECONDS });
      const ended = new Date(started.getTime() + flood.seconds * 1000);
      const cpuAfter = meter?.();
      const [mail] = (
        await db.query<{ queued: number; sent: number }>(
          `select count(*)::int as queued, (count(*) filter (where status = 'sent' and sent_at <= $2))::int as sent from mail_message where created_at >= $1 and created_at <= $2`,
          [started, ended],
        )
      ).rows;
      const outran = flood.seconds < FLOOD_SECONDS * 0.98;
      const floodFailed = flood.errors + flood.non2xx;
      const made = flood.statuses['201'] ?? 0;
      const floodCpu = cpuBefore && cpuAfter && made ? `; processor time per booking: ${((cpuAfter.server - cpuBefore.server) / made).toFixed(2)} ms Node.js + ${((cpuAfter.postgres - cpuBefore.postgres) / made).toFixed(2)} ms PostgreSQL` : '';
      const floodContext = `${made} bookings in ${flood.seconds.toFixed(1)} s (${flood.rps.toFixed(0)} a second), p50 ${flood.p50.toFixed(0)} ms${floodCpu}${outran ? `; the ${FLOOD_BOOKINGS} prepared bookings ran out early (BENCH_FLOOD_BOOKINGS)` : ''}`;
      log(`    flood: ${floodContext}; e-mails ${mail?.sent ?? 0} of ${mail?.queued ?? 0} sent during it${floodFailed ? `; FAILED ${floodFailed} ${JSON.stringify(flood.statuses)} ${JSON.stringify(flood.samples ?? {})}` : ''}`);
      return [
        ...rounds,
        { suite: 'bookings', name: `${FLOOD_SECONDS} s booking flood: e-mails sent during it ÷ queued during it`, value: outran || !mail?.queued ? NaN : mail.sent / mail.queued, unit: '×', goal: { op: '>=', target: 0.5 }, context: `${mail?.sent ?? 0} of ${mail?.queued ?? 0} e-mails (two a booking)${drained ? '' : "; the rounds' e-mails were not all sent before it"}` },
        { suite: 'bookings', name: `${FLOOD_SECONDS} s booking flood: POST /api/bookings p99`, value: outran ? NaN : flood.p99, unit: 'ms', goal: { op: '<=', target: 300 }, context: floodContext },
        { suite: 'bookings', name: `${FLOOD_SECONDS} s booking flood: errors + non-2xx`, value: floodFailed, unit: 'requests', goal: { op: '<=', target: 0 } },
      ];
    } finally {
      await db.end();
    }
  },
};

/** Waits until no e-mail is left to send now (looking every 250 ms), for at most `ms`; false if some still are. */
async function untilMailSent(db: pg.Client, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const [row] = (await db.query<{ n: number }>(`select count(*)::int as n from mail_message where status = 'queued' and next_attempt_at <= now()`)).rows;
    if (!row?.n) return true;
    if (Date.now() > deadline) return false;
    // The interval of this wait for the queue to empty; the worker sends on its own.
    await sleep(250);
  }
}

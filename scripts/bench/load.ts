/**
 * The load generator: a process of its own, pinned by the benchmark to the core the server does not
 * use. It takes one job at a time over IPC (see `LoadJob`) and answers with a `SliceResult`:
 * HTTP load through the thin client of http-load.ts, or the raw-SQL booking reference through `pg`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { mailboxKey } from '../../src/shared/names';
import { runHttpLoad } from './http-load';
import type { LoadJob, SliceResult, SqlBooking } from './protocol';

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** An HTTP job through the thin client of http-load.ts; bodies are used once each, in order, across all its connections. */
async function http(job: Extract<LoadJob, { kind: 'http' }>): Promise<SliceResult> {
  const cpu = process.cpuUsage();
  const run = await runHttpLoad({
    baseUrl: job.baseUrl,
    method: job.method ?? 'GET',
    paths: job.paths,
    ...(job.bodies ? { bodies: job.bodies } : {}),
    headers: job.headers ?? {},
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { seconds: job.seconds ?? 3 }),
    timeoutMs: 30_000,
  });
  const used = process.cpuUsage(cpu);
  const latencies = run.latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(run.statuses).reduce((n, [status, count]) => n + (status.startsWith('2') ? 0 : count), 0);
  return {
    requests: latencies.length,
    seconds: run.seconds,
    rps: latencies.length / run.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: run.errors,
    non2xx,
    statuses: run.statuses,
    samples: run.samples,
    loadBusy: (used.user + used.system) / 1e6 / run.seconds,
  };
}

/**
 * The raw-SQL reference for POST /api/bookings: the writes the booking makes, by hand, in one
 * transaction through `pg`, with `job.concurrency` callers sharing a pool of the server's size.
 * The booking insert meets the same exclusion constraint.
 */
async function sql(job: Extract<LoadJob, { kind: 'sql' }>): Promise<SliceResult> {
  const pool = new pg.Pool({ connectionString: job.databaseUrl, max: job.poolMax });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const item = job.bookings[next++];
      if (!item) return;
      const t0 = performance.now();
      try {
        await bookRaw(pool, item);
        statuses.ok = (statuses.ok ?? 0) + 1;
      } catch (error) {
        errors += 1;
        const code = (error as { code?: string }).code ?? 'error';
        statuses[code] = (statuses[code] ?? 0) + 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, non2xx: 0, statuses };
}

async function bookRaw(pool: pg.Pool, b: SqlBooking): Promise<void> {
  const documents = b.objectKeys.map((key) => `/objects/${key}`);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const customer = await client.query<{ id: string }>(
      `insert into customer (id, full_name, email, phone, license, photo_id1_url, photo_id2_url, proof_of_billing_url, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, now(), now()) on conflict (email) do update set email = excluded.email returning id`,
      [b.fullName, b.email, b.phone, b.license, ...documents],
    );
    const customerId = customer.rows[0]!.id;
    const phoneKey = b.phone.replace(/\D/g, '');
    const mailbox = mailboxKey(b.email);
    await client.query('select pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))', [phoneKey, mailbox]);
    // As the route asks it: the status checked here, so that only the mailbox and phone indexes fit.
    const unproven = await client.query<{ status: string }>(
      `select status, renter_mailbox_key, renter_phone_key from booking where email_proven_at is null and hold_until > now() and (renter_mailbox_key = $1 or renter_phone_key = $2)`,
      [mailbox, phoneKey],
    );
    if (unproven.rows.filter((row) => row.status === 'pending').length >= 2) throw Object.assign(new Error('too many unconfirmed bookings'), { code: 'limit' });
    const bookingId = randomUUID();
    // A reference already taken is drawn again, as the route does (about one in three thousand here).
    let booked: pg.QueryResult | null = null;
    for (let draw = 0; draw < 5 && !booked?.rowCount; draw += 1) {
      const reference = `HI-${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
      booked = await client.query(
        `insert into booking (id, reference, customer_id, renter_name, renter_email, renter_phone, renter_phone_key, renter_mailbox_key, renter_license, photo_id1_url, photo_id2_url,
           proof_of_billing_url, car_id, car_name, pickup_date, return_date, pickup_time, driver_service, distance_service, wants_delivery,
           total_days, daily_rate, subtotal, driver_fee, distance_fee, delivery_fee, insurance, adjustment, total, amount_paid, status, source,
           hold_until, created_at, updated_at)
         select $1, $13, $2, $3, $4, $5, $14, $15, $6, $7, $8, $9, c.id, c.name, $11, $12, '10:00 AM', 'none', 'none', false,
           ($12::date - $11::date), c.daily_rate, c.daily_rate * ($12::date - $11::date), 0, 0, 0, 500, 0, c.daily_rate * ($12::date - $11::date) + 500, 0, 'pending', 'website',
           now() + interval '24 hours', now(), now()
         from car c where c.id = $10 and c.available
         on conflict (reference) do nothing`,
        [bookingId, customerId, b.fullName, b.email, b.phone, b.license, ...documents, b.carId, b.pickupDate, b.returnDate, reference, phoneKey, mailbox],
      );
    }
    if (booked?.rowCount !== 1) throw Object.assign(new Error('car not bookable'), { code: 'car' });
    const attached = await client.query(`update upload set attached_to = $1, attached_at = now() where object_key = any($2) and kind = 'document' and attached_to is null`, [
      `booking:${bookingId}`,
      b.objectKeys,
    ]);
    if (attached.rowCount !== b.objectKeys.length) throw Object.assign(new Error('documents not attachable'), { code: 'documents' });
    // Due in a year: the server's mail worker must not spend the measured core sending these.
    await client.query(
      `insert into mail_message (id, kind, "to", subject, text, html, status, attempts, next_attempt_at, created_at)
       values (gen_random_uuid(), 'booking.confirmation', $1, $2, $3, $4, 'queued', 0, now() + interval '1 year', now()),
              (gen_random_uuid(), 'booking.garage', 'garage@example.com', $2, $3, $4, 'queued', 0, now() + interval '1 year', now())`,
      [b.email, `Booking ${b.pickupDate}`, b.mailText, `<p>${b.mailText}</p>`],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

process.on('message', (job: LoadJob) => {
  const run = job.kind === 'http' ? http(job) : sql(job);
  run.then(
    (result) => process.send!({ ok: true, result }),
    (error: unknown) => process.send!({ ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));

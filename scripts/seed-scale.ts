/**
 * Fills a migrated, seeded database with a garage's worth of years: customers, bookings (mixed
 * statuses, never two pending/confirmed ones of a car on one day), payments, blocked names and
 * audit entries, written by set-based SQL (`insert ... select generate_series`) so that 100,000
 * bookings take seconds. Used by the scale tests and the benchmark; from the command line:
 *
 *   DATABASE_URL=<url> npx tsx scripts/seed-scale.ts [bookings] [customers]
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { nameSkeleton } from '../src/server/services/name-skeleton';

/** Anything that runs one SQL statement: a `pg` client or pool, or a MikroORM connection. */
export type SqlRunner = { query: (sql: string) => Promise<unknown> } | { execute: (sql: string) => Promise<unknown> };

export interface ScaleOptions {
  bookings: number;
  customers: number;
  /** Blocked names to add (default: one per ten customers). */
  blockedNames?: number;
  /** Audit entries to add (default: one per booking). */
  auditEntries?: number;
  /** Days each car's bookings reach ahead of today (default 60: about twenty upcoming per car). */
  daysAhead?: number;
}

export interface ScaleResult {
  tag: string;
  customers: number;
  bookings: number;
  payments: number;
  blockedNames: number;
  auditEntries: number;
}

/** Each car's bookings sit in back-to-back slots of this many days; a rental occupies 2 or 3 of them. */
const SLOT_DAYS = 3;

function runner(db: SqlRunner): (sql: string) => Promise<unknown> {
  return 'query' in db ? (sql) => db.query(sql) : (sql) => db.execute(sql);
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(result)) return result as Array<Record<string, unknown>>;
  return ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []) as Array<Record<string, unknown>>;
}

function count(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${value}`);
  return value;
}

/**
 * Adds `customers` customers and `bookings` bookings spread over the cars already in the database.
 * Booking i belongs to car i mod (number of cars) and takes that car's next 3-day slot, counted back
 * from `daysAhead` days after today, so a car's bookings never overlap whatever their status:
 * upcoming ones are pending, confirmed or cancelled, past ones mostly completed, some cancelled.
 * Completed bookings are paid in full and half the confirmed ones in part, each with its payment row.
 * Every name and e-mail carries a tag, so the function can run twice on one database.
 */
export async function generateScaleData(db: SqlRunner, options: ScaleOptions): Promise<ScaleResult> {
  const run = runner(db);
  const bookings = count(options.bookings, 'bookings');
  const customers = count(options.customers, 'customers');
  const blockedNames = count(options.blockedNames ?? Math.floor(customers / 10), 'blockedNames');
  const auditEntries = count(options.auditEntries ?? bookings, 'auditEntries');
  const daysAhead = count(options.daysAhead ?? 60, 'daysAhead');
  if (bookings > 0 && customers === 0) throw new Error('bookings need at least one customer');
  const tag = randomBytes(3).toString('hex');
  /** Where this run's references start in the permutation: runs on one database do not meet (about one in ten thousand for 100,000 bookings). */
  const referenceOffset = randomBytes(4).readUInt32BE() % 1_073_741_824;

  const [cars] = rowsOf(await run(`select count(*)::int as n from car`));
  const carCount = Number(cars?.n ?? 0);
  if (bookings > 0 && carCount === 0) throw new Error('bookings need cars: run the fleet seeder (open the database with the server) first');

  await run(`
    insert into customer (id, full_name, email, phone, license, address, created_at, updated_at)
    select gen_random_uuid(),
      (array['Maria','Jose','Ana','Juan','Rosa','Mark','Liza','Paolo','Grace','Ramon'])[1 + i % 10] || ' ' ||
      (array['Santos','Reyes','Cruz','Bautista','Garcia','Mendoza','Torres','Flores','Villanueva','Ramos'])[1 + (i / 10) % 10] || ' ' || '${tag}' || i,
      'renter-${tag}-' || i || '@example.com',
      '+63 9' || lpad((170000000 + i)::text, 9, '0'),
      case when i % 3 = 0 then 'N' || lpad(i::text, 2, '0') || '-' || lpad((i * 7 % 1000000)::text, 6, '0') end,
      case when i % 2 = 0 then 'Barangay ' || (i % 39 + 1) || ', Alaminos City, Pangasinan' end,
      now() - make_interval(mins => (${customers} - i) * 37),
      now() - make_interval(mins => (${customers} - i) * 37)
    from generate_series(0, ${customers - 1}) as i
  `);

  if (bookings > 0) {
    // Slot k of a car (0 = its latest) starts k slots before the last slot that ends `daysAhead` out.
    await run(`
      with cars as (
        select id, name, daily_rate, (row_number() over (order by position, name) - 1)::int as n from car
      ), renters as (
        select id, full_name, email, phone, license, (row_number() over (order by email) - 1)::int as n from customer where email like 'renter-${tag}-%'
      ), slots as (
        select i, i % ${carCount} as car_n, i / ${carCount} as k,
          ((now() at time zone 'Asia/Manila')::date + ${daysAhead} - ${SLOT_DAYS} - (i / ${carCount}) * ${SLOT_DAYS}) as pickup,
          1 + (i % 7 = 0)::int as days,
          (i::bigint * 7919 % ${customers})::int as renter_n
        from generate_series(0, ${bookings - 1}) as i
      ), dated as (
        select s.*, (case
          when s.pickup >= (now() at time zone 'Asia/Manila')::date then (array['pending','confirmed','confirmed','cancelled'])[1 + s.i % 4]
          else (array['completed','completed','completed','completed','completed','cancelled','completed','completed','completed','completed'])[1 + s.i % 10]
        end)::booking_status as status
        from slots s
      )
      insert into booking (id, reference, customer_id, renter_name, renter_email, renter_phone, renter_phone_key, renter_mailbox_key, renter_license, car_id, car_name, pickup_date, return_date,
        pickup_time, driver_service, distance_service, wants_delivery, total_days, daily_rate, subtotal, driver_fee, distance_fee, delivery_fee,
        insurance, adjustment, total, amount_paid, status, source, created_at, updated_at)
      select gen_random_uuid(),
        -- A distinct reference per booking: an odd multiplier permutes the 30-bit numbers, written in Crockford base32.
        'HI-' || (select string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (1 + ((((d.i + ${referenceOffset}::bigint) * 1103515245 + 12345) % 1073741824 >> (5 * k)) & 31))::int, 1), '' order by k)
                  from generate_series(0, 5) as k),
        r.id, r.full_name, r.email, r.phone, regexp_replace(r.phone, '\\D', '', 'g'), lower(r.email), r.license, c.id, c.name, d.pickup, d.pickup + d.days,
        (array['9:00 AM','10:00 AM','1:00 PM','3:00 PM'])[1 + d.i % 4]::pickup_time,
        (case when d.i % 9 = 0 then 'within_pangasinan' else 'none' end)::driver_service, 'none'::distance_service,
        false, d.days, c.daily_rate, c.daily_rate * d.days, case when d.i % 9 = 0 then 1500 * d.days else 0 end, 0, 0, 500, 0,
        c.daily_rate * d.days + 500 + case when d.i % 9 = 0 then 1500 * d.days else 0 end,
        case
          when d.status = 'completed' then c.daily_rate * d.days + 500 + case when d.i % 9 = 0 then 1500 * d.days else 0 end
          when d.status = 'confirmed' and d.i % 2 = 0 then 500
          else 0
        end,
        d.status, (case when d.i % 5 = 0 then 'admin' else 'website' end)::booking_source,
        (d.pickup - (3 + d.i % 20))::timestamp at time zone 'Asia/Manila' + make_interval(secs => d.i % 86400),
        (d.pickup - (3 + d.i % 20))::timestamp at time zone 'Asia/Manila' + make_interval(secs => d.i % 86400)
      from dated d join cars c on c.n = d.car_n join renters r on r.n = d.renter_n
    `);
  }
  const [paid] = rowsOf(
    await run(`
      with added as (
        insert into payment (id, booking_id, amount, method, note, recorded_by, created_at)
        select gen_random_uuid(), b.id, b.amount_paid,
          (array['cash','gcash','maya','bank_transfer','card'])[1 + abs(hashtext(b.id::text)) % 5]::payment_method,
          null, 'scale data', b.created_at + interval '1 day'
        from booking b join customer c on c.id = b.customer_id
        where b.amount_paid > 0 and c.email like 'renter-${tag}-%'
        returning 1
      ) select count(*)::int as n from added
    `),
  );

  // Each name's key is its skeleton, which only JavaScript computes (src/server/services/name-skeleton.ts).
  const blocked = Array.from({ length: blockedNames }, (_, n) => {
    const fullName = `Blocked Person ${tag} ${n + 1}`;
    return { i: n + 1, full_name: fullName, key: nameSkeleton(fullName) };
  });
  await run(`
    insert into blocked_name (id, full_name, normalized_name, reason, blocked_by, created_at)
    select gen_random_uuid(), v.full_name, v.key,
      case when v.i % 2 = 0 then 'Returned the car late, twice' end, 'scale data', now() - make_interval(hours => v.i)
    from json_to_recordset('${JSON.stringify(blocked).replace(/'/g, "''")}'::json) as v(i int, full_name text, key text)
  `);
  await run(`
    insert into audit_entry (id, at, actor, action, entity_type, entity_id, before, after)
    select gen_random_uuid(), now() - make_interval(mins => i),
      'scale data', (array['booking.status','payment.create','customer.update','car.update'])[1 + i % 4],
      (array['booking','payment','customer','car'])[1 + i % 4]::audit_entity,
      md5(i::text)::uuid::text, jsonb_build_object('status', 'pending'), jsonb_build_object('status', 'confirmed')
    from generate_series(1, ${auditEntries}) as i
  `);
  // As a database in use for years is: vacuumed and analyzed. A bulk load leaves the rows in the
  // trigram (GIN) indexes' pending lists, which every search reads through row by row (30-115 ms a
  // search at 30,000 customers, against 1-3 ms once merged) until autovacuum passes, whenever that is.
  await run(`vacuum analyze`);
  return { tag, customers, bookings, payments: Number(paid?.n ?? 0), blockedNames, auditEntries };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('Set DATABASE_URL to a database the server has migrated and seeded (npm run db:dev prints one).\n');
    process.exit(1);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const result = await generateScaleData(client, {
      bookings: Number(process.argv[2] ?? 100_000),
      customers: Number(process.argv[3] ?? 10_000),
    });
    process.stdout.write(`${JSON.stringify({ ...result, ms: Math.round(performance.now() - started) })}\n`);
  } finally {
    await client.end();
  }
}

import pg from 'pg';
import { ADMIN_HEADERS, alternate, median, medianRatio, type BenchServer } from '../harness';
import type { SliceResult } from '../protocol';
import type { Figure, Suite } from '../suite';

/** The two sizes compared: the issue's 100,000 bookings and 10,000 customers, and 1,000 bookings with customers in proportion. */
const SMALL = { bookings: 1_000, customers: 100 };
const LARGE = { bookings: Number(process.env.BENCH_SCALE_BOOKINGS ?? 100_000), customers: Number(process.env.BENCH_SCALE_CUSTOMERS ?? 10_000) };
/** Few connections: this measures how long one page takes, not how many the server can serve. */
const CONNECTIONS = 4;
const SLICE_SECONDS = 1.5;
const ROUNDS = 4;

/**
 * Fills a freshly migrated database with `bookings` bookings, `customers` customers, one audit
 * entry per booking and one blocked name per hundred bookings, in a few INSERT ... SELECT
 * generate_series statements.
 *
 * The exclusion constraint and foreign keys hold: each car's bookings are two-day rentals three
 * days apart, walking back from ten days ago (completed, every tenth cancelled), each booking's
 * customer is an existing one taken in turn. Both sizes get the same future bookings (three per
 * car), so GET /api/cars/{id}/booked-dates answers the same list at both sizes.
 */
export async function generateData(databaseUrl: string, size: { bookings: number; customers: number }): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(
      `insert into customer (id, full_name, email, phone, license, address, created_at, updated_at)
       select gen_random_uuid(),
              (array['Maria','Jose','Ana','Juan','Rosa','Pedro','Liza','Carlo'])[1 + i % 8] || ' ' || (array['Santos','Reyes','Cruz','Bautista','Garcia','Mendoza','Torres','Flores','Ramos','Aquino'])[1 + (i / 8) % 10] || ' ' || i,
              'renter' || i || '@example.com', '0917 ' || lpad(i::text, 7, '0'), 'N01-23-' || lpad(i::text, 6, '0'), 'Poblacion, Alaminos City',
              now() - make_interval(mins => i), now()
       from generate_series(1, $1::int) i`,
      [size.customers],
    );
    await db.query(
      `with cars as (select id, name, daily_rate, (row_number() over (order by position, id) - 1)::int n, count(*) over ()::int total from car),
            renters as (select array_agg(id order by created_at, id) ids from customer),
            rows as (
              select c.*, j, (j * c.total + c.n) k, current_date - 10 - 3 * j as pickup
              from cars c cross join generate_series(0, ceil($1::numeric / (select count(*) from car))::int - 1) j
              where j * c.total + c.n < $1
            )
       insert into booking (id, customer_id, car_id, car_name, pickup_date, return_date, pickup_time, driver_service, distance_service, wants_delivery,
         total_days, daily_rate, subtotal, driver_fee, distance_fee, delivery_fee, insurance, adjustment, total, amount_paid, status, source, created_at, updated_at)
       select gen_random_uuid(), r.ids[1 + k % array_length(r.ids, 1)], id, name, pickup, pickup + 2, '10:00 AM', 'none', 'none', false,
         2, daily_rate, daily_rate * 2, 0, 0, 0, 500, 0, daily_rate * 2 + 500,
         case when k % 10 = 0 then 0 else daily_rate * 2 + 500 end,
         (case when k % 10 = 0 then 'cancelled' else 'completed' end)::booking_status,
         (case when k % 3 = 0 then 'admin' else 'website' end)::booking_source,
         pickup - interval '3 days', pickup + interval '2 days'
       from rows cross join renters r`,
      [size.bookings],
    );
    await db.query(
      `with renters as (select array_agg(id order by created_at, id) ids from customer)
       insert into booking (id, customer_id, car_id, car_name, pickup_date, return_date, pickup_time, driver_service, distance_service, wants_delivery,
         total_days, daily_rate, subtotal, driver_fee, distance_fee, delivery_fee, insurance, adjustment, total, amount_paid, status, source, created_at, updated_at)
       select gen_random_uuid(), r.ids[1 + (c.position + k) % array_length(r.ids, 1)], c.id, c.name, current_date + 5 + 10 * k, current_date + 7 + 10 * k, '10:00 AM', 'none', 'none', false,
         2, c.daily_rate, c.daily_rate * 2, 0, 0, 0, 500, 0, c.daily_rate * 2 + 500, 0,
         (case when k = 0 then 'confirmed' else 'pending' end)::booking_status, 'website', now(), now()
       from car c cross join generate_series(0, 2) k cross join renters r`,
    );
    await db.query(
      `insert into audit_entry (id, at, actor, action, entity_type, entity_id, before, after)
       select gen_random_uuid(), created_at + interval '1 day', 'staff', 'booking.status', 'booking', id::text, '{"status":"confirmed"}', jsonb_build_object('status', status)
       from booking`,
    );
    await db.query(
      `insert into blocked_name (id, full_name, normalized_name, reason, blocked_by, created_at)
       select gen_random_uuid(), 'Blocked Person ' || i, 'blocked person ' || i, 'Unpaid damage to a rented car', 'staff', now() - make_interval(hours => i)
       from generate_series(1, greatest(1, $1::int / 100)) i`,
      [size.bookings],
    );
    await db.query('commit');
    await db.query('analyze');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}

/**
 * Booked-dates and every admin list (default paging, and a search) on two servers side by side,
 * one at 1,000 bookings and one at 100,000, alternating slices: each figure is the large
 * database's median latency over the small one's.
 */
export const scaleSuite: Suite = {
  name: 'scale',
  title: 'Lists at 100,000 bookings vs 1,000',
  run: async ({ load, startServer, log }) => {
    const small = await startServer();
    const large = await startServer();
    const t0 = performance.now();
    await generateData(small.databaseUrl, SMALL);
    await generateData(large.databaseUrl, LARGE);
    log(`    data generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (${SMALL.bookings} and ${LARGE.bookings} bookings)`);

    const carIds = async (server: BenchServer) => ((await (await fetch(`${server.baseURL}/api/cars`)).json()) as Array<{ id: string }>).map((car) => car.id);
    const [smallCars, largeCars] = [await carIds(small), await carIds(large)];
    const pages: Array<{ name: string; paths: (cars: string[]) => string[]; admin: boolean }> = [
      { name: 'GET /api/cars/{id}/booked-dates', paths: (cars) => cars.map((id) => `/api/cars/${id}/booked-dates`), admin: false },
      { name: 'GET /api/admin/bookings', paths: () => ['/api/admin/bookings'], admin: true },
      { name: 'GET /api/admin/bookings?q=Santos', paths: () => ['/api/admin/bookings?q=Santos'], admin: true },
      { name: 'GET /api/admin/bookings?status=cancelled', paths: () => ['/api/admin/bookings?status=cancelled'], admin: true },
      { name: 'GET /api/admin/customers', paths: () => ['/api/admin/customers'], admin: true },
      { name: 'GET /api/admin/customers?q=Santos', paths: () => ['/api/admin/customers?q=Santos'], admin: true },
      { name: 'GET /api/admin/blocked-names', paths: () => ['/api/admin/blocked-names'], admin: true },
      { name: 'GET /api/admin/blocked-names?q=Person 1', paths: () => ['/api/admin/blocked-names?q=Person%201'], admin: true },
      { name: 'GET /api/admin/audit', paths: () => ['/api/admin/audit'], admin: true },
      { name: 'GET /api/admin/audit?entityType=booking', paths: () => ['/api/admin/audit?entityType=booking'], admin: true },
      // The dashboard's fleet tab reads the same list as the site (there is no GET /api/admin/cars).
      { name: 'GET /api/cars (fleet tab)', paths: () => ['/api/cars'], admin: false },
    ];

    const figures: Figure[] = [];
    for (const page of pages) {
      log(`  ${page.name}`);
      const job = (server: BenchServer, cars: string[]) => (round: number) => ({
        kind: 'http' as const,
        baseUrl: server.baseURL,
        paths: page.paths(cars),
        ...(page.admin ? { headers: ADMIN_HEADERS } : {}),
        connections: CONNECTIONS,
        seconds: round < 0 ? 1 : SLICE_SECONDS,
      });
      const {
        slices: [atSmall, atLarge],
      } = await alternate(load, [{ name: '1k', job: job(small, smallCars) }, { name: '100k', job: job(large, largeCars) }], ROUNDS, log);
      const failed = [...atSmall!, ...atLarge!].reduce((n, s) => n + s.errors + s.non2xx, 0);
      const mean = (s: SliceResult) => (s.seconds * 1000 * CONNECTIONS) / Math.max(1, s.requests);
      figures.push({
        suite: 'scale',
        name: `${page.name}: time at ${LARGE.bookings / 1000}k ÷ at 1k bookings`,
        value: failed ? NaN : medianRatio(atLarge!, atSmall!, mean),
        unit: '×',
        goal: { op: '<=', target: 1.5 },
        context: `${median(atSmall!.map(mean)).toFixed(1)} ms vs ${median(atLarge!.map(mean)).toFixed(1)} ms per request${failed ? `; ${failed} failed requests` : ''}`,
      });
    }
    return figures;
  },
};

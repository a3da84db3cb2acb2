import { BOOKING_STATUSES } from '../../shared/schemas/booking.schema';
import type { TAuditEntry, TAuditPage, TAuditQuery, TOverview, TSchedule, TScheduleQuery } from '../../shared/schemas/admin.schema';
import { todayInManila } from '../../shared/dates';
import { clock } from '../clock';
import { Booking, Car } from '../db/entities';
import { cursorAfter, readCursor } from '../db/paging';
import type { ServiceContext } from '../deps';
import { managesAccounts } from '../auth/access';
import { toAuditDto } from './audit.service';
import { toBookingDto } from './dto';
import { toCarDto } from './car.service';

/** The most bookings a day's list holds: far more than a fleet can send out or take back in a day. */
const SCHEDULE_MAX = 200;

/**
 * A day's run at the garage (today in Asia/Manila unless another day is asked for): the bookings
 * picked up and those returned that day, all but cancelled ones, in the order of the hour (a car is
 * due back at the hour it went out, as the terms say). Each list is read through its date's index.
 */
export async function schedule(ctx: ServiceContext, query: TScheduleQuery): Promise<TSchedule> {
  const date = query.date ?? todayInManila(clock.now());
  const on = (day: 'pickupDate' | 'returnDate') =>
    ctx.em.find(Booking, { [day]: date, status: { $ne: 'cancelled' } }, { populate: ['customer', 'car'], orderBy: { pickupTime: 'asc', reference: 'asc' }, limit: SCHEDULE_MAX });
  const pickups = await on('pickupDate');
  const returns = await on('returnDate');
  return { date, pickups: pickups.map(toBookingDto), returns: returns.map(toBookingDto) };
}

/** How many bookings and cars the overview lists (the spec's "Overview lists show 5 items"). */
const OVERVIEW_ITEMS = 5;

/**
 * The overview tab's figures, computed by PostgreSQL: the all-time counts and sums from the
 * tallies it keeps (`booking_tally`, `customer_tally`: a few hundred rows, however many bookings
 * and customers there are), and the last twelve months through the pick-up date index.
 */
export async function overview(ctx: ServiceContext): Promise<TOverview> {
  const connection = ctx.em;
  const today = todayInManila(clock.now());
  // The cars out today among those the overview lists (`fleet`, below) are read with the counts: the
  // overview's statements stay four (query-counts.test.ts).
  const [counts] = (await connection.execute(
    `
    select
      (select count(*) from car)::int as total_cars,
      (select coalesce(array_agg(distinct car_id::text), '{}') from booking
        where car_id in (select id from car order by position asc, name asc limit ${OVERVIEW_ITEMS}) and status in ('pending', 'confirmed') and pickup_date <= ?::date and return_date >= ?::date) as cars_out,
      (select count(*) from car where available)::int as available_cars,
      (select coalesce(sum(customers), 0) from customer_tally)::int as total_customers,
      b.*
    from (
      select
        coalesce(sum(bookings), 0)::int as total_bookings,
        coalesce(sum(bookings) filter (where status = 'pending'), 0)::int as pending_bookings,
        coalesce(sum(bookings) filter (where status = 'confirmed'), 0)::int as confirmed_bookings,
        coalesce(sum(bookings) filter (where status = 'cancelled'), 0)::int as cancelled_bookings,
        coalesce(sum(bookings) filter (where status = 'completed'), 0)::int as completed_bookings,
        coalesce(sum(total) filter (where status = 'completed'), 0)::numeric(14,2)::text as total_earnings,
        coalesce(sum(total) filter (where status in ('pending', 'confirmed')), 0)::numeric(14,2)::text as pending_revenue
      from booking_tally
    ) b
  `,
    [today, today],
  )) as Array<Record<string, number | string | string[]>>;
  const months = (await connection.execute(`
    with span as (
      select date_trunc('month', now() at time zone 'Asia/Manila') - interval '11 months' as first,
             date_trunc('month', now() at time zone 'Asia/Manila') as last
    )
    select to_char(m.month, 'YYYY-MM') as month,
      coalesce(sum(b.total) filter (where b.status = 'completed'), 0)::numeric(14,2)::text as earned,
      coalesce(sum(b.total) filter (where b.status in ('pending', 'confirmed', 'completed')), 0)::numeric(14,2)::text as booked
    from span
    cross join generate_series(span.first, span.last, interval '1 month') as m(month)
    left join booking b on b.pickup_date >= m.month::date and b.pickup_date < (m.month + interval '1 month')::date
    group by m.month order by m.month
  `)) as Array<{ month: string; earned: string; booked: string }>;

  const recent = await ctx.em.find(Booking, {}, { populate: ['customer', 'car'], orderBy: { createdAt: 'desc' }, limit: OVERVIEW_ITEMS });
  const fleet = await ctx.em.find(Car, {}, { orderBy: { position: 'asc', name: 'asc' }, limit: OVERVIEW_ITEMS });
  const out = new Set(Array.isArray(counts?.cars_out) ? counts.cars_out : []);
  return {
    totalCars: Number(counts?.total_cars ?? 0),
    availableCars: Number(counts?.available_cars ?? 0),
    totalBookings: Number(counts?.total_bookings ?? 0),
    pendingBookings: Number(counts?.pending_bookings ?? 0),
    totalCustomers: Number(counts?.total_customers ?? 0),
    totalEarnings: String(counts?.total_earnings ?? '0.00'),
    pendingRevenue: String(counts?.pending_revenue ?? '0.00'),
    recentBookings: recent.map(toBookingDto),
    fleetStatus: fleet.map(toCarDto),
    carsOut: fleet.filter((car) => out.has(car.id)).map((car) => car.id),
    revenueByMonth: months,
    bookingsByStatus: BOOKING_STATUSES.map((status) => ({ status, count: Number(counts?.[`${status}_bookings`] ?? 0) })),
  };
}

/** An audit row as PostgreSQL gives it, its timestamp in ISO 8601 to the microsecond. */
interface AuditRow {
  id: string;
  actor: string;
  actor_email: string | null;
  action: string;
  entity_type: TAuditEntry['entityType'];
  entity_id: string;
  before: unknown;
  after: unknown;
  cursor_at: string;
}

/**
 * The audit log, newest first (entries of one instant by id), by offset with the exact total or,
 * given a cursor, after the entry it names: `(at, id) < cursor` walks the (at, id) indexes from
 * where the previous page stopped, so the thousandth page costs what the first does and an entry
 * recorded meanwhile neither repeats nor skips one.
 */
export async function listAudit(ctx: ServiceContext, query: TAuditQuery): Promise<TAuditPage> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.entityType) {
    conditions.push('entity_type = ?');
    params.push(query.entityType);
  }
  // The entries about staff accounts are for who may see the accounts; anyone else sees those about their own.
  if (!managesAccounts(ctx.actor)) {
    conditions.push(`(entity_type <> 'staff_account' or entity_id = ?)`);
    params.push(ctx.actor?.id ?? '');
  }
  const keyset = query.cursor !== undefined;
  if (query.cursor) {
    conditions.push('(at, id) < (?::timestamptz, ?::uuid)');
    const { at, id } = readCursor('audit', query.cursor, 'cursor');
    params.push(at, id);
  }
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  const connection = ctx.em.getConnection();
  const page = connection.execute<AuditRow[]>(
    `select id, actor, actor_email, action, entity_type, entity_id, before, after,
       to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
     from audit_entry ${where} order by at desc, id desc limit ? offset ?`,
    // One row past the page tells whether older entries remain, without counting them.
    [...params, query.limit + 1, keyset ? 0 : query.offset],
  );
  const count = keyset ? null : connection.execute<Array<{ n: number }>>(`select count(*)::int as n from audit_entry ${where}`, params);
  const [rows, counted] = await Promise.all([page, count]);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  // The entry's timestamp to the microsecond, as stored.
  const nextCursor = rows.length > query.limit && last ? cursorAfter('audit', { at: last.cursor_at, id: last.id }) : null;
  const dtos = items.map((row) =>
    toAuditDto({ id: row.id, at: new Date(`${row.cursor_at.slice(0, 23)}Z`), actor: row.actor, actorEmail: row.actor_email, action: row.action, entityType: row.entity_type, entityId: row.entity_id, before: row.before, after: row.after }),
  );
  return counted ? { items: dtos, total: counted[0]?.n ?? 0, nextCursor } : { items: dtos, nextCursor };
}

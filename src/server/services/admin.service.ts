import { BOOKING_STATUSES } from '../../shared/schemas/booking.schema';
import type { TAuditEntry, TOverview } from '../../shared/schemas/admin.schema';
import type { TListQuery } from '../../shared/schemas/common.schema';
import { AuditEntry, Booking, Car } from '../db/entities';
import type { ServiceContext } from '../deps';
import { toAuditDto } from './audit.service';
import { toBookingDto } from './booking.service';
import { toCarDto } from './car.service';

/**
 * The overview tab's figures, computed by PostgreSQL: one pass over the bookings for every count
 * and sum, and the last twelve months through the pick-up date index.
 */
export async function overview(ctx: ServiceContext): Promise<TOverview> {
  const connection = ctx.em;
  const [counts] = (await connection.execute(`
    select
      (select count(*) from car)::int as total_cars,
      (select count(*) from car where available)::int as available_cars,
      (select count(*) from customer)::int as total_customers,
      b.*
    from (
      select
        count(*)::int as total_bookings,
        count(*) filter (where status = 'pending')::int as pending_bookings,
        count(*) filter (where status = 'confirmed')::int as confirmed_bookings,
        count(*) filter (where status = 'cancelled')::int as cancelled_bookings,
        count(*) filter (where status = 'completed')::int as completed_bookings,
        coalesce(sum(total) filter (where status = 'completed'), 0)::numeric(14,2)::text as total_earnings,
        coalesce(sum(total) filter (where status in ('pending', 'confirmed')), 0)::numeric(14,2)::text as pending_revenue
      from booking
    ) b
  `)) as Array<Record<string, number | string>>;
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

  const recent = await ctx.em.find(Booking, {}, { populate: ['customer', 'car'], orderBy: { createdAt: 'desc' }, limit: 5 });
  const fleet = await ctx.em.find(Car, {}, { orderBy: { position: 'asc', name: 'asc' }, limit: 5 });
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
    revenueByMonth: months,
    bookingsByStatus: BOOKING_STATUSES.map((status) => ({ status, count: Number(counts?.[`${status}_bookings`] ?? 0) })),
  };
}

export async function listAudit(ctx: ServiceContext, query: TListQuery & { entityType?: TAuditEntry['entityType'] | undefined }): Promise<{ items: TAuditEntry[]; total: number }> {
  const where = query.entityType ? { entityType: query.entityType } : {};
  const [rows, total] = await ctx.em.findAndCount(AuditEntry, where, { orderBy: { at: 'desc', id: 'asc' }, limit: query.limit, offset: query.offset });
  return { items: rows.map(toAuditDto), total };
}

import { BOOKING_STATUSES, type BookingStatus } from '../../shared/schemas/booking.schema';
import type { TAuditEntry, TOverview } from '../../shared/schemas/admin.schema';
import type { TListQuery } from '../../shared/schemas/common.schema';
import { AuditEntry, Booking, Car } from '../db/entities';
import type { ServiceContext } from '../deps';
import { toAuditDto } from './audit.service';
import { toBookingDto } from './booking.service';
import { toCarDto } from './car.service';

/** The overview tab's figures, computed by PostgreSQL in a few aggregate queries. */
export async function overview(ctx: ServiceContext): Promise<TOverview> {
  const connection = ctx.em;
  const [counts] = (await connection.execute(`
    select
      (select count(*) from car)::int as total_cars,
      (select count(*) from car where available)::int as available_cars,
      (select count(*) from booking)::int as total_bookings,
      (select count(*) from booking where status = 'pending')::int as pending_bookings,
      (select count(*) from customer)::int as total_customers,
      (select coalesce(sum(total), 0) from booking where status = 'completed')::numeric(14,2)::text as total_earnings,
      (select coalesce(sum(total), 0) from booking where status in ('pending', 'confirmed'))::numeric(14,2)::text as pending_revenue
  `)) as Array<Record<string, number | string>>;
  const byStatus = (await connection.execute(`select status, count(*)::int as count from booking group by status`)) as Array<{ status: BookingStatus; count: number }>;
  const months = (await connection.execute(`
    select to_char(m.month, 'YYYY-MM') as month,
      coalesce(sum(b.total) filter (where b.status = 'completed'), 0)::numeric(14,2)::text as earned,
      coalesce(sum(b.total) filter (where b.status in ('pending', 'confirmed', 'completed')), 0)::numeric(14,2)::text as booked
    from generate_series(date_trunc('month', now() at time zone 'Asia/Manila') - interval '11 months',
                         date_trunc('month', now() at time zone 'Asia/Manila'), interval '1 month') as m(month)
    left join booking b on date_trunc('month', b.pickup_date) = m.month
    group by m.month order by m.month
  `)) as Array<{ month: string; earned: string; booked: string }>;

  const recent = await ctx.em.find(Booking, {}, { populate: ['customer', 'car'], orderBy: { createdAt: 'desc' }, limit: 5 });
  const fleet = await ctx.em.find(Car, {}, { orderBy: { position: 'asc', name: 'asc' }, limit: 5 });
  const count = (status: BookingStatus) => byStatus.find((row) => row.status === status)?.count ?? 0;
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
    bookingsByStatus: BOOKING_STATUSES.map((status) => ({ status, count: count(status) })),
  };
}

export async function listAudit(ctx: ServiceContext, query: TListQuery & { entityType?: TAuditEntry['entityType'] | undefined }): Promise<{ items: TAuditEntry[]; total: number }> {
  const where = query.entityType ? { entityType: query.entityType } : {};
  const [rows, total] = await ctx.em.findAndCount(AuditEntry, where, { orderBy: { at: 'desc', id: 'asc' }, limit: query.limit, offset: query.offset });
  return { items: rows.map(toAuditDto), total };
}

import { z } from 'zod';
import { messages } from '../messages';
import { ZIdSchema, ZListQuerySchema, ZMoneyOutSchema, ZTimestampSchema, pageOf } from './common.schema';
import { BOOKING_STATUSES, ZBookingSchema } from './booking.schema';
import { ZCarSchema } from './car.schema';

export const ZLoginSchema = z.object({
  password: z.string({ error: messages.validation.password }).min(1, messages.validation.password).max(1024),
});

export const ZSessionStateSchema = z.object({ authenticated: z.boolean() });

export const ZOverviewSchema = z.object({
  totalCars: z.number().int(),
  availableCars: z.number().int(),
  totalBookings: z.number().int(),
  pendingBookings: z.number().int(),
  totalCustomers: z.number().int(),
  totalEarnings: ZMoneyOutSchema.describe('Sum of totals of completed bookings'),
  pendingRevenue: ZMoneyOutSchema.describe('Sum of totals of pending and confirmed bookings'),
  recentBookings: z.array(ZBookingSchema),
  fleetStatus: z.array(ZCarSchema),
  revenueByMonth: z.array(z.object({ month: z.string(), earned: ZMoneyOutSchema, booked: ZMoneyOutSchema })),
  bookingsByStatus: z.array(z.object({ status: z.enum(BOOKING_STATUSES), count: z.number().int() })),
});
export type TOverview = z.infer<typeof ZOverviewSchema>;

export const AUDIT_ENTITIES = ['car', 'booking', 'payment', 'customer', 'blocked_name', 'session'] as const;

export const ZAuditEntrySchema = z.object({
  id: ZIdSchema,
  at: ZTimestampSchema,
  actor: z.string(),
  action: z.string(),
  entityType: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditQuerySchema = ZListQuerySchema.extend({ entityType: z.enum(AUDIT_ENTITIES).optional() });
export const ZAuditPageSchema = pageOf(ZAuditEntrySchema);

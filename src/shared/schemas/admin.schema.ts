import { z } from 'zod';
import { messages } from '../messages';
import { PAGED_BOTH_WAYS, ZCursorSchema, ZEmailSchema, ZIdSchema, ZIsoDateSchema, ZListQuerySchema, ZMoneyOutSchema, ZTimestampSchema, pagedOneWay, whenAbsent } from './common.schema';
import { BOOKING_STATUSES, ZBookingSchema } from './booking.schema';
import { ZCarSchema } from './car.schema';
import { ZOwnAccountSchema, ZSecondFactorCodeSchema } from './staff.schema';

export const ZLoginSchema = z.object({
  email: ZEmailSchema.optional().describe("The staff account's e-mail address; without it, the password is the owner's"),
  password: z.string({ error: whenAbsent(() => messages.validation.password) }).min(1, { error: () => messages.validation.password }).max(1024),
  code: ZSecondFactorCodeSchema.optional().describe('For an account with two-step sign-in: the current 6-digit code, or a recovery code'),
});

export type TLogin = z.infer<typeof ZLoginSchema>;

export const ZSessionStateSchema = z.object({
  authenticated: z.boolean(),
  account: ZOwnAccountSchema.optional().describe('The signed-in staff account (absent for the API token)'),
  secondFactorRequired: z
    .boolean()
    .optional()
    .describe('Sign-in only: the password was right and the account has two-step sign-in; send it again with `code`'),
});
export type TSessionState = z.infer<typeof ZSessionStateSchema>;

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
  carsOut: z.array(ZIdSchema).describe('Of `fleetStatus`, the cars booked today (a pending or confirmed booking whose days include today, Asia/Manila)'),
  revenueByMonth: z.array(z.object({ month: z.string(), earned: ZMoneyOutSchema, booked: ZMoneyOutSchema })),
  bookingsByStatus: z.array(z.object({ status: z.enum(BOOKING_STATUSES), count: z.number().int() })),
});
export type TOverview = z.infer<typeof ZOverviewSchema>;

/** The day whose pick-ups and returns staff look at: today in Asia/Manila when left out. */
export const ZScheduleQuerySchema = z.object({
  date: ZIsoDateSchema.optional().describe('A day, YYYY-MM-DD (Asia/Manila); today when left out'),
});
export type TScheduleQuery = z.infer<typeof ZScheduleQuerySchema>;

/** A day's run at the garage: the cars going out and coming back, in the order of their hour. */
export const ZScheduleSchema = z.object({
  date: ZIsoDateSchema,
  pickups: z.array(ZBookingSchema).describe('Bookings picked up that day (all but cancelled ones), by pick-up time'),
  returns: z.array(ZBookingSchema).describe('Bookings returned that day (all but cancelled ones), by the pick-up time they are due back at'),
});
export type TSchedule = z.infer<typeof ZScheduleSchema>;

/** Rows per page of each dashboard list, as the dashboard requests them (the scale benchmark sends the same). */
export const ADMIN_PAGE_SIZES = { bookings: 20, customers: 12, blockedNames: 25, audit: 30 } as const;

export const AUDIT_ENTITIES = ['car', 'booking', 'payment', 'customer', 'blocked_name', 'session', 'staff_account'] as const;

export const ZAuditEntrySchema = z.object({
  id: ZIdSchema,
  at: ZTimestampSchema,
  actor: z.string().describe('Who: the staff account\'s name, "API token", "Renter (booking link)", "Renter (document token)" or "System"'),
  actorEmail: z.string().nullable().describe("The staff account's e-mail address, or null when no account acted"),
  action: z.string(),
  entityType: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

/**
 * The audit log pages two ways. By `offset` (the default), with the exact `total` of matching
 * entries. Or by `cursor`, newest first without a total, in the same time however long the log
 * grows: send `cursor=` (empty) for the newest entries, then each answer's `nextCursor` for the
 * entries older than the last one, until `nextCursor` is null.
 */
export const ZAuditQuerySchema = ZListQuerySchema.extend({
  entityType: z.enum(AUDIT_ENTITIES).optional(),
  cursor: ZCursorSchema.optional().describe('Empty for the newest entries, then the previous answer\'s nextCursor'),
}).refine((query) => pagedOneWay(query.cursor, query.offset), PAGED_BOTH_WAYS);
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;

export const ZAuditPageSchema = z.object({
  items: z.array(ZAuditEntrySchema),
  total: z.number().int().optional().describe('How many entries match in all; given when paging by offset'),
  nextCursor: z.string().nullable().describe('The cursor of the entries older than this page, or null at the oldest'),
});
export type TAuditPage = z.infer<typeof ZAuditPageSchema>;

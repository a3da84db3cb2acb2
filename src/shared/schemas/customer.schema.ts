import { z } from 'zod';
import { messages } from '../messages';
import { fromCentavos, toCentavos } from '../money';
import { ZFullNameSchema } from './booking.schema';
import {
  PAGED_BOTH_WAYS,
  pagedOneWay,
  syncPageOf,
  syncQuery,
  ZEmailSchema,
  ZIdSchema,
  ZIsoDateSchema,
  ZListQuerySchema,
  ZMoneyOutSchema,
  ZPhoneSchema,
  ZPositiveMoneySchema,
  ZTimestampSchema,
  optionalText,
} from './common.schema';
import { BOOKING_STATUSES, MAX_STAFF_RENTAL_DAYS, ZRenterLocaleSchema, isOccupying, isRentalTooLong, type BookingStatus } from './booking.schema';

export const ZCustomerSchema = z.object({
  id: ZIdSchema,
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  license: z.string().nullable(),
  licenseExpiry: z.string().nullable(),
  address: z.string().nullable(),
  photoId1Url: z.string().nullable(),
  photoId2Url: z.string().nullable(),
  proofOfBillingUrl: z.string().nullable(),
  createdAt: ZTimestampSchema,
  /** When staff erased the customer's personal data at their request (their bookings and payments stay for the accounts), or null. */
  erasedAt: ZTimestampSchema.nullable(),
});
export type TCustomer = z.infer<typeof ZCustomerSchema>;

/**
 * What an erased customer's record and their bookings hold instead of the renter's name and e-mail
 * address. The address is no address (no "@"): no form accepts it, no message can be sent to it, and
 * it keeps the customer's e-mail unique.
 */
export const ERASED_NAME = 'Erased customer';
export const erasedAddress = (customerId: string): string => `erased:${customerId}`;
export const isErasedAddress = (email: string): boolean => email.startsWith('erased:');

/**
 * The statuses staff may give a booking of the renter at `renterEmail`: any, except that an erased
 * customer's booking cannot hold days again (pending or confirmed), having no renter to hold them for.
 */
export function statusesFor(renterEmail: string): readonly BookingStatus[] {
  if (!isErasedAddress(renterEmail)) return BOOKING_STATUSES;
  return BOOKING_STATUSES.filter((status) => !isOccupying(status));
}

/** The answer to erasing a customer: how many of their bookings (with their payments) stay, without the personal data. None: the record itself is gone. */
export const ZErasedCustomerSchema = z.object({ ok: z.literal(true), bookingsKept: z.number().int() });
export type TErasedCustomer = z.infer<typeof ZErasedCustomerSchema>;

const ZCustomerFieldsSchema = z.object({
  fullName: ZFullNameSchema,
  email: ZEmailSchema,
  phone: ZPhoneSchema,
  address: optionalText(300, 'many'),
  license: optionalText(60),
  licenseExpiry: z
    .union([ZIsoDateSchema, z.literal('')])
    .nullish()
    .transform((value) => value || undefined),
});

/** An initial booking made with a new customer: car, dates and total, or none (car 'none' means none); its status and the renter's language have defaults. */
export const ZInitialBookingSchema = z
  .object({
    carId: ZIdSchema,
    pickupDate: ZIsoDateSchema,
    returnDate: ZIsoDateSchema,
    total: ZPositiveMoneySchema,
    status: z.enum(BOOKING_STATUSES).default('confirmed'),
    locale: ZRenterLocaleSchema,
  })
  .refine((b) => b.returnDate > b.pickupDate, { error: () => messages.validation.returnAfterPickup, path: ['returnDate'] })
  .refine((b) => b.returnDate <= b.pickupDate || !isRentalTooLong(b.pickupDate, b.returnDate, MAX_STAFF_RENTAL_DAYS), {
    error: () => messages.validation.rentalTooLong({ max: MAX_STAFF_RENTAL_DAYS }),
    path: ['returnDate'],
  });

export const ZCreateCustomerSchema = ZCustomerFieldsSchema.extend({
  initialBooking: ZInitialBookingSchema.optional(),
});
export type TCreateCustomer = z.infer<typeof ZCreateCustomerSchema>;
export type TCreateCustomerInput = z.input<typeof ZCreateCustomerSchema>;

export const ZUpdateCustomerSchema = ZCustomerFieldsSchema.partial();
export type TUpdateCustomer = z.infer<typeof ZUpdateCustomerSchema>;

/** The Add Customer form's car for "no first booking". */
export const NO_INITIAL_BOOKING = 'none';

const INITIAL_BOOKING_NEEDS = ['pickupDate', 'returnDate', 'total'] as const;

/**
 * The staff form's first booking, as the form holds it: none while the car is "No booking";
 * with a car chosen, both dates and the total are needed (a half-filled booking is pointed out,
 * never silently dropped), then the server's ZInitialBookingSchema decides.
 */
const ZInitialBookingChoiceSchema = z
  .object({
    carId: z.string(),
    pickupDate: z.string().nullable(),
    returnDate: z.string().nullable(),
    total: z.string(),
    status: z.enum(BOOKING_STATUSES),
    locale: ZRenterLocaleSchema,
  })
  .transform((choice, ctx) => {
    if (!choice.carId || choice.carId === NO_INITIAL_BOOKING) return undefined;
    const missing = INITIAL_BOOKING_NEEDS.filter((key) => !choice[key]?.trim());
    for (const key of missing) ctx.issues.push({ code: 'custom', path: [key], message: messages.validation.initialBookingIncomplete, input: choice[key] });
    if (missing.length) return z.NEVER;
    const booking = ZInitialBookingSchema.safeParse(choice);
    if (booking.success) return booking.data;
    for (const issue of booking.error.issues) ctx.issues.push({ code: 'custom', path: issue.path, message: issue.message, input: choice });
    return z.NEVER;
  });

/**
 * The dashboard's customer form (Add and Edit): the customer's fields as ZCreateCustomerSchema
 * checks them, and the optional first booking. Its output is the create payload.
 */
export const ZCustomerFormSchema = ZCustomerFieldsSchema.extend({ initialBooking: ZInitialBookingChoiceSchema });
export type TCustomerFormInput = z.input<typeof ZCustomerFormSchema>;

/** A booking as a customer's history lists it. */
export const ZCustomerBookingSchema = z.object({
  id: ZIdSchema,
  /** The booking's reference (`HI-` and six letters or digits, e.g. `HI-7K3QPX`), as on the renter's receipt and in the Bookings tab. */
  reference: z.string(),
  carName: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  totalDays: z.number().int(),
  total: ZMoneyOutSchema,
  amountPaid: ZMoneyOutSchema,
  status: z.enum(BOOKING_STATUSES),
  createdAt: ZTimestampSchema,
});

export const ZAdminCustomerSchema = ZCustomerSchema.extend({
  updatedAt: ZTimestampSchema.describe(
    'When anything in this answer last changed: the record, or one of their bookings (a new one, or any change of one, as its own `updatedAt` says): what `updatedSince` compares',
  ),
  totals: z.object({
    bookings: z.number().int(),
    total: ZMoneyOutSchema,
    paid: ZMoneyOutSchema,
    pending: ZMoneyOutSchema,
  }),
  bookings: z.array(ZCustomerBookingSchema),
});
export type TAdminCustomer = z.infer<typeof ZAdminCustomerSchema>;
export type TCustomerTotals = TAdminCustomer['totals'];

/**
 * A customer's totals, the spec's "total = sum of booking totals, paid = sum of amountPaid,
 * pending = total - paid": `total` and `pending` over the bookings that still count (a cancelled
 * booking is owed nothing), `paid` over every booking, for what a cancelled one kept (a late
 * cancellation's share, or money not yet refunded) was paid all the same. The list, the customer
 * cards and the CSV (whose "Total Spent" is `paid`: the payments received less refunds, not the
 * amounts booked) all use this.
 */
export function customerTotals(bookings: readonly { total: string; amountPaid: string; status: string }[]): TCustomerTotals {
  let total = 0;
  let paidOnOpen = 0;
  let paid = 0;
  for (const b of bookings) {
    paid += toCentavos(b.amountPaid);
    if (b.status === 'cancelled') continue;
    total += toCentavos(b.total);
    paidOnOpen += toCentavos(b.amountPaid);
  }
  return { bookings: bookings.length, total: fromCentavos(total), paid: fromCentavos(paid), pending: fromCentavos(Math.max(0, total - paidOnOpen)) };
}

export const ZCustomerListQuerySchema = ZListQuerySchema.extend(syncQuery('customers (their record, or one of their bookings)')).refine(
  (query) => pagedOneWay(query.after, query.offset),
  PAGED_BOTH_WAYS,
);
export type TCustomerListQuery = z.infer<typeof ZCustomerListQuerySchema>;
export const ZCustomerPageSchema = syncPageOf(ZAdminCustomerSchema);
export type TCustomerPage = z.infer<typeof ZCustomerPageSchema>;

/**
 * Why a customer record was deleted outright: erased (at the customer's request, or by retention)
 * while it had no bookings; or merged, left with none when its one booking moved to the record of
 * its renter's corrected address.
 */
export const CUSTOMER_DELETION_REASONS = ['erased', 'merged'] as const;
export type CustomerDeletionReason = (typeof CUSTOMER_DELETION_REASONS)[number];

/** A deleted customer record as an integrator's sync learns of it: which, when and why; nothing of the person. */
export const ZCustomerDeletionSchema = z.object({
  id: ZIdSchema.describe('The id the customer record had (never given to another record)'),
  deletedAt: ZTimestampSchema.describe('When it was deleted: what `deletedSince` compares'),
  reason: z
    .enum(CUSTOMER_DELETION_REASONS)
    .describe('`erased`: erased while it had no bookings; `merged`: its one booking moved to the record of its renter’s corrected address, which the customers list shows changed'),
});
export type TCustomerDeletion = z.infer<typeof ZCustomerDeletionSchema>;

export const ZCustomerDeletionQuerySchema = ZListQuerySchema.omit({ q: true })
  .extend(syncQuery('customer records', 'deletedSince'))
  .refine((query) => pagedOneWay(query.after, query.offset), PAGED_BOTH_WAYS);
export type TCustomerDeletionQuery = z.infer<typeof ZCustomerDeletionQuerySchema>;
export const ZCustomerDeletionPageSchema = syncPageOf(ZCustomerDeletionSchema);
export type TCustomerDeletionPage = z.infer<typeof ZCustomerDeletionPageSchema>;

/** The CSV export's columns, in order. */
export const CUSTOMER_CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'License',
  'Total Bookings',
  'Total Spent',
  'Registration Date',
  'Booking History',
] as const;

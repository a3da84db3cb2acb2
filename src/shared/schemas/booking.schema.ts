import { z } from 'zod';
import { daysBetween } from '../dates';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';
import { messages } from '../messages';
import { MAX_RENTAL_DAYS } from '../rentalLimits';
import { DELIVERY_AREAS, DISTANCE_SERVICES, DRIVER_SERVICES } from '../pricing';
import {
  ZEmailSchema,
  ZIdSchema,
  ZIsoDateSchema,
  ZListQuerySchema,
  ZMoneyOutSchema,
  ZPhoneSchema,
  ZPositiveMoneySchema,
  PAGED_BOTH_WAYS,
  pagedOneWay,
  syncPageOf,
  syncQuery,
  ZTimestampSchema,
  isoDateSchema,
  optionalText,
  text,
} from './common.schema';
import { ZObjectPathSchema, objectPathSchema } from './upload.schema';

const v = messages.validation;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Who cancelled a booking: staff, its renter (manage-booking page), or its unconfirmed hold running out. */
export const CANCELLED_BY = ['staff', 'renter', 'hold'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** Statuses whose bookings hold their days on the calendar. */
export const OCCUPYING_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
/** Whether a booking of `status` holds its days (is open). */
export const isOccupying = (status: string): boolean => (OCCUPYING_STATUSES as readonly string[]).includes(status);

export const PICKUP_TIMES = [
  '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM',
] as const;
export type PickupTime = (typeof PICKUP_TIMES)[number];
export const DEFAULT_PICKUP_TIME = '9:00 AM';

export const PAYMENT_METHODS = ['cash', 'gcash', 'maya', 'bank_transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A row of a booking's ledger: money received, or money given back (what was paid goes down by it). */
export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export { MAX_DAYS_AHEAD, MAX_RENTAL_DAYS } from '../rentalLimits';

/** At most this many pending website bookings per e-mail address, and per phone number, whose renter has not yet opened their link. */
export const MAX_UNPROVEN_BOOKINGS = 2;

/** The longest rental staff may enter (long-term and corporate rentals). */
export const MAX_STAFF_RENTAL_DAYS = 366;

/** Whether a pickup..return range is longer than `maxDays` rental days. */
export function isRentalTooLong(pickupDate: string, returnDate: string, maxDays: number): boolean {
  // Zod 4 runs an object's refinements even when a field failed: an unreadable date is that
  // field's issue, not a reason to throw (which answered 500).
  try {
    return daysBetween(pickupDate, returnDate) > maxDays;
  } catch {
    return false;
  }
}

/**
 * What has no place in a person's name: private-use characters (each font draws them as it likes),
 * format characters (\p{Cf}: soft hyphens, invisible operators, annotation anchors, hieroglyph
 * format controls, Arabic number signs; they draw nothing, or nothing of a letter) and the Arabic
 * tatweel (U+0640, which only draws a letter out, and shows as a line between Latin letters), and
 * the letters that draw nothing: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), placeholders
 * of an encoding's syllables, and the blank Braille pattern (U+2800). A name of them alone reads as
 * blank in the dashboard and the e-mails.
 * The joiners that shape a script's letters (U+200C, U+200D) and the marks that hint a direction
 * (U+200E, U+200F, U+061C), which a one-line text keeps, stay; the bidi embeddings, overrides and
 * isolates are the one-line rule's (ONE_LINE_PATTERN), refused with its own message. The
 * blocklist's skeleton removes every one of these, joiners and marks included.
 */
export const NOT_IN_A_NAME = /(?![\u200c-\u200f\u061c\u202a-\u202e\u2066-\u2069])[\p{Co}\p{Cf}\u0640\u115f\u1160\u3164\uffa0\u2800]/u;

export const ZFullNameSchema = text('one', () => v.fullName)
  .min(2, { error: () => v.fullName })
  .max(120, { error: () => v.tooLong({ max: 120 }) })
  .refine((name) => !NOT_IN_A_NAME.test(name), { error: () => v.nameCharacter });

/** The renter's details, shared by the booking form and `POST /api/bookings`. */
export const ZRenterSchema = z.object({
  fullName: ZFullNameSchema,
  email: ZEmailSchema,
  phone: ZPhoneSchema,
  license: optionalText(60),
  facebookProfile: optionalText(200),
});

export const ZDocumentsSchema = z.object({
  photoId1Url: ZObjectPathSchema,
  photoId2Url: ZObjectPathSchema,
  proofOfBillingUrl: ZObjectPathSchema,
});
export type TDocuments = z.infer<typeof ZDocumentsSchema>;
export const DOCUMENT_FIELDS = ['photoId1Url', 'photoId2Url', 'proofOfBillingUrl'] as const;

/** Where a booking request names a document (`customer.<field>`): the path of that document's issue when it is refused. */
export function documentIssuePath(field: DocumentField): string {
  return `customer.${field}`;
}

/** The answer to replacing documents: what is now on file, for the customer (staff) or for the token's booking (its renter). */
export const ZSavedDocumentsSchema = z.object({
  customerId: ZIdSchema,
  bookingId: ZIdSchema.nullable().describe("Set when the renter's document token replaced their booking's documents"),
  photoId1Url: z.string().nullable(),
  photoId2Url: z.string().nullable(),
  proofOfBillingUrl: z.string().nullable(),
});
export type TSavedDocuments = z.infer<typeof ZSavedDocumentsSchema>;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** The rental choices, shared by the booking form and `POST /api/bookings`. */
const ZRentalFieldsSchema = z.object({
  pickupDate: isoDateSchema(() => v.pickupDate),
  returnDate: isoDateSchema(() => v.returnDate),
  pickupTime: z.enum(PICKUP_TIMES, { error: () => v.pickupTime }).default(DEFAULT_PICKUP_TIME),
  driverService: z.enum(DRIVER_SERVICES).default('none'),
  distanceService: z.enum(DISTANCE_SERVICES).default('none'),
  wantsDelivery: z.boolean().default(false),
  deliveryArea: z.enum(DELIVERY_AREAS, { error: () => v.deliveryArea }).nullish(),
  deliveryAddress: text('many').max(500, { error: () => v.tooLong({ max: 500 }) }).nullish(),
});

type RentalFields = z.infer<typeof ZRentalFieldsSchema>;

/** Cross-field rules of a rental, written once for the form and the API. */
function checkRental(rental: RentalFields, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (rental.pickupDate && rental.returnDate && rental.returnDate <= rental.pickupDate) {
    ctx.addIssue({ code: 'custom', message: v.returnAfterPickup, path: [...path, 'returnDate'] });
  } else if (rental.pickupDate && rental.returnDate && isRentalTooLong(rental.pickupDate, rental.returnDate, MAX_RENTAL_DAYS)) {
    ctx.addIssue({ code: 'custom', message: v.rentalTooLong({ max: MAX_RENTAL_DAYS }), path: [...path, 'returnDate'] });
  }
  if (rental.wantsDelivery) {
    if (!rental.deliveryArea) ctx.addIssue({ code: 'custom', message: v.deliveryArea, path: [...path, 'deliveryArea'] });
    if (!rental.deliveryAddress) ctx.addIssue({ code: 'custom', message: v.deliveryAddress, path: [...path, 'deliveryAddress'] });
  }
}

/** Everything the booking form collects except the documents, which the uploader holds. */
export const ZBookingFormSchema = ZRenterSchema.extend(ZRentalFieldsSchema.shape)
  .extend({ acceptTerms: z.literal(true, { error: () => v.acceptTerms }) })
  .superRefine((form, ctx) => checkRental(form, ctx));
export type TBookingForm = z.infer<typeof ZBookingFormSchema>;
export type TBookingFormInput = z.input<typeof ZBookingFormSchema>;

/** A booking's document: each missing one is refused with the spec's one message for the three. */
const ZBookingDocumentSchema = objectPathSchema(() => v.documentsRequired);

/**
 * `POST /api/bookings`: the spec's `{customer, booking}` payload, with the three documents in
 * `customer`, all required. Prices a client sends (totalDays, subtotal, total, ...) are ignored and dropped.
 */
export const ZCreateBookingSchema = z.object({
  customer: ZRenterSchema.extend({
    photoId1Url: ZBookingDocumentSchema,
    photoId2Url: ZBookingDocumentSchema,
    proofOfBillingUrl: ZBookingDocumentSchema,
  }).superRefine((renter, ctx) => {
    // One uploaded file stands for one document only.
    DOCUMENT_FIELDS.forEach((field, i) => {
      if (renter[field] && DOCUMENT_FIELDS.slice(0, i).some((earlier) => renter[earlier] === renter[field])) {
        ctx.addIssue({ code: 'custom', message: messages.errors.sameDocumentTwice, path: [field] });
      }
    });
  }),
  booking: ZRentalFieldsSchema.extend({ carId: ZIdSchema }).superRefine((rental, ctx) => checkRental(rental, ctx)),
});
export type TCreateBooking = z.infer<typeof ZCreateBookingSchema>;
export type TCreateBookingInput = z.input<typeof ZCreateBookingSchema>;

/** How long a booking request's idempotency key is remembered: a retry within it answers the booking it made. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * A key the client draws for one booking request and sends again with each retry of it (REST: the
 * `Idempotency-Key` header; the site's form: `idempotencyKey`): a retry of a request that was booked
 * answers that booking instead of making another (or finding its own dates taken).
 */
export const ZIdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, { error: () => v.idempotencyKey });

/** The site's form call: the booking and, optionally, the key of this attempt (ZIdempotencyKeySchema). */
export const ZCreateBookingCallSchema = ZCreateBookingSchema.extend({ idempotencyKey: ZIdempotencyKeySchema.optional() });
export type TCreateBookingCall = z.input<typeof ZCreateBookingCallSchema>;

/** The renter's details a booking keeps and a customer record also holds: where the two can differ. */
export const RENTER_RECORD_FIELDS = ['fullName', 'phone', 'license', 'facebookProfile', ...DOCUMENT_FIELDS] as const;
export type RenterRecordField = (typeof RENTER_RECORD_FIELDS)[number];

export const ZBookingSchema = z.object({
  id: ZIdSchema,
  reference: z.string().describe('The short public reference, e.g. HI-7K3QPX'),
  createdAt: ZTimestampSchema,
  updatedAt: ZTimestampSchema.describe('When the booking last changed (its status, dates, prices, payments, renter details, documents, ...): what `updatedSince` compares'),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(['website', 'admin']),
  customerId: ZIdSchema,
  customerName: z.string().describe('The renter as the booking was made (it may differ from the customer record)'),
  customerEmail: z.string(),
  customerPhone: z.string(),
  customerLicense: z.string().nullable(),
  facebookProfile: z.string().nullable(),
  photoId1Url: z.string().nullable().describe('The documents the booking was made with (website bookings)'),
  photoId2Url: z.string().nullable(),
  proofOfBillingUrl: z.string().nullable(),
  carId: ZIdSchema.nullable(),
  carName: z.string(),
  carCategory: z.string(),
  carTransmission: z.string(),
  carFuel: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  pickupTime: z.string(),
  totalDays: z.number().int(),
  dailyRate: ZMoneyOutSchema,
  withDriver: z.boolean(),
  driverService: z.enum(DRIVER_SERVICES),
  distanceService: z.enum(DISTANCE_SERVICES),
  wantsDelivery: z.boolean(),
  deliveryArea: z.enum(DELIVERY_AREAS).nullable(),
  deliveryAddress: z.string().nullable(),
  subtotal: ZMoneyOutSchema,
  driverFee: ZMoneyOutSchema,
  distanceFee: ZMoneyOutSchema,
  deliveryFee: ZMoneyOutSchema,
  insurance: ZMoneyOutSchema,
  deposit: ZMoneyOutSchema.describe('Security deposit collected at pick-up (cash or card hold), not part of the total: the car\'s own, else the garage\'s; 0.00 for bookings made before deposits were recorded'),
  adjustment: ZMoneyOutSchema.describe('Agreed difference to the computed price (admin bookings only)'),
  total: ZMoneyOutSchema,
  amountPaid: ZMoneyOutSchema,
  balance: ZMoneyOutSchema,
  holdUntil: ZTimestampSchema.nullable().describe('A pending website booking not yet confirmed by its renter or staff is cancelled at this time'),
  emailProven: z.boolean().describe('The renter opened the booking link sent to their e-mail address'),
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  cancelledAt: ZTimestampSchema.nullable().describe('When the booking was cancelled (what the terms refund depends on it)'),
  locale: z.enum(LOCALES).describe('The renter\'s language (en, fil): the site\'s where they booked, or the request\'s Accept-Language; their e-mails are written in it'),
  requestedDocument: z.enum(DOCUMENT_FIELDS).nullable().describe('A document staff asked the renter to replace'),
  documentRequestNote: z.string().nullable(),
  customerDiffers: z.array(z.enum(RENTER_RECORD_FIELDS)).describe("The booking's renter details that differ from the customer record (staff answers only)"),
});
export type TBooking = z.infer<typeof ZBookingSchema>;

/** A booking as its renter is answered it (the create answer, their booking's page): without staff's comparison with the customer record. */
export const ZRenterBookingSchema = ZBookingSchema.omit({ customerDiffers: true });
export type TRenterBooking = z.infer<typeof ZRenterBookingSchema>;

/** Staff ask the renter to replace one document, saying why. */
export const ZRequestDocumentSchema = z.object({
  field: z.enum(DOCUMENT_FIELDS, { error: () => v.documentField }),
  note: text('many', () => v.requestNote).min(3, { error: () => v.requestNote }).max(500, { error: () => v.tooLong({ max: 500 }) }),
});
export type TRequestDocument = z.infer<typeof ZRequestDocumentSchema>;

/** Staff correct the e-mail address of an open booking's renter (a mistyped one, or someone else's). */
export const ZCorrectRenterEmailSchema = z.object({
  email: ZEmailSchema.describe('The renter’s right address: the booking is e-mailed to it, with a new manage link'),
});
export type TCorrectRenterEmail = z.infer<typeof ZCorrectRenterEmailSchema>;

/**
 * The answer to a public booking (`POST /api/bookings`, `bookings.create`): what the request sent
 * as `customer`, with the id of the customer record the booking is grouped under (by e-mail), and
 * the booking. Nothing stored about that customer is read back.
 */
export const ZCreateBookingAnswerSchema = z.object({
  customer: z.object({
    id: ZIdSchema,
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    license: z.string().nullable(),
    facebookProfile: z.string().nullable(),
    photoId1Url: z.string(),
    photoId2Url: z.string(),
    proofOfBillingUrl: z.string(),
  }),
  booking: ZRenterBookingSchema,
  documentToken: z.string().describe("Lets the renter replace this booking's documents for one hour (PUT /api/customers/{id}/documents)"),
});
export type TCreateBookingAnswer = z.infer<typeof ZCreateBookingAnswerSchema>;

export const ZPaymentSchema = z.object({
  id: ZIdSchema,
  bookingId: ZIdSchema,
  kind: z.enum(PAYMENT_KINDS).describe('payment: money received; refund: money given back (the booking\'s amountPaid went down by it)'),
  amount: ZMoneyOutSchema,
  method: z.enum(PAYMENT_METHODS),
  note: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: ZTimestampSchema,
  voidedAt: ZTimestampSchema.nullable().describe('When the row was voided as entered by mistake (it no longer counts in `amountPaid`), or null'),
  voidedBy: z.string().nullable().describe('Who voided it'),
  voidReason: z.string().nullable().describe('Why it was voided'),
});
export type TPayment = z.infer<typeof ZPaymentSchema>;

/** The language of the renter of a booking staff enter (New Booking, Add Customer's first booking): their e-mails, and the booking's page their link opens. */
export const ZRenterLocaleSchema = z.enum(LOCALES).default(DEFAULT_LOCALE).describe('The renter’s language: their e-mails, and the booking’s page their link opens (English when left out)');

/** `POST /api/admin/bookings`: the spec's payload; `carId` may replace `carName`, `total` may be left to the price list. */
export const ZAdminCreateBookingSchema = z
  .object({
    customerEmail: ZEmailSchema,
    customerName: ZFullNameSchema,
    customerPhone: ZPhoneSchema.optional(),
    carId: ZIdSchema.optional(),
    carName: text().min(1).max(120).optional(),
    pickupDate: ZIsoDateSchema,
    returnDate: ZIsoDateSchema,
    pickupTime: z.enum(PICKUP_TIMES).default(DEFAULT_PICKUP_TIME),
    driverService: z.enum(DRIVER_SERVICES).default('none'),
    distanceService: z.enum(DISTANCE_SERVICES).default('none'),
    total: ZPositiveMoneySchema.optional(),
    status: z.enum(BOOKING_STATUSES).default('pending'),
    locale: ZRenterLocaleSchema,
  })
  .superRefine((input, ctx) => {
    if (!input.carId && !input.carName) ctx.addIssue({ code: 'custom', message: v.chooseCar, path: ['carId'] });
    if (input.returnDate <= input.pickupDate) {
      ctx.addIssue({ code: 'custom', message: v.returnAfterPickup, path: ['returnDate'] });
    } else if (isRentalTooLong(input.pickupDate, input.returnDate, MAX_STAFF_RENTAL_DAYS)) {
      ctx.addIssue({ code: 'custom', message: v.rentalTooLong({ max: MAX_STAFF_RENTAL_DAYS }), path: ['returnDate'] });
    }
  });
export type TAdminCreateBooking = z.infer<typeof ZAdminCreateBookingSchema>;

/** The dashboard's New Booking form: what ZAdminCreateBookingSchema takes, with what the form leaves blank (a phone, a total, a date not chosen yet) left out. */
export const ZNewBookingFormSchema = z.preprocess(
  (input) => (input && typeof input === 'object' ? Object.fromEntries(Object.entries(input).filter(([, value]) => value !== '' && value !== null)) : input),
  ZAdminCreateBookingSchema,
);

/** The status a change was decided from: a booking whose status is another now refuses the change (409). */
const ZExpectedStatusSchema = z
  .enum(BOOKING_STATUSES)
  .optional()
  .describe('The status the change was decided from (as last read). When given and the booking has another status now, the change is refused (409) and nothing changes: a change from a page loaded earlier cannot undo one made since, such as the renter cancelling.');

export const ZUpdateBookingStatusSchema = z.object({
  status: z.enum(BOOKING_STATUSES),
  expectedStatus: ZExpectedStatusSchema,
});
export type TUpdateBookingStatus = z.infer<typeof ZUpdateBookingStatusSchema>;

export const ZUpdateBookingDatesSchema = z
  .object({
    pickupDate: ZIsoDateSchema,
    returnDate: ZIsoDateSchema,
    pickupTime: z.enum(PICKUP_TIMES, { error: () => v.pickupTime }).optional().describe('A new pick-up time; the booking keeps its own when absent'),
    expectedStatus: ZExpectedStatusSchema,
  })
  .refine((d) => d.returnDate > d.pickupDate, { error: () => v.returnAfterPickup, path: ['returnDate'] })
  .refine((d) => d.returnDate <= d.pickupDate || !isRentalTooLong(d.pickupDate, d.returnDate, MAX_STAFF_RENTAL_DAYS), {
    error: () => v.rentalTooLong({ max: MAX_STAFF_RENTAL_DAYS }),
    path: ['returnDate'],
  });
export type TUpdateBookingDates = z.infer<typeof ZUpdateBookingDatesSchema>;

export const ZAddPaymentSchema = z.object({
  kind: z.enum(PAYMENT_KINDS).default('payment'),
  amount: ZPositiveMoneySchema,
  method: z.enum(PAYMENT_METHODS).default('cash'),
  note: optionalText(300, 'many'),
});
export type TAddPayment = z.infer<typeof ZAddPaymentSchema>;

/** The owner voids a ledger row entered by mistake, saying why (the log and the renter's e-mail keep it). */
export const ZVoidPaymentSchema = z.object({
  reason: text('one', () => v.voidReason).min(3, { error: () => v.voidReason }).max(300, { error: () => v.tooLong({ max: 300 }) }),
});
export type TVoidPayment = z.infer<typeof ZVoidPaymentSchema>;

export const ZBookingListQuerySchema = ZListQuerySchema.extend({
  status: z.enum(BOOKING_STATUSES).optional(),
  ...syncQuery('bookings'),
}).refine((query) => pagedOneWay(query.after, query.offset), PAGED_BOTH_WAYS);
export type TBookingListQuery = z.infer<typeof ZBookingListQuerySchema>;
export const ZBookingPageSchema = syncPageOf(ZBookingSchema);
export type TBookingPage = z.infer<typeof ZBookingPageSchema>;

export type PaymentState = 'Fully Paid' | 'Partially Paid' | 'Not Paid' | 'Money Held' | 'Nothing Owed';

/**
 * The spec's payment progress: state, and a bar capped at 100 %. A cancelled booking owes nothing:
 * what is still paid on it is money the garage holds (to give back or keep by the terms), not a part
 * payment, and with nothing held (never paid, or all given back) it is settled, not unpaid.
 */
export function paymentProgress(amountPaid: string, total: string, status?: BookingStatus): { state: PaymentState; percent: number } {
  const paid = Number(amountPaid);
  const due = Number(total);
  if (status === 'cancelled') return paid > 0 ? { state: 'Money Held', percent: 100 } : { state: 'Nothing Owed', percent: 0 };
  const state: PaymentState = paid >= due ? 'Fully Paid' : paid > 0 ? 'Partially Paid' : 'Not Paid';
  const percent = due > 0 ? Math.min(100, Math.floor((paid / due) * 100)) : 100;
  return { state, percent };
}

/** Badge colour by status: anything unknown shows as Pending in yellow. */
export function statusBadge(status: string): { label: string; color: 'green' | 'red' | 'blue' | 'yellow' } {
  switch (status) {
    case 'confirmed':
      return { label: 'Confirmed', color: 'green' };
    case 'cancelled':
      return { label: 'Cancelled', color: 'red' };
    case 'completed':
      return { label: 'Completed', color: 'blue' };
    default:
      return { label: 'Pending', color: 'yellow' };
  }
}


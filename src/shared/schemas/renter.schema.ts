import { z } from 'zod';
import { messages } from '../messages';
import { normalizeReference } from '../reference';
import { DOCUMENT_FIELDS, PAYMENT_KINDS, PAYMENT_METHODS, ZRenterBookingSchema } from './booking.schema';
import { ZEmailSchema, ZMoneyOutSchema, ZTimestampSchema } from './common.schema';
import { ZObjectPathSchema } from './upload.schema';

/** "Find my booking": the reference (typed any way a person might) and the renter's e-mail address. */
export const ZFindBookingSchema = z.object({
  reference: z
    .string({ error: () => messages.validation.reference })
    .max(40, { error: () => messages.validation.reference })
    .transform((value, ctx) => normalizeReference(value) ?? (ctx.addIssue({ code: 'custom', message: messages.validation.reference }), z.NEVER)),
  email: ZEmailSchema,
});
export type TFindBooking = z.infer<typeof ZFindBookingSchema>;

/**
 * The shape of a manage link's token: the booking's id, an expiry, the version of the booking's links
 * when it is not the first (staff corrected the renter's address since), and a signature.
 */
export const MANAGE_TOKEN_PATTERN = /^[0-9a-f-]{36}\.\d+(\.[1-9]\d{0,8})?\.[\w-]+$/;

/** The signed token of a booking's "Manage your booking" link (it names the booking). */
export const ZManageTokenSchema = z.object({ token: z.string().min(20).max(200) });

export const ZReplaceRequestedDocumentSchema = ZManageTokenSchema.extend({ objectPath: ZObjectPathSchema });

/** A payment as its renter sees it. */
export const ZRenterPaymentSchema = z.object({ kind: z.enum(PAYMENT_KINDS), amount: ZMoneyOutSchema, method: z.enum(PAYMENT_METHODS), createdAt: ZTimestampSchema });

/** What the manage-booking page shows: the receipt, the payments, the hold, what cancelling allows, a document request. */
export const ZManagedBookingSchema = z.object({
  booking: ZRenterBookingSchema,
  payments: z.array(ZRenterPaymentSchema),
  cancellation: z.object({ canCancel: z.boolean(), freeUntil: ZTimestampSchema }),
  documentRequest: z.object({ field: z.enum(DOCUMENT_FIELDS), note: z.string(), requestedAt: ZTimestampSchema }).nullable(),
});
export type TManagedBooking = z.infer<typeof ZManagedBookingSchema>;

/** Answers that say only that the request was taken (the same whether or not a booking matched). */
export const ZAcceptedSchema = z.object({ message: z.string() });

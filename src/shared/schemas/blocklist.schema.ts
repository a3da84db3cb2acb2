import { z } from 'zod';
import { messages } from '../messages';
import { OCCUPYING_STATUSES } from './booking.schema';
import { ZIdSchema, ZTimestampSchema, optionalText, text } from './common.schema';

export const ZBlockNameSchema = z.object({
  fullName: text('one', () => messages.validation.fullName).min(1, { error: () => messages.validation.fullName }).max(120, { error: () => messages.validation.tooLong({ max: 120 }) }),
  reason: optionalText(500, 'many').transform((reason) => reason ?? null),
  blockedBy: text()
    .max(60)
    .nullish()
    .transform((value) => value || 'admin'),
});
export type TBlockName = z.infer<typeof ZBlockNameSchema>;
export type TBlockNameInput = z.input<typeof ZBlockNameSchema>;

export const ZBlockedNameSchema = z.object({
  id: ZIdSchema,
  fullName: z.string(),
  reason: z.string().nullable(),
  blockedBy: z.string(),
  createdAt: ZTimestampSchema,
});
export type TBlockedName = z.infer<typeof ZBlockedNameSchema>;

/** A booking made under a name before it was blocked, still to come or under way (pending or confirmed, not yet returned). */
export const ZOpenBookingUnderNameSchema = z.object({
  id: ZIdSchema,
  reference: z.string(),
  renterName: z.string(),
  carName: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  status: z.enum(OCCUPYING_STATUSES),
});
export type TOpenBookingUnderName = z.infer<typeof ZOpenBookingUnderNameSchema>;

/** The answer to blocking a name: the entry, and the bookings already made under it, which blocking leaves as they are. */
export const ZBlockNameAnswerSchema = ZBlockedNameSchema.extend({
  openBookings: z
    .array(ZOpenBookingUnderNameSchema)
    .describe('Bookings already made under the name (in any spelling it matches), pending or confirmed and not yet returned, by pick-up date: blocking stops new website bookings only'),
});
export type TBlockNameAnswer = z.infer<typeof ZBlockNameAnswerSchema>;

export const ZCheckNameSchema = z.object({ name: text().max(200).default('') });
export const ZCheckNameAnswerSchema = z.object({ isBlocked: z.boolean() });

/** The booking form checks a name once its trimmed length passes this. */
export const NAME_CHECK_MIN_LENGTH = 3;

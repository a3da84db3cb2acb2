import { z } from 'zod';
import { messages } from '../messages';
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

export const ZCheckNameSchema = z.object({ name: text().max(200).default('') });
export const ZCheckNameAnswerSchema = z.object({ isBlocked: z.boolean() });

/** The booking form checks a name once its trimmed length passes this. */
export const NAME_CHECK_MIN_LENGTH = 3;

import { z } from 'zod';
import { isIsoDate } from '../dates';
import { fromCentavos, isMoneyString, toCentavos } from '../money';
import { messages } from '../messages';

const v = messages.validation;

/** A required, trimmed string: missing, wrong type and blank all give `message`. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, v.tooLong(max));
}

/** An optional trimmed string; blank becomes undefined. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, v.tooLong(max))
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));
}

export const ZIsoDateSchema = z.string({ error: v.dateFormat }).refine(isIsoDate, v.dateFormat);

export const ZIdSchema = z.uuid();

/** An amount in pesos, as a string ("1500.50") or a number; normalised to "1500.50". */
/** A number is an amount when it is finite, below ten billion pesos and has at most two decimals. */
function isMoneyNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) < 1e10 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export const ZMoneySchema = z
  .union([z.string(), z.number()], { error: v.amount })
  .refine((value) => (typeof value === 'number' ? isMoneyNumber(value) : isMoneyString(value)), v.amount)
  .transform((value) => fromCentavos(toCentavos(value)));

export const ZPositiveMoneySchema = ZMoneySchema.refine((value) => toCentavos(value) > 0, v.positiveAmount);

/** A stored money figure as it leaves the server: "1500.00". */
export const ZMoneyOutSchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const ZTimestampSchema = z.string().describe('ISO 8601 timestamp');

export const ZEmailSchema = z
  .string({ error: v.email })
  .trim()
  .toLowerCase()
  .max(254, v.tooLong(254))
  .pipe(z.email({ error: v.email }));

export const ZPhoneSchema = z
  .string({ error: v.phone })
  .trim()
  .min(10, v.phone)
  .max(40, v.tooLong(40))
  .regex(/^[+\d][\d\s()./-]*$/, v.phone);

/** Paging and search for admin lists. */
export const ZListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

export const ZMessageSchema = z.object({ message: z.string() });
export const ZOkSchema = z.object({ ok: z.literal(true) });

import { z } from 'zod';
import { messages } from '../messages';
import { ZEmailSchema, ZIdSchema, ZTimestampSchema, oneOf, optionalText, requiredText } from './common.schema';

export const CONTACT_SUBJECTS = [
  'General Inquiry',
  'Booking Question',
  'Fleet Information',
  'Corporate Rentals',
  'VIP Booking',
  'All Package Booking',
  'Support',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

const v = messages.validation;

export const ZContactSchema = z.object({
  firstName: requiredText(() => v.firstName, 80),
  lastName: requiredText(() => v.lastName, 80),
  email: ZEmailSchema,
  phone: optionalText(40),
  subject: z
    .union([z.enum(CONTACT_SUBJECTS), z.literal('')], { error: () => oneOf(CONTACT_SUBJECTS) })
    .nullish()
    .transform((subject) => subject || 'General Inquiry'),
  message: requiredText(() => v.message, 5000, 'many'),
});
export type TContact = z.infer<typeof ZContactSchema>;
export type TContactInput = z.input<typeof ZContactSchema>;

export const ZContactMessageSchema = z.object({
  id: ZIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  createdAt: ZTimestampSchema,
});

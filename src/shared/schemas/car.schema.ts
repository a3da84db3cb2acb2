import { z } from 'zod';
import { todayInManila } from '../dates';
import { messages } from '../messages';
import { formatPeso, toCentavos } from '../money';
import { ZIdSchema, ZMoneyOutSchema, ZPositiveMoneySchema, requiredText, text } from './common.schema';

const v = messages.validation;

export const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
export const FUELS = ['Gas', 'Diesel', 'Hybrid'] as const;

/** The highest daily rate a car may have, so that every total fits the database's numeric(12,2). */
export const MAX_DAILY_RATE = '1000000.00';

export const CAR_DEFAULTS = {
  seats: 5,
  transmission: 'Automatic',
  fuel: 'Gas',
  available: true,
} as const;

export const ZCarSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  category: z.string(),
  dailyRate: ZMoneyOutSchema,
  seats: z.number().int(),
  transmission: z.enum(TRANSMISSIONS),
  fuel: z.enum(FUELS),
  image: z.string(),
  description: z.string(),
  mileage: z.string(),
  year: z.number().int(),
  plateNumber: z.string(),
  available: z.boolean(),
});
export type TCar = z.infer<typeof ZCarSchema>;

/** This year in the garage's zone (Asia/Manila). */
const currentYear = () => Number(todayInManila().slice(0, 4));

/** The car fields an admin edits. No defaults here, so the partial update schema stays partial. */
const ZCarFieldsSchema = z.object({
  name: requiredText(v.carName, 120),
  category: requiredText(v.category, 60),
  dailyRate: ZPositiveMoneySchema.refine((rate) => toCentavos(rate) <= toCentavos(MAX_DAILY_RATE), v.dailyRateTooHigh(formatPeso(MAX_DAILY_RATE))),
  seats: z.coerce.number({ error: v.seats }).int(v.seats).min(1, v.seats).max(60, v.seats),
  transmission: z.enum(TRANSMISSIONS),
  fuel: z.enum(FUELS),
  image: text('one', messages.errors.carImageRequired).min(1, messages.errors.carImageRequired).max(300),
  description: text('many').max(2000),
  mileage: text().max(60),
  year: z.coerce.number({ error: v.year }).int(v.year).min(1980, v.year).refine((year) => year <= currentYear() + 1, v.year),
  plateNumber: text().toUpperCase().max(20),
  available: z.boolean(),
});

export const ZCreateCarSchema = ZCarFieldsSchema.extend({
  seats: ZCarFieldsSchema.shape.seats.default(CAR_DEFAULTS.seats),
  transmission: ZCarFieldsSchema.shape.transmission.default(CAR_DEFAULTS.transmission),
  fuel: ZCarFieldsSchema.shape.fuel.default(CAR_DEFAULTS.fuel),
  image: ZCarFieldsSchema.shape.image,
  description: ZCarFieldsSchema.shape.description.default(''),
  mileage: ZCarFieldsSchema.shape.mileage.default(''),
  year: ZCarFieldsSchema.shape.year.default(currentYear),
  plateNumber: ZCarFieldsSchema.shape.plateNumber.default(''),
  available: ZCarFieldsSchema.shape.available.default(CAR_DEFAULTS.available),
});
export type TCreateCar = z.infer<typeof ZCreateCarSchema>;
export type TCreateCarInput = z.input<typeof ZCreateCarSchema>;

export const ZUpdateCarSchema = ZCarFieldsSchema.partial();
export type TUpdateCar = z.infer<typeof ZUpdateCarSchema>;

export const ZBookedRangeSchema = z.object({
  start: z.string().describe('First occupied day, YYYY-MM-DD'),
  end: z.string().describe('Last occupied day (the return date), YYYY-MM-DD'),
});
export type TBookedRange = z.infer<typeof ZBookedRangeSchema>;

export { carBadge } from '../carBadge';

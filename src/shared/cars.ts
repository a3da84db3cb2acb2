import type { Locale } from './i18n/locales';

/**
 * The fleet's fixed lists, without zod, so the home page's first script can use them (the schemas
 * in schemas/car.schema.ts build on them).
 */
export const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
export const FUELS = ['Gas', 'Diesel', 'Hybrid'] as const;

/** The most seats a car may have. */
export const MAX_SEATS = 60;

/**
 * The fleet's categories, a fixed list: the badge rule (carBadge.ts) reads "Premium SUV", "Adventure
 * SUV" and "Compact Sedan", the home page's four category cards stand for groups of them, and the
 * date search filters by them. "Other" holds what fits none (a migration put unknown names there).
 */
export const CAR_CATEGORIES = [
  'Hatchback',
  'Compact Sedan',
  'Hybrid Sedan',
  'Premium Sedan',
  'MPV',
  'Premium SUV',
  'Adventure SUV',
  'Pickup Truck',
  'Van',
  'VIP SUV',
  'VIP Van',
  'Other',
] as const;
export type CarCategory = (typeof CAR_CATEGORIES)[number];

/** The listed category a name stands for, ignoring case and extra spaces ("premium  suv" is "Premium SUV"). */
export function carCategoryOf(name: string): CarCategory | null {
  const key = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return CAR_CATEGORIES.find((category) => category.toLowerCase() === key) ?? null;
}

/** How search results are ordered: the lowest total first, or the most seats first. */
export const CAR_SORTS = ['price', 'seats'] as const;
export type CarSort = (typeof CAR_SORTS)[number];

/** An odometer reading: up to 9,999,999, with or without thousands separators, with or without "km". */
const ODOMETER_PATTERN = /^(\d{1,3}(?:[,.\s]?\d{3}){0,2})\s*(?:km)?$/i;

/** The kilometres an odometer reading ("18,400 km", "18400") stands for, or null when it is none. */
export function odometerKilometres(mileage: string): number | null {
  const digits = ODOMETER_PATTERN.exec(mileage.trim())?.[1]?.replace(/\D/g, '');
  return digits && digits.length <= 7 ? Number(digits) : null;
}

const kilometres = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 0 });

/** 18400 -> "18,400 km", as the odometer is kept and shown. */
export function odometerReading(km: number): string {
  return `${kilometres.format(km)} km`;
}

/** A car's description in `locale`: on the Filipino pages its Filipino one when staff wrote one, else the English one. */
export function carDescription(car: { description: string; descriptionFil: string }, locale: Locale): string {
  return locale === 'fil' && car.descriptionFil.trim() ? car.descriptionFil : car.description;
}

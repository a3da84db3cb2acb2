import { currentLocale } from './i18n/catalog';
import { INTL_LOCALE } from './i18n/locales';

/**
 * Calendar dates ("YYYY-MM-DD") read without dayjs, for the home page's first script (the date
 * search shows and checks dates; shared/dates.ts computes with them).
 */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date: 2023-02-29 is not one (it would roll over to March 1st). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

let manilaYear: Intl.DateTimeFormat | null = null;

/** The year it is now in Manila ("2026"), without dayjs (shared/dates.ts's todayInManila has the day). */
export function yearInManila(now = new Date()): string {
  manilaYear ??= new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', year: 'numeric' });
  return manilaYear.format(now);
}

/** The short date formats by language tag and with or without the year, made once each. */
const shortDates = new Map<string, Intl.DateTimeFormat>();

function shortDateFormat(withYear: boolean): Intl.DateTimeFormat {
  const tag = INTL_LOCALE[currentLocale()];
  const key = `${tag} ${withYear}`;
  let format = shortDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) });
    shortDates.set(key, format);
  }
  return format;
}

/**
 * "Tue, Dec 1": a calendar date as the search shows it (the date itself, never shifted by a zone);
 * "Wed, Jan 1, 2020" when it is not in `currentYear` (a link's old or far date reads as what it is).
 */
export function formatShortDate(date: string, currentYear?: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  const day = new Date(`${date}T00:00:00Z`);
  return shortDateFormat(currentYear !== undefined && !date.startsWith(`${currentYear}-`)).format(day);
}

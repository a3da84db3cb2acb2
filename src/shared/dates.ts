import dayjs from 'dayjs';
import 'dayjs/locale/tl-ph.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { currentLocale } from './i18n/catalog';
import type { Locale } from './i18n/locales';
import { isIsoDate } from './isoDate';

/**
 * Calendar dates are plain "YYYY-MM-DD" strings in the garage's zone (Asia/Manila). They are read
 * and computed in dayjs's UTC mode, where a day is always a day, so no date ever shifts through a
 * zone; only "today" comes from a real instant, converted with dayjs's timezone plugin.
 * https://day.js.org/docs/en/plugin/timezone
 */
dayjs.extend(utc);
dayjs.extend(timezone);

export const GARAGE_TIME_ZONE = 'Asia/Manila';
/** Asia/Manila's offset from UTC, the same all year: it keeps no daylight saving. */
const MANILA_OFFSET_MINUTES = 8 * 60;

export type IsoDate = string;

const ISO_FORMAT = 'YYYY-MM-DD';

/** A real calendar date (one implementation, without dayjs, for every side: shared/isoDate.ts). */
export { isIsoDate } from './isoDate';

function calendarDay(date: IsoDate): dayjs.Dayjs {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  return dayjs.utc(date);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return calendarDay(date).add(days, 'day').format(ISO_FORMAT);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return calendarDay(to).diff(calendarDay(from), 'day');
}

interface ZoneDay {
  date: IsoDate;
  /** The instants of the day in the garage's zone: from its midnight up to the next one. */
  from: number;
  until: number;
}

const DAY_MS = 86_400_000;
/** The most UTC days remembered (a few years of days) before the memo starts over. */
const MEMO_LIMIT = 2_000;
/** Zone days already converted, under each UTC day they overlap: the timezone plugin is slow. */
const zoneDays = new Map<number, ZoneDay[]>();
let lastDay: ZoneDay = { date: '', from: 0, until: 0 };

function zoneDayOf(ms: number): ZoneDay {
  const date = dayjs(ms).tz(GARAGE_TIME_ZONE).format(ISO_FORMAT);
  const day = { date, from: dayjs.tz(date, GARAGE_TIME_ZONE).valueOf(), until: dayjs.tz(addDays(date, 1), GARAGE_TIME_ZONE).valueOf() };
  if (zoneDays.size >= MEMO_LIMIT) zoneDays.clear();
  for (let utcDay = Math.floor(day.from / DAY_MS); utcDay * DAY_MS < day.until; utcDay += 1) {
    zoneDays.set(utcDay, [...(zoneDays.get(utcDay) ?? []), day]);
  }
  return day;
}

/**
 * Today's date in Asia/Manila for the given instant. The date only changes at Manila's midnight,
 * so each day is converted once and later instants are matched against the days already known.
 */
export function todayInManila(now: Date = new Date()): IsoDate {
  const ms = now.getTime();
  if (ms >= lastDay.from && ms < lastDay.until) return lastDay.date;
  if (Number.isNaN(ms)) throw new RangeError('Not an instant');
  lastDay = zoneDays.get(Math.floor(ms / DAY_MS))?.find((day) => ms >= day.from && ms < day.until) ?? zoneDayOf(ms);
  return lastDay.date;
}

/** dayjs's locale for each of the site's languages: month and weekday names ("Marso", "Lunes"). */
const DAYJS_LOCALE: Record<Locale, string> = { en: 'en', fil: 'tl-ph' };

/** The current language's dayjs locale, for Mantine's calendars (DatesProvider). */
export function dayjsLocale(): string {
  return DAYJS_LOCALE[currentLocale()];
}

/** The date and time of an instant as each language writes it: "March 5, 2027 at 9:41 AM", "Marso 5, 2027, 9:41 AM". */
const INSTANT_FORMAT: Record<Locale, string> = { en: 'MMMM D, YYYY [at] h:mm A', fil: 'MMMM D, YYYY, h:mm A' };

/**
 * A calendar date written with a dayjs format, e.g. 'MMM D, YYYY', with the month and weekday
 * names of the current language. https://day.js.org/docs/en/display/format
 */
export function formatDate(date: IsoDate, format: string): string {
  return calendarDay(date).locale(dayjsLocale()).format(format);
}

/**
 * An instant (an ISO timestamp such as `createdAt`, a Date or epoch milliseconds) as the garage's
 * clock reads it, in Asia/Manila whatever the reader's own zone: "November 23, 2026 at 9:41 AM",
 * or any dayjs format. A booking made at 3:32 AM in Manila on Nov 25 is Nov 25, though it is still
 * Nov 24 in UTC. https://day.js.org/docs/en/display/format
 */
export function formatInstant(instant: string | Date | number, format = INSTANT_FORMAT[currentLocale()]): string {
  const at = dayjs(instant).locale(dayjsLocale());
  if (!at.isValid()) throw new RangeError(`Not an instant: ${String(instant)}`);
  // Asia/Manila is UTC+8 all year (no daylight saving, see manilaInstant): a fixed offset reads the
  // same as the timezone plugin, which builds a locale string per call (a fifth of a millisecond,
  // in every booking's confirmation e-mail).
  return at.utcOffset(MANILA_OFFSET_MINUTES).format(format);
}

/**
 * A date written out as each language writes it: "March 05, 2027" (the receipt's 'MMMM dd, yyyy' in
 * the product's specification), "Marso 5, 2027" (Filipino writes the day without a leading zero).
 */
const LONG_DATE_FORMAT: Record<Locale, string> = { en: 'MMMM DD, YYYY', fil: 'MMMM D, YYYY' };

/** A calendar date written out in the current language: "March 05, 2027", "Marso 5, 2027". */
export function formatLongDate(date: IsoDate): string {
  return formatDate(date, LONG_DATE_FORMAT[currentLocale()]);
}

/**
 * The instant a Manila calendar date and clock time ("10:00 AM", as the pick-up times are written)
 * stand for. Asia/Manila has no daylight saving: it is always UTC+8.
 */
export function manilaInstant(date: IsoDate, time: string): Date {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) throw new RangeError(`Not a time: ${time}`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return calendarDay(date).hour(hour).minute(Number(match[2])).subtract(8, 'hour').toDate();
}

/** Inclusive ranges overlap when they share at least one day. */
export function rangesOverlap(a: { start: IsoDate; end: IsoDate }, b: { start: IsoDate; end: IsoDate }): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/**
 * Calendar dates ("YYYY-MM-DD") read without dayjs, for the home page's first script (the date
 * search shows and checks dates; shared/dates.ts computes with them).
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date: 2023-02-29 is not one (it would roll over to March 1st). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
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

let shortDate: Intl.DateTimeFormat | null = null;
let shortDateWithYear: Intl.DateTimeFormat | null = null;

/**
 * "Tue, Dec 1": a calendar date as the search shows it (the date itself, never shifted by a zone);
 * "Wed, Jan 1, 2020" when it is not in `currentYear` (a link's old or far date reads as what it is).
 */
export function formatShortDate(date: string, currentYear?: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  const day = new Date(`${date}T00:00:00Z`);
  if (currentYear !== undefined && !date.startsWith(`${currentYear}-`)) {
    shortDateWithYear ??= new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
    return shortDateWithYear.format(day);
  }
  shortDate ??= new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
  return shortDate.format(day);
}

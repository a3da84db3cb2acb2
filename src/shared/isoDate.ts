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

let shortDate: Intl.DateTimeFormat | null = null;

/** "Tue, Dec 1": a calendar date as the search shows it (the date itself, never shifted by a zone). */
export function formatShortDate(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  shortDate ??= new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
  return shortDate.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Calendar dates are plain "YYYY-MM-DD" strings in the garage's zone (Asia/Manila). Arithmetic
 * is done on the date parts alone, so no date ever shifts through UTC.
 */
export const GARAGE_TIME_ZONE = 'Asia/Manila';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type IsoDate = string;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function toUtcMs(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Made once: building an Intl.DateTimeFormat costs far more than using one. */
const MANILA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: GARAGE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Asia/Manila for the given instant. */
export function todayInManila(now: Date = new Date()): IsoDate {
  return MANILA_DATE.format(now);
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(date: IsoDate): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** "March 05, 2027" — the receipt's 'MMMM dd, yyyy'. */
export function formatLongDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${MONTHS[Number(m) - 1]} ${d}, ${y}`;
}

export function monthName(monthIndex: number): string {
  return MONTHS[monthIndex] ?? '';
}

/** Inclusive ranges overlap when they share at least one day. */
export function rangesOverlap(a: { start: IsoDate; end: IsoDate }, b: { start: IsoDate; end: IsoDate }): boolean {
  return a.start <= b.end && b.start <= a.end;
}

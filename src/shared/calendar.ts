import { addDays, daysBetween, isIsoDate, type IsoDate } from './dates';
import { messages } from './messages';
import { MAX_DAYS_AHEAD, MAX_RENTAL_DAYS } from './rentalLimits';

/** An occupied stretch of a car's calendar, both ends included (`GET /api/cars/{id}/booked-dates`). */
export interface BookedRange {
  start: IsoDate;
  end: IsoDate;
}

/** The rental calendar's selection: awaiting a pickup date, or a pickup awaiting its return. */
export interface DateSelection {
  pickupDate: IsoDate | null;
  returnDate: IsoDate | null;
}

export const EMPTY_SELECTION: DateSelection = { pickupDate: null, returnDate: null };

export type CalendarPhase = 'pickup' | 'return';

/** Why a day cannot be chosen, or why a choice was refused. */
export type DayBlock = 'past' | 'booked' | 'tooFar' | 'tooLong' | 'overBooked';

export interface CalendarRules {
  today: IsoDate;
  booked: readonly BookedRange[];
}

/** Awaiting a return date once a pickup is set without one; otherwise awaiting a pickup. */
export function calendarPhase(selection: DateSelection): CalendarPhase {
  return selection.pickupDate && !selection.returnDate ? 'return' : 'pickup';
}

export function isBooked(date: IsoDate, booked: readonly BookedRange[]): boolean {
  return booked.some((range) => range.start <= date && date <= range.end);
}

/** The last day a rental may start on. */
export function lastPickupDay(today: IsoDate): IsoDate {
  return addDays(today, MAX_DAYS_AHEAD);
}

/** The last day any rental may end on: the longest rental from the last pickup day. */
export function lastReturnDay(today: IsoDate): IsoDate {
  return addDays(lastPickupDay(today), MAX_RENTAL_DAYS);
}

/**
 * Why a day cannot be picked at all (past or booked), why it cannot start a rental (too far
 * ahead), or, given the pickup, why it cannot end one (the rental would be too long).
 */
export function dayBlock(date: IsoDate, rules: CalendarRules, phase: CalendarPhase = 'pickup', pickupDate: IsoDate | null = null): DayBlock | null {
  if (date < rules.today) return 'past';
  if (isBooked(date, rules.booked)) return 'booked';
  if (phase === 'pickup' && date > lastPickupDay(rules.today)) return 'tooFar';
  if (phase === 'return' && pickupDate && daysBetween(pickupDate, date) > MAX_RENTAL_DAYS) return 'tooLong';
  return null;
}

/** The first booked day in [from, to], if any. */
export function firstBookedDayBetween(from: IsoDate, to: IsoDate, booked: readonly BookedRange[]): IsoDate | null {
  let first: IsoDate | null = null;
  for (const range of booked) {
    if (range.start <= to && from <= range.end) {
      const day = range.start > from ? range.start : from;
      if (first === null || day < first) first = day;
    }
  }
  return first;
}

export interface SelectOutcome {
  selection: DateSelection;
  /** Set when the click was refused; the selection is then unchanged. */
  refused: DayBlock | null;
}

/** Whether a click on `date` would end the rental: a day after the pickup while a return is awaited. */
function endsRental(selection: DateSelection, date: IsoDate): boolean {
  return calendarPhase(selection) === 'return' && selection.pickupDate !== null && date > selection.pickupDate;
}

/**
 * Why a click on `date` would be refused with the current selection, or null when it would be
 * taken: the calendar marks each day with it before anyone clicks.
 */
export function refusalOf(selection: DateSelection, date: IsoDate, rules: CalendarRules): DayBlock | null {
  const asReturn = endsRental(selection, date);
  const block = dayBlock(date, rules, asReturn ? 'return' : 'pickup', selection.pickupDate);
  if (block) return block;
  if (asReturn && selection.pickupDate && firstBookedDayBetween(selection.pickupDate, date, rules.booked)) return 'overBooked';
  return null;
}

/**
 * The calendar's state machine (spec point 4). Awaiting a pickup, a free day becomes the pickup
 * and clears the return. Awaiting a return, a day on or before the pickup starts over from that
 * day, and a later day becomes the return, unless the range would cover a booked day: that click
 * is refused (the renter sees why) and the pickup stays, and so is a return more than
 * MAX_RENTAL_DAYS after the pickup. Past and booked days are never chosen.
 */
export function selectDate(selection: DateSelection, date: IsoDate, rules: CalendarRules): SelectOutcome {
  const refused = refusalOf(selection, date, rules);
  if (refused) return { selection, refused };
  if (endsRental(selection, date)) return { selection: { pickupDate: selection.pickupDate, returnDate: date }, refused: null };
  return { selection: { pickupDate: date, returnDate: null }, refused: null };
}

/** Whether a complete selection is still free (booked dates can change under it). */
export function selectionIsFree(selection: DateSelection, rules: CalendarRules): boolean {
  const { pickupDate, returnDate } = selection;
  if (!pickupDate) return true;
  if (dayBlock(pickupDate, rules, 'pickup')) return false;
  return !returnDate || firstBookedDayBetween(pickupDate, returnDate, rules.booked) === null;
}

/** Why a pickup..return range cannot be rented, whatever the car: the rules of the calendar and of bookings. */
export type RangeProblem = 'pickupDate' | 'returnDate' | 'past' | 'tooFar' | 'returnBeforePickup' | 'tooLong';

/**
 * The first rule a range breaks, by the garage's `today`, or null: both must be real dates, the
 * pickup today or later and at most MAX_DAYS_AHEAD ahead, the return at least a day after it and at
 * most MAX_RENTAL_DAYS after it. The date search refuses such a range and the booking form explains it.
 */
export function rangeProblem(pickupDate: string, returnDate: string, today: IsoDate): RangeProblem | null {
  if (!isIsoDate(pickupDate)) return 'pickupDate';
  if (!isIsoDate(returnDate)) return 'returnDate';
  if (pickupDate < today) return 'past';
  if (pickupDate > lastPickupDay(today)) return 'tooFar';
  if (returnDate <= pickupDate) return 'returnBeforePickup';
  if (daysBetween(pickupDate, returnDate) > MAX_RENTAL_DAYS) return 'tooLong';
  return null;
}

/** A problem's field, and its message in the current language (read when it is shown). */
function problem(field: 'pickupDate' | 'returnDate', message: () => string): { readonly field: 'pickupDate' | 'returnDate'; readonly message: string } {
  return {
    field,
    get message() {
      return message();
    },
  };
}

/** Each range problem's message, and the field it belongs to. */
export const RANGE_PROBLEMS: Record<RangeProblem, { readonly field: 'pickupDate' | 'returnDate'; readonly message: string }> = {
  pickupDate: problem('pickupDate', () => messages.validation.dateFormat),
  returnDate: problem('returnDate', () => messages.validation.dateFormat),
  past: problem('pickupDate', () => messages.validation.pickupInPast),
  tooFar: problem('pickupDate', () => messages.validation.tooFarAhead),
  returnBeforePickup: problem('returnDate', () => messages.validation.returnAfterPickup),
  tooLong: problem('returnDate', () => messages.validation.rentalTooLong({ max: MAX_RENTAL_DAYS })),
};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  calendarPhase,
  dayBlock,
  firstBookedDayBetween,
  lastPickupDay,
  lastReturnDay,
  refusalOf,
  selectDate,
  selectionIsFree,
  type CalendarRules,
  type DateSelection,
} from '../../src/shared/calendar';
import { addDays } from '../../src/shared/dates';

const TODAY = '2026-11-23';
const rules: CalendarRules = { today: TODAY, booked: [{ start: '2026-12-10', end: '2026-12-12' }] };

function click(selection: DateSelection, ...dates: string[]): DateSelection {
  return dates.reduce((current, date) => selectDate(current, date, rules).selection, selection);
}

describe('dayBlock', () => {
  it('blocks past days, booked days (both ends included) and pickups more than 365 days ahead', () => {
    expect(dayBlock('2026-11-22', rules)).toBe('past');
    expect(dayBlock(TODAY, rules)).toBeNull();
    expect(dayBlock('2026-12-10', rules)).toBe('booked');
    expect(dayBlock('2026-12-12', rules)).toBe('booked');
    expect(dayBlock('2026-12-13', rules)).toBeNull();
    expect(dayBlock(addDays(TODAY, 365), rules)).toBeNull();
    expect(dayBlock(addDays(TODAY, 366), rules)).toBe('tooFar');
    expect(dayBlock(addDays(TODAY, 366), rules, 'return')).toBeNull();
  });
});

describe('the calendar\'s bounds', () => {
  it('pickups run to 365 days ahead, and returns to 90 days after the last pickup day', () => {
    expect(lastPickupDay(TODAY)).toBe(addDays(TODAY, 365));
    expect(lastReturnDay(TODAY)).toBe(addDays(TODAY, 365 + 90));
  });
});

describe('selectDate: the calendar state machine', () => {
  it('starts awaiting a pickup; the first free day becomes the pickup and it then awaits a return', () => {
    expect(calendarPhase(EMPTY_SELECTION)).toBe('pickup');
    const selection = click(EMPTY_SELECTION, '2026-12-01');
    expect(selection).toEqual({ pickupDate: '2026-12-01', returnDate: null });
    expect(calendarPhase(selection)).toBe('return');
  });

  it('a later day sets the return and goes back to awaiting a pickup', () => {
    const selection = click(EMPTY_SELECTION, '2026-12-01', '2026-12-04');
    expect(selection).toEqual({ pickupDate: '2026-12-01', returnDate: '2026-12-04' });
    expect(calendarPhase(selection)).toBe('pickup');
  });

  it('a day on or before the pickup starts over from that day', () => {
    expect(click(EMPTY_SELECTION, '2026-12-05', '2026-12-02')).toEqual({ pickupDate: '2026-12-02', returnDate: null });
    expect(click(EMPTY_SELECTION, '2026-12-05', '2026-12-05')).toEqual({ pickupDate: '2026-12-05', returnDate: null });
  });

  it('after a full range, the next click starts a new pickup and clears the return', () => {
    expect(click(EMPTY_SELECTION, '2026-12-01', '2026-12-04', '2026-12-20')).toEqual({ pickupDate: '2026-12-20', returnDate: null });
  });

  it('refuses past and booked days and keeps the selection', () => {
    const past = selectDate(EMPTY_SELECTION, '2026-11-01', rules);
    expect(past).toEqual({ selection: EMPTY_SELECTION, refused: 'past' });
    const booked = selectDate(EMPTY_SELECTION, '2026-12-11', rules);
    expect(booked).toEqual({ selection: EMPTY_SELECTION, refused: 'booked' });
    const pickup = click(EMPTY_SELECTION, '2026-12-05');
    expect(selectDate(pickup, '2026-12-10', rules)).toEqual({ selection: pickup, refused: 'booked' });
  });

  it('refuses a return whose range would cover a booked day, keeping the pickup', () => {
    const pickup = click(EMPTY_SELECTION, '2026-12-05');
    expect(selectDate(pickup, '2026-12-15', rules)).toEqual({ selection: pickup, refused: 'overBooked' });
    expect(click(pickup, '2026-12-09')).toEqual({ pickupDate: '2026-12-05', returnDate: '2026-12-09' });
  });

  it('refuses a pickup more than 365 days ahead, but a return may fall after that day', () => {
    expect(selectDate(EMPTY_SELECTION, addDays(TODAY, 400), rules).refused).toBe('tooFar');
    const late = click(EMPTY_SELECTION, addDays(TODAY, 364));
    expect(click(late, addDays(TODAY, 368))).toEqual({ pickupDate: addDays(TODAY, 364), returnDate: addDays(TODAY, 368) });
  });

  it('never produces a selection that is past, inverted or over a booked day, whatever is clicked', () => {
    const day = fc.integer({ min: -30, max: 60 }).map((offset) => addDays(TODAY, offset));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 20 }), (clicks) => {
        const selection = click(EMPTY_SELECTION, ...clicks);
        if (selection.pickupDate) expect(selection.pickupDate >= TODAY).toBe(true);
        if (selection.returnDate) expect(selection.returnDate > selection.pickupDate!).toBe(true);
        expect(selectionIsFree(selection, rules)).toBe(true);
      }),
    );
  });
});

describe('firstBookedDayBetween and selectionIsFree', () => {
  it('finds the first booked day inside a range', () => {
    expect(firstBookedDayBetween('2026-12-01', '2026-12-20', rules.booked)).toBe('2026-12-10');
    expect(firstBookedDayBetween('2026-12-11', '2026-12-20', rules.booked)).toBe('2026-12-11');
    expect(firstBookedDayBetween('2026-12-13', '2026-12-20', rules.booked)).toBeNull();
  });

  it('tells when booked dates that arrived later cover a chosen range', () => {
    const chosen = { pickupDate: '2026-12-01', returnDate: '2026-12-05' };
    expect(selectionIsFree(chosen, rules)).toBe(true);
    expect(selectionIsFree(chosen, { ...rules, booked: [{ start: '2026-12-05', end: '2026-12-06' }] })).toBe(false);
  });
});

describe('rental length on the calendar', () => {
  it('refuses a return more than 90 days after the pickup, and takes one exactly 90 days after', () => {
    const pickup = click(EMPTY_SELECTION, '2026-12-20');
    expect(selectDate(pickup, addDays('2026-12-20', 91), rules)).toEqual({ selection: pickup, refused: 'tooLong' });
    expect(click(pickup, addDays('2026-12-20', 90))).toEqual({ pickupDate: '2026-12-20', returnDate: addDays('2026-12-20', 90) });
    expect(dayBlock(addDays('2026-12-20', 91), rules, 'return', '2026-12-20')).toBe('tooLong');
  });
});

describe('refusalOf: what the calendar marks before anyone clicks', () => {
  it('awaiting a pickup, marks past, booked and too-far days', () => {
    expect(refusalOf(EMPTY_SELECTION, '2026-11-22', rules)).toBe('past');
    expect(refusalOf(EMPTY_SELECTION, '2026-12-11', rules)).toBe('booked');
    expect(refusalOf(EMPTY_SELECTION, addDays(TODAY, 366), rules)).toBe('tooFar');
    expect(refusalOf(EMPTY_SELECTION, '2026-12-20', rules)).toBeNull();
  });

  it('awaiting a return, marks every day past the next booked stretch and every day too long after the pickup', () => {
    const pickup = click(EMPTY_SELECTION, '2026-12-05');
    expect(refusalOf(pickup, '2026-12-09', rules)).toBeNull();
    expect(refusalOf(pickup, '2026-12-10', rules)).toBe('booked');
    expect(refusalOf(pickup, '2026-12-13', rules)).toBe('overBooked');
    expect(refusalOf(pickup, '2027-01-20', rules)).toBe('overBooked');
    // On or before the pickup a click starts over, so those days are on offer.
    expect(refusalOf(pickup, '2026-12-01', rules)).toBeNull();
    const free = { today: TODAY, booked: [] };
    expect(refusalOf(pickup, addDays('2026-12-05', 90), free)).toBeNull();
    expect(refusalOf(pickup, addDays('2026-12-05', 91), free)).toBe('tooLong');
  });

  it('a day left unmarked is taken when clicked, and a marked one changes nothing, whatever the selection', () => {
    const day = fc.integer({ min: -10, max: 120 }).map((offset) => addDays(TODAY, offset));
    const booked = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 6 })), { maxLength: 4 })
      .map((ranges) => ranges.map(([start, length]) => ({ start: addDays(TODAY, start), end: addDays(TODAY, start + length) })));
    fc.assert(
      fc.property(booked, fc.array(day, { maxLength: 6 }), day, (ranges, clicks, next) => {
        const withRanges = { today: TODAY, booked: ranges };
        const selection = clicks.reduce((current, date) => selectDate(current, date, withRanges).selection, EMPTY_SELECTION);
        const after = selectDate(selection, next, withRanges).selection;
        if (refusalOf(selection, next, withRanges)) expect(after).toBe(selection);
        else expect([after.pickupDate, after.returnDate]).toContain(next);
      }),
    );
  });
});

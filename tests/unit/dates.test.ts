import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  daysBetween,
  formatDate,
  formatInstant,
  formatLongDate,
  isIsoDate,
  rangesOverlap,
  todayInManila,
} from '../../src/shared/dates';
import { formatShortDate, yearInManila } from '../../src/shared/isoDate';

describe('isIsoDate', () => {
  it.each(['2026-03-01', '2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01'])('accepts the real date %s', (date) => {
    expect(isIsoDate(date)).toBe(true);
  });

  it.each([
    ['2023-02-29', 'Feb 29 of a common year'],
    ['2100-02-29', 'Feb 29 of a century that is not a leap year'],
    ['2026-04-31', 'April 31'],
    ['2026-02-30', 'Feb 30'],
    ['2026-13-01', 'month 13'],
    ['2026-00-10', 'month 0'],
    ['2026-01-00', 'day 0'],
    ['2026-1-5', 'missing zero padding'],
    ['2026-01-05T00:00:00Z', 'a timestamp'],
    [' 2026-01-05', 'surrounding space'],
    ['05/01/2026', 'another format'],
    ['', 'empty'],
  ])('refuses %j (%s)', (date) => {
    expect(isIsoDate(date)).toBe(false);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-01-01', 365, '2027-01-01'],
    ['2024-01-01', 366, '2025-01-01'],
    ['2026-03-08', 0, '2026-03-08'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('refuses a value that is not a date', () => {
    expect(() => addDays('March 1', 1)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('counts whole calendar days, negative when the second date is earlier', () => {
    expect(daysBetween('2026-03-01', '2026-03-04')).toBe(3);
    expect(daysBetween('2026-03-04', '2026-03-01')).toBe(-3);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('is the inverse of addDays for any date and offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -1000, max: 1000 }),
        (instant, offset) => {
          const date = instant.toISOString().slice(0, 10);
          const later = addDays(date, offset);
          expect(isIsoDate(later)).toBe(true);
          expect(daysBetween(date, later)).toBe(offset);
        },
      ),
    );
  });
});

describe('todayInManila', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['2026-03-01T16:30:00Z', '2026-03-02', 'half past midnight in Manila is already the next day'],
    ['2026-03-01T16:00:00Z', '2026-03-02', 'midnight in Manila (UTC+8) starts the next day'],
    ['2026-03-01T15:59:59.999Z', '2026-03-01', 'a millisecond before Manila midnight is still the same day'],
    ['2026-03-01T00:30:00Z', '2026-03-01', 'early UTC morning is the same day in Manila'],
    ['2026-12-31T16:00:00Z', '2027-01-01', 'the new year starts eight hours before it does in UTC'],
    ['2024-02-28T17:00:00Z', '2024-02-29', 'a leap day'],
  ])('at %s it is %s in Manila (%s)', (instant, expected) => {
    expect(todayInManila(new Date(instant))).toBe(expected);
  });

  it('reads the current instant when none is given', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T16:30:00Z'));
    expect(todayInManila()).toBe('2026-03-02');
  });

  it('agrees with Intl for any instant, in any order (days already converted are remembered)', () => {
    const manila = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), (instant) => {
        expect(todayInManila(instant)).toBe(manila.format(instant));
        // Either side of Manila's midnight, once that day is known.
        const midnight = new Date(`${manila.format(instant)}T00:00:00+08:00`).getTime();
        expect(todayInManila(new Date(midnight - 1))).toBe(manila.format(midnight - 1));
        expect(todayInManila(new Date(midnight))).toBe(manila.format(midnight));
      }),
    );
  });

  it('refuses an invalid instant', () => {
    expect(() => todayInManila(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('formatLongDate', () => {
  it.each([
    ['2027-03-05', 'March 05, 2027'],
    ['2026-12-25', 'December 25, 2026'],
    ['2026-01-01', 'January 01, 2026'],
    ['2024-02-29', 'February 29, 2024'],
  ])("writes %s as 'MMMM dd, yyyy': %s", (date, text) => {
    expect(formatLongDate(date)).toBe(text);
  });
});

describe('formatShortDate', () => {
  it('writes a date of this year without its year, any other with it', () => {
    expect(formatShortDate('2026-12-16', '2026')).toBe('Wed, Dec 16');
    expect(formatShortDate('2027-01-01', '2026')).toBe('Fri, Jan 1, 2027');
    expect(formatShortDate('2020-01-01', '2026')).toBe('Wed, Jan 1, 2020');
    expect(formatShortDate('2020-01-01')).toBe('Wed, Jan 1');
    expect(() => formatShortDate('2026-02-30')).toThrow(RangeError);
  });

  it('takes the year in Manila, which starts 8 hours before UTC\'s', () => {
    expect(yearInManila(new Date('2026-12-31T15:59:59Z'))).toBe('2026');
    expect(yearInManila(new Date('2026-12-31T16:00:00Z'))).toBe('2027');
  });
});

describe('formatDate', () => {
  it('writes a calendar date with a dayjs format, whatever the machine\'s zone', () => {
    expect(formatDate('2026-12-08', 'dddd, MMMM D, YYYY')).toBe('Tuesday, December 8, 2026');
    expect(formatDate('2027-01-01', 'MMM YYYY')).toBe('Jan 2027');
    expect(() => formatDate('2026-02-30', 'MMM D')).toThrow(RangeError);
  });
});

describe('formatInstant', () => {
  const machineZone = process.env.TZ;
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Manila', 'Pacific/Kiritimati'])('writes a timestamp as Manila reads it, on a machine set to %s', (zone) => {
    process.env.TZ = zone;
    // 3:32 AM in Manila on Nov 25 is still Nov 24 in UTC.
    expect(formatInstant('2026-11-24T19:32:00.000Z', 'MMM D, YYYY')).toBe('Nov 25, 2026');
    expect(formatInstant('2026-11-24T19:32:00.000Z', 'MMM D, YYYY, h:mm A')).toBe('Nov 25, 2026, 3:32 AM');
    expect(formatInstant('2026-11-24T15:59:59.999Z', 'YYYY-MM-DD HH:mm')).toBe('2026-11-24 23:59');
    expect(formatInstant(new Date('2026-12-31T16:00:00Z'), 'MMMM D, YYYY')).toBe('January 1, 2027');
    expect(formatInstant(Date.UTC(2026, 0, 5, 23, 30), 'MMM D')).toBe('Jan 6');
    // Without a format, as receipts and e-mails write it.
    expect(formatInstant('2026-11-24T19:32:00.000Z')).toBe('November 25, 2026 at 3:32 AM');
    expect(formatInstant(new Date('2026-11-25T06:05:00Z'))).toBe('November 25, 2026 at 2:05 PM');
  });

  it('agrees with Intl on the Manila day of any instant', () => {
    const manila = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), (instant) => {
        expect(formatInstant(instant.toISOString(), 'YYYY-MM-DD')).toBe(manila.format(instant));
      }),
    );
  });

  it('refuses what is not an instant', () => {
    expect(() => formatInstant('not a date', 'MMM D')).toThrow(RangeError);
    expect(() => formatInstant(Number.NaN, 'MMM D')).toThrow(RangeError);
  });
});

describe('rangesOverlap (inclusive ranges)', () => {
  const booked = { start: '2026-03-10', end: '2026-03-12' };

  it.each([
    [{ start: '2026-03-12', end: '2026-03-15' }, 'starts on the last booked day'],
    [{ start: '2026-03-07', end: '2026-03-10' }, 'ends on the first booked day'],
    [{ start: '2026-03-11', end: '2026-03-11' }, 'lies inside'],
    [{ start: '2026-03-01', end: '2026-03-31' }, 'contains it'],
    [{ start: '2026-03-10', end: '2026-03-12' }, 'is identical'],
  ])('overlaps a range that %s', (other) => {
    expect(rangesOverlap(booked, other)).toBe(true);
    expect(rangesOverlap(other, booked)).toBe(true);
  });

  it.each([
    [{ start: '2026-03-13', end: '2026-03-15' }, 'starts the day after'],
    [{ start: '2026-03-01', end: '2026-03-09' }, 'ends the day before'],
    [{ start: '2026-02-10', end: '2026-02-12' }, 'is a month earlier'],
  ])('does not overlap a range that %s', (other) => {
    expect(rangesOverlap(booked, other)).toBe(false);
    expect(rangesOverlap(other, booked)).toBe(false);
  });
});

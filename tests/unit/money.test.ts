import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPeso, fromCentavos, isMoneyString, toCentavos } from '../../src/shared/money';

describe('toCentavos', () => {
  it.each([
    ['1800', 180_000],
    ['1800.5', 180_050],
    ['1800.50', 180_050],
    ['1800.05', 180_005],
    ['1999.99', 199_999],
    ['0', 0],
    ['0.01', 1],
    [' 1500.5 ', 150_050],
    ['-12.5', -1_250],
    ['9999999999.99', 999_999_999_999],
    ['5,000', 500_000],
    ['1,500.50', 150_050],
    ['12,500', 1_250_000],
    ['1,234,567.8', 123_456_780],
    ['9,999,999,999.99', 999_999_999_999],
    [' 5,000 ', 500_000],
    ['-1,250', -125_000],
  ])('reads the string %j as %i centavos', (text, centavos) => {
    expect(toCentavos(text)).toBe(centavos);
  });

  it.each([
    [1800, 180_000],
    [1800.5, 180_050],
    [1999.99, 199_999],
    [0.1 + 0.2, 30],
    [0.29, 29],
    [4.35, 435],
    [1500.57, 150_057],
    [-0.5, -50],
  ])('reads the number %d as %i centavos without float noise', (value, centavos) => {
    expect(toCentavos(value)).toBe(centavos);
  });

  it.each(['abc', '', '   ', '1.234', '12345678901', '1e3', '₱1500', '.5', '1.', '--5', '1 500', '5,00', '50,00,000', ',500', '5,000,', '1,5000', '5000,000', '5,000.123', '12,345,678,901', '1.500,50', '5,,000'])(
    'throws a RangeError for the string %j',
    (text) => {
      expect(() => toCentavos(text)).toThrow(RangeError);
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('throws a RangeError for the number %d', (value) => {
    expect(() => toCentavos(value)).toThrow(RangeError);
  });
});

describe('thousands separators', () => {
  it('read the same amount as the plain digits, for any amount a numeric(12,2) holds', () => {
    const grouped = new Intl.NumberFormat('en-PH', { useGrouping: true, minimumFractionDigits: 0, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (centavos) => {
        const text = grouped.format(centavos / 100);
        expect(isMoneyString(text)).toBe(true);
        expect(toCentavos(text)).toBe(centavos);
      }),
    );
  });
});

describe('fromCentavos', () => {
  it.each([
    [150_000, '1500.00'],
    [150_050, '1500.50'],
    [5, '0.05'],
    [50, '0.50'],
    [0, '0.00'],
    [-50, '-0.50'],
    [-150_005, '-1500.05'],
    [999_999_999_999, '9999999999.99'],
  ])('writes %i centavos as %j', (centavos, text) => {
    expect(fromCentavos(centavos)).toBe(text);
  });

  it('round-trips every whole number of centavos through its string form', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), (centavos) => {
        const text = fromCentavos(centavos);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(toCentavos(text)).toBe(centavos);
      }),
    );
  });

  it('round-trips pesos strings with 0, 1 or 2 decimals to their two-decimal form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom('', '.5', '.05', '.50', '.99', '.1'), (whole, fraction) => {
        const text = `${whole}${fraction}`;
        const expected = `${whole}.${(fraction.slice(1) || '0').padEnd(2, '0')}`;
        expect(fromCentavos(toCentavos(text))).toBe(expected);
      }),
    );
  });
});

describe('isMoneyString', () => {
  it('accepts amounts with at most two decimals and refuses anything else', () => {
    expect(isMoneyString('1500')).toBe(true);
    expect(isMoneyString('1500.5')).toBe(true);
    expect(isMoneyString(' 1500.50 ')).toBe(true);
    expect(isMoneyString('1500.505')).toBe(false);
    expect(isMoneyString('1,500')).toBe(true);
    expect(isMoneyString('1,50')).toBe(false);
    expect(isMoneyString('abc')).toBe(false);
  });
});

describe('formatPeso', () => {
  it.each([
    ['12500', '₱12,500'],
    [12500, '₱12,500'],
    ['12500.00', '₱12,500'],
    ['500', '₱500'],
    ['0', '₱0'],
    ['1234567', '₱1,234,567'],
  ])('shows %j in whole pesos with thousands separators and no decimals: %s', (amount, text) => {
    expect(formatPeso(amount)).toBe(text);
  });

  it.each([
    ['12500.50', '₱12,500.50'],
    ['12500.5', '₱12,500.50'],
    [12500.5, '₱12,500.50'],
    [4.35, '₱4.35'],
    ['12500.05', '₱12,500.05'],
    ['1234567.89', '₱1,234,567.89'],
    [0.1 + 0.2, '₱0.30'],
  ])('shows %j with exactly two decimals when there are centavos: %s', (amount, text) => {
    expect(formatPeso(amount)).toBe(text);
  });

  it('formats an amount given in centavos', () => {
    expect(formatPeso(1_250_050, 'centavos')).toBe('₱12,500.50');
    expect(formatPeso(1_250_000, 'centavos')).toBe('₱12,500');
  });

  it('refuses an amount that is not money', () => {
    expect(() => formatPeso('twelve')).toThrow(RangeError);
  });
});

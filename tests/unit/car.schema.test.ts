import { describe, expect, it } from 'vitest';
import { ZCreateCarSchema, ZUpdateCarSchema, carBadge } from '../../src/shared/schemas/car.schema';
import { issuesOf, parseOk } from './helpers';

const minimalCar = { name: 'Toyota Vios', category: 'Compact Sedan', dailyRate: '1500', image: 'vios.jpg' };

describe('ZCreateCarSchema', () => {
  it('fills the spec defaults for a new car: 5 seats, Automatic, Gas, available, current year', () => {
    expect(parseOk(ZCreateCarSchema, minimalCar)).toEqual({
      name: 'Toyota Vios',
      category: 'Compact Sedan',
      dailyRate: '1500.00',
      image: 'vios.jpg',
      seats: 5,
      transmission: 'Automatic',
      fuel: 'Gas',
      available: true,
      year: new Date().getFullYear(),
      description: '',
      mileage: '',
      plateNumber: '',
    });
  });

  it('keeps the values an admin gives instead of the defaults', () => {
    const parsed = parseOk(ZCreateCarSchema, {
      ...minimalCar,
      seats: '7',
      transmission: 'Manual',
      fuel: 'Diesel',
      available: false,
      year: 2022,
      plateNumber: 'nbc 1234',
    });
    expect(parsed).toMatchObject({ seats: 7, transmission: 'Manual', fuel: 'Diesel', available: false, year: 2022, plateNumber: 'NBC 1234' });
  });

  it('requires name, category, daily rate and an image', () => {
    expect(issuesOf(ZCreateCarSchema, {})).toEqual({
      name: ['Car name is required'],
      category: ['Category is required'],
      dailyRate: ['Enter an amount in pesos, for example 1500 or 1500.50'],
      image: ['Validation Error: Please upload a car image'],
    });
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, name: '   ', image: '  ' })).toEqual({
      name: ['Car name is required'],
      image: ['Validation Error: Please upload a car image'],
    });
  });

  it.each([
    ['seats', 0, 'Seats must be a whole number from 1 to 60'],
    ['seats', 2.5, 'Seats must be a whole number from 1 to 60'],
    ['dailyRate', '0', 'The amount must be more than zero'],
    ['dailyRate', '-100', 'The amount must be more than zero'],
    ['year', 1979, 'Enter a year between 1980 and next year'],
    ['year', new Date().getFullYear() + 2, 'Enter a year between 1980 and next year'],
    ['transmission', 'CVT', undefined],
    ['fuel', 'Electric', undefined],
  ])('refuses %s = %j', (field, value, message) => {
    const issues = issuesOf(ZCreateCarSchema, { ...minimalCar, [field]: value });
    expect(Object.keys(issues)).toEqual([field]);
    if (message) expect(issues[field]).toContain(message);
  });
});

describe('ZCreateCarSchema daily rate beyond numeric(12,2)', () => {
  it('reports a daily rate with more than 10 whole digits as a dailyRate issue instead of throwing', () => {
    let issues: Record<string, string[]> = {};
    expect(() => {
      issues = issuesOf(ZCreateCarSchema, { ...minimalCar, dailyRate: 1e12 });
    }).not.toThrow();
    expect(Object.keys(issues)).toEqual(['dailyRate']);
  });
});

describe('ZUpdateCarSchema stays partial', () => {
  it('parses {} to {} — no default sneaks into an update', () => {
    expect(parseOk(ZUpdateCarSchema, {})).toEqual({});
  });

  it('returns only the fields that were sent', () => {
    expect(parseOk(ZUpdateCarSchema, { dailyRate: '1800' })).toEqual({ dailyRate: '1800.00' });
    expect(parseOk(ZUpdateCarSchema, { available: false })).toEqual({ available: false });
  });

  it('still validates the fields that were sent', () => {
    expect(issuesOf(ZUpdateCarSchema, { seats: 0 })).toEqual({ seats: ['Seats must be a whole number from 1 to 60'] });
    expect(issuesOf(ZUpdateCarSchema, { name: ' ' })).toEqual({ name: ['Car name is required'] });
  });
});

describe('carBadge', () => {
  it.each([
    ['premium suv', 'Popular'],
    ['Premium SUV', 'Popular'],
    ['PREMIUM SUV', 'Popular'],
    ['adventure suv', 'Available'],
    ['Adventure SUV', 'Available'],
    ['compact sedan', 'Economy'],
    ['Compact Sedan', 'Economy'],
    ['MPV', 'Available'],
    ['Pickup Truck', 'Available'],
    ['', 'Available'],
  ])('shows %j as %s', (category, badge) => {
    expect(carBadge(category)).toBe(badge);
  });
});

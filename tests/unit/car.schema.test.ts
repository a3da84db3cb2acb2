import { describe, expect, it } from 'vitest';
import { CAR_CATEGORIES, ZCarListQuerySchema, ZCarSearchSchema, ZCreateCarSchema, ZUpdateCarSchema, carBadge, odometerKilometres } from '../../src/shared/schemas/car.schema';
import { issuesOf, parseOk } from './helpers';

const minimalCar = { name: 'Toyota Vios', category: 'Compact Sedan', dailyRate: '1500', image: 'vios.jpg' };

describe('ZCreateCarSchema', () => {
  it('fills the spec defaults for a new car: 5 seats, Automatic, Gas, available, current year', () => {
    expect(parseOk(ZCreateCarSchema, minimalCar)).toEqual({
      name: 'Toyota Vios',
      category: 'Compact Sedan',
      dailyRate: '1500.00',
      deposit: '0.00',
      images: ['vios.jpg'],
      seats: 5,
      transmission: 'Automatic',
      fuel: 'Gas',
      available: true,
      year: new Date().getFullYear(),
      description: '',
      descriptionFil: '',
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

  it('requires name, category, daily rate and an image, each saying so (an empty daily rate too)', () => {
    expect(issuesOf(ZCreateCarSchema, {})).toEqual({
      name: ['Car name is required'],
      category: ['Category is required'],
      dailyRate: ['Daily rate is required'],
      image: ['Validation Error: Please upload a car image'],
    });
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, dailyRate: '  ' })).toEqual({ dailyRate: ['Daily rate is required'] });
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, dailyRate: 'lots' })).toEqual({ dailyRate: ['Enter an amount in pesos, for example 1500 or 1500.50'] });
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, image: undefined, images: [] })).toEqual({ images: ['Validation Error: Please upload a car image'] });
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

describe('ZCreateCarSchema: pictures, category, deposit and odometer', () => {
  it('takes several pictures, the first the cover; the spec\'s single image is a one-picture list', () => {
    expect(parseOk(ZCreateCarSchema, { ...minimalCar, image: undefined, images: ['a.jpg', 'b.jpg'] }).images).toEqual(['a.jpg', 'b.jpg']);
    expect(parseOk(ZCreateCarSchema, { ...minimalCar, images: ['vios.jpg', 'b.jpg'] }).images).toEqual(['vios.jpg', 'b.jpg']);
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, images: ['b.jpg', 'vios.jpg'] })).toEqual({ image: ['image is the cover: it must be the first of images'] });
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, image: undefined, images: ['a.jpg', 'a.jpg'] })).toEqual({ images: ['The same picture is listed twice'] });
    expect(Object.keys(issuesOf(ZCreateCarSchema, { ...minimalCar, image: undefined, images: Array.from({ length: 13 }, (_, i) => `${i}.jpg`) }))).toEqual(['images']);
  });

  it('reads a category of the list in any case and refuses one off the list', () => {
    expect(parseOk(ZCreateCarSchema, { ...minimalCar, category: '  premium  suv ' }).category).toBe('Premium SUV');
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, category: 'Spaceship' }).category?.[0]).toMatch(/^Choose one of the categories: Hatchback, Compact Sedan/);
    for (const category of CAR_CATEGORIES) expect(parseOk(ZCreateCarSchema, { ...minimalCar, category }).category).toBe(category);
  });

  it('keeps the security deposit in pesos; blank is none, negative is refused', () => {
    expect(parseOk(ZCreateCarSchema, { ...minimalCar, deposit: '5000' }).deposit).toBe('5000.00');
    expect(parseOk(ZCreateCarSchema, { ...minimalCar, deposit: '' }).deposit).toBe('0.00');
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, deposit: '-1' })).toEqual({ deposit: ['The deposit cannot be negative'] });
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, deposit: '1000000.01' })).toEqual({ deposit: ['The deposit can be at most ₱1,000,000.01'.replace('.01', '')] });
  });

  it.each([
    ['18400', '18,400 km'],
    ['18,400 km', '18,400 km'],
    ['18 400 KM', '18,400 km'],
    ['1.234.567km', '1,234,567 km'],
    ['0', '0 km'],
    ['', ''],
  ])('reads the odometer %j as %j', (mileage, kept) => {
    expect(parseOk(ZCreateCarSchema, { ...minimalCar, mileage }).mileage).toBe(kept);
    if (kept) expect(odometerKilometres(kept)).toBe(Number(kept.replace(/\D/g, '')));
  });

  it.each(['12 km/L', 'about 20k', '18,40 km', '-5 km', '12345678 km'])('refuses %j as an odometer reading', (mileage) => {
    expect(issuesOf(ZCreateCarSchema, { ...minimalCar, mileage })).toEqual({ mileage: ['Enter the odometer reading in kilometres, for example 18,400 km'] });
  });
});

describe('ZCarSearchSchema and GET /api/cars query', () => {
  const range = { pickupDate: '2030-03-01', returnDate: '2030-03-04' };

  it('takes the dates and optional filters as query strings, blanks as none', () => {
    expect(parseOk(ZCarSearchSchema, { ...range, seats: '7', transmission: 'Manual', category: 'van, premium suv', sort: 'seats' })).toEqual({
      ...range,
      seats: 7,
      transmission: 'Manual',
      category: ['Van', 'Premium SUV'],
      sort: 'seats',
    });
    expect(parseOk(ZCarSearchSchema, { ...range, seats: '', transmission: '', category: '', sort: '' })).toEqual(range);
  });

  it.each([
    [{ pickupDate: '2030-02-30', returnDate: '2030-03-04' }, { pickupDate: ['There is no such day on the calendar: check the day and the month'] }],
    [{ pickupDate: '2030-3-4', returnDate: '2030-03-06' }, { pickupDate: ['Use a date in the form YYYY-MM-DD'] }],
    [{ pickupDate: '2030-03-04', returnDate: '2030-03-04' }, { returnDate: ['The return date must be at least one day after the pick-up date'] }],
    [{ pickupDate: '2030-03-04', returnDate: '2030-03-01' }, { returnDate: ['The return date must be at least one day after the pick-up date'] }],
    [{ ...range, seats: 'seven' }, { seats: ['Seats must be a whole number from 1 to 60'] }],
    [{ ...range, seats: '2.5' }, { seats: ['Seats must be a whole number from 1 to 60'] }],
    [{ ...range, transmission: 'CVT' }, { transmission: ['Choose Automatic or Manual'] }],
    [{ ...range, category: 'Van,Spaceship' }, { category: [expect.stringMatching(/^Choose one of the categories/)] }],
    [{ ...range, sort: 'name' }, { sort: ['Sort by price or seats'] }],
    [{ returnDate: '2030-03-04' }, { pickupDate: ['Pick-up date is required'] }],
  ])('refuses %j', (input, issues) => {
    expect(issuesOf(ZCarSearchSchema, input)).toEqual(issues);
  });

  it('asks for nothing without search parameters (the fleet as always), and for both dates with any of them', () => {
    expect(parseOk(ZCarListQuerySchema, {})).toEqual({});
    expect(parseOk(ZCarListQuerySchema, { _: '1700000000' })).toEqual({});
    expect(issuesOf(ZCarListQuerySchema, { seats: '5' })).toEqual({ pickupDate: ['Pick-up date is required'], returnDate: ['Return date is required'] });
    expect(issuesOf(ZCarListQuerySchema, { pickupDate: '2030-03-01' })).toEqual({ returnDate: ['Return date is required'] });
    expect(issuesOf(ZCarListQuerySchema, { pickupDate: '2030-03-02', returnDate: '2030-03-01' })).toEqual({
      returnDate: ['The return date must be at least one day after the pick-up date'],
    });
  });
});

describe('ZCreateCarSchema on input that is no object', () => {
  it.each([null, 'car', 42, [], true])('refuses %j with issues instead of throwing', (input) => {
    expect(ZCreateCarSchema.safeParse(input).success).toBe(false);
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
    expect(parseOk(ZUpdateCarSchema, { image: 'vios.jpg' })).toEqual({ image: 'vios.jpg' });
    expect(parseOk(ZUpdateCarSchema, { images: ['a.jpg', 'b.jpg'] })).toEqual({ images: ['a.jpg', 'b.jpg'] });
    expect(parseOk(ZUpdateCarSchema, { available: false })).toEqual({ available: false });
  });

  it('still validates the fields that were sent', () => {
    expect(issuesOf(ZUpdateCarSchema, { seats: 0 })).toEqual({ seats: ['Seats must be a whole number from 1 to 60'] });
    expect(issuesOf(ZUpdateCarSchema, { name: ' ' })).toEqual({ name: ['Car name is required'] });
    expect(issuesOf(ZUpdateCarSchema, { dailyRate: '' })).toEqual({ dailyRate: ['Daily rate is required'] });
    expect(issuesOf(ZUpdateCarSchema, { images: [] })).toEqual({ images: ['Validation Error: Please upload a car image'] });
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

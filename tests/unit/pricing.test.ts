import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { DELIVERY_AREA_LABELS } from '../../src/shared/labels';
import { fromCentavos, toCentavos } from '../../src/shared/money';
import {
  DELIVERY_AREAS,
  DISTANCE_SERVICES,
  DRIVER_SERVICES,
  computePrice,
  repriceForDates,
  rentalDays,
  type DeliveryArea,
  type PriceLineKey,
} from '../../src/shared/pricing';

const PICKUP = '2026-03-01';

describe('rentalDays', () => {
  it.each([
    ['2026-03-01', '2026-03-04', 3],
    ['2026-03-01', '2026-03-02', 1],
    ['2026-01-30', '2026-02-02', 3],
    ['2026-12-30', '2027-01-02', 3],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-02-28', '2026-03-01', 1],
  ])('counts return minus pickup in calendar days: %s to %s is %i', (pickup, ret, days) => {
    expect(rentalDays(pickup, ret)).toBe(days);
  });

  it('is zero when return equals pickup', () => {
    expect(rentalDays('2026-03-01', '2026-03-01')).toBe(0);
  });

  it('is zero, never negative, when return is before pickup', () => {
    expect(rentalDays('2026-03-05', '2026-03-01')).toBe(0);
  });
});

describe('computePrice', () => {
  it('prices a plain self-drive rental as rate x days plus the flat insurance', () => {
    const price = computePrice({ dailyRate: '1500', pickupDate: PICKUP, returnDate: '2026-03-04' });
    expect(price).toEqual({
      days: 3,
      dailyRate: '1500.00',
      subtotal: '4500.00',
      driverFee: '0.00',
      distanceFee: '0.00',
      deliveryFee: '0.00',
      insurance: '500.00',
      total: '5000.00',
      lines: [
        { key: 'rental', amount: '4500.00', perDay: '1500.00', days: 3 },
        { key: 'insurance', amount: '500.00' },
      ],
    });
  });

  it.each([
    ['none', '0.00', null],
    ['within_pangasinan', '6000.00', '1500.00'],
    ['outside_pangasinan', '8000.00', '2000.00'],
  ] as const)('charges the %s driver service per day (4 days: %s)', (driverService, fee, perDay) => {
    const price = computePrice({ dailyRate: '1000', pickupDate: PICKUP, returnDate: '2026-03-05', driverService });
    expect(price.driverFee).toBe(fee);
    expect(price.total).toBe(fromCentavos(toCentavos('4000') + toCentavos(fee) + toCentavos('500')));
    const line = price.lines.find((l) => l.key === 'driver');
    if (perDay === null) expect(line).toBeUndefined();
    else expect(line).toEqual({ key: 'driver', amount: fee, perDay, days: 4 });
  });

  it.each([
    ['none', '0.00', null],
    ['outside_pangasinan_500', '2000.00', '500.00'],
    ['over_250km_800', '3200.00', '800.00'],
  ] as const)('charges the %s distance service per day on its own line (4 days: %s)', (distanceService, fee, perDay) => {
    const price = computePrice({ dailyRate: '1000', pickupDate: PICKUP, returnDate: '2026-03-05', distanceService });
    expect(price.distanceFee).toBe(fee);
    expect(price.driverFee).toBe('0.00');
    expect(price.total).toBe(fromCentavos(toCentavos('4000') + toCentavos(fee) + toCentavos('500')));
    const line = price.lines.find((l) => l.key === 'distance');
    if (perDay === null) expect(line).toBeUndefined();
    else expect(line).toEqual({ key: 'distance', amount: fee, perDay, days: 4 });
  });

  const deliveryFees: [DeliveryArea, string, string][] = [
    ['alaminos_city', '0.00', 'Within Alaminos City'],
    ['alaminos_outskirts', '200.00', 'Alaminos (outskirts)'],
    ['bolinao', '600.00', 'Bolinao'],
    ['mabini', '400.00', 'Mabini'],
    ['lingayen', '500.00', 'Lingayen'],
    ['calasiao', '800.00', 'Calasiao'],
    ['san_fabian', '900.00', 'San Fabian'],
  ];

  it('knows exactly the seven delivery areas of the decisions, with their labels', () => {
    expect([...DELIVERY_AREAS].sort()).toEqual(deliveryFees.map(([area]) => area).sort());
    for (const [area, , label] of deliveryFees) expect(DELIVERY_AREA_LABELS[area]).toBe(label);
  });

  it.each(deliveryFees)('charges delivery to %s once per rental (%s), whatever the length', (deliveryArea, fee) => {
    const oneDay = computePrice({ dailyRate: '1000', pickupDate: PICKUP, returnDate: '2026-03-02', deliveryArea });
    const fiveDays = computePrice({ dailyRate: '1000', pickupDate: PICKUP, returnDate: '2026-03-06', deliveryArea });
    expect(oneDay.deliveryFee).toBe(fee);
    expect(fiveDays.deliveryFee).toBe(fee);
    expect(fiveDays.total).toBe(fromCentavos(toCentavos('5000') + toCentavos(fee) + toCentavos('500')));
    const line = fiveDays.lines.find((l) => l.key === 'delivery');
    if (fee === '0.00') expect(line).toBeUndefined();
    else expect(line).toEqual({ key: 'delivery', amount: fee });
  });

  it('charges no delivery when no area is given (null or missing)', () => {
    for (const deliveryArea of [null, undefined]) {
      const price = computePrice({ dailyRate: '1000', pickupDate: PICKUP, returnDate: '2026-03-02', deliveryArea });
      expect(price.deliveryFee).toBe('0.00');
      expect(price.lines.map((l) => l.key)).toEqual(['rental', 'insurance']);
    }
  });

  it('charges insurance as a flat ₱500 per rental, not per day', () => {
    expect(computePrice({ dailyRate: '1000', pickupDate: PICKUP, returnDate: '2026-03-02' }).insurance).toBe('500.00');
    expect(computePrice({ dailyRate: '1000', pickupDate: PICKUP, returnDate: '2026-03-11' }).insurance).toBe('500.00');
  });

  it.each([
    ['the same day', '2026-03-01'],
    ['an earlier day', '2026-02-25'],
  ])('prices nothing at all when return is %s as pickup', (_label, returnDate) => {
    const price = computePrice({
      dailyRate: '2500',
      pickupDate: PICKUP,
      returnDate,
      driverService: 'outside_pangasinan',
      distanceService: 'over_250km_800',
      deliveryArea: 'san_fabian',
    });
    expect(price).toEqual({
      days: 0,
      dailyRate: '2500.00',
      subtotal: '0.00',
      driverFee: '0.00',
      distanceFee: '0.00',
      deliveryFee: '0.00',
      insurance: '0.00',
      total: '0.00',
      lines: [],
    });
  });

  it.each([
    ['1999.99', 3, '5999.97'],
    ['1999.99', 7, '13999.93'],
    ['1500.5', 3, '4501.50'],
    ['1500.05', 3, '4500.15'],
    [1500.5, 3, '4501.50'],
    [1999.99, 3, '5999.97'],
    [' 1800 ', 2, '3600.00'],
  ])('computes rate %j x %i days in exact centavos: %s', (dailyRate, days, subtotal) => {
    const price = computePrice({ dailyRate, pickupDate: PICKUP, returnDate: addDays(PICKUP, days) });
    expect(price.subtotal).toBe(subtotal);
    expect(price.total).toBe(fromCentavos(toCentavos(subtotal) + 50_000));
    expect(price.lines[0]).toMatchObject({ key: 'rental', amount: subtotal, days });
  });

  it('normalises the daily rate to two decimals in the summary', () => {
    expect(computePrice({ dailyRate: '1500.5', pickupDate: PICKUP, returnDate: '2026-03-02' }).dailyRate).toBe('1500.50');
  });

  it('lists every charge of a full booking in the order rental, driver, distance, delivery, insurance', () => {
    const price = computePrice({
      dailyRate: '1999.99',
      pickupDate: PICKUP,
      returnDate: '2026-03-04',
      driverService: 'within_pangasinan',
      distanceService: 'over_250km_800',
      deliveryArea: 'bolinao',
    });
    expect(price.lines).toEqual([
      { key: 'rental', amount: '5999.97', perDay: '1999.99', days: 3 },
      { key: 'driver', amount: '4500.00', perDay: '1500.00', days: 3 },
      { key: 'distance', amount: '2400.00', perDay: '800.00', days: 3 },
      { key: 'delivery', amount: '600.00' },
      { key: 'insurance', amount: '500.00' },
    ]);
    expect(price.total).toBe('13999.97');
  });

  it('refuses to price a rate that is not an amount', () => {
    expect(() => computePrice({ dailyRate: 'abc', pickupDate: PICKUP, returnDate: '2026-03-02' })).toThrow(RangeError);
    expect(() => computePrice({ dailyRate: '1,50', pickupDate: PICKUP, returnDate: '2026-03-02' })).toThrow(RangeError);
    // Thousands separators are an amount as written (src/shared/money.ts).
    expect(computePrice({ dailyRate: '1,500', pickupDate: PICKUP, returnDate: '2026-03-02' }).subtotal).toBe(computePrice({ dailyRate: '1500', pickupDate: PICKUP, returnDate: '2026-03-02' }).subtotal);
  });

  it('always has total = sum of its lines = sum of its parts, only non-zero lines, in the fixed order', () => {
    const order: PriceLineKey[] = ['rental', 'driver', 'distance', 'delivery', 'insurance'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: -5, max: 60 }),
        fc.constantFrom(...DRIVER_SERVICES),
        fc.constantFrom(...DISTANCE_SERVICES),
        fc.option(fc.constantFrom(...DELIVERY_AREAS)),
        (rateCentavos, days, driverService, distanceService, deliveryArea) => {
          const price = computePrice({
            dailyRate: fromCentavos(rateCentavos),
            pickupDate: PICKUP,
            returnDate: addDays(PICKUP, days),
            driverService,
            distanceService,
            deliveryArea,
          });
          const total = toCentavos(price.total);
          const sumOfLines = price.lines.reduce((sum, line) => sum + toCentavos(line.amount), 0);
          const sumOfParts = [price.subtotal, price.driverFee, price.distanceFee, price.deliveryFee, price.insurance]
            .map(toCentavos)
            .reduce((a, b) => a + b, 0);
          expect(sumOfLines).toBe(total);
          expect(sumOfParts).toBe(total);
          expect(price.days).toBe(Math.max(0, days));
          expect(price.lines.every((line) => toCentavos(line.amount) > 0)).toBe(true);
          const keys = price.lines.map((line) => line.key);
          expect(keys).toEqual(order.filter((key) => keys.includes(key)));
          if (days > 0) expect(price.subtotal).toBe(fromCentavos(rateCentavos * days));
        },
      ),
    );
  });
});

describe('repriceForDates', () => {
  const booking = { dailyRate: '1800.00', driverService: 'within_pangasinan' as const, distanceService: 'none' as const, deliveryArea: 'bolinao' as const, adjustment: '-400.00' };

  it('prices the new days at the booking’s own rate and services, keeping the agreed adjustment', () => {
    const { price, total } = repriceForDates(booking, { pickupDate: '2027-03-01', returnDate: '2027-03-06' });
    expect(price.days).toBe(5);
    expect(total).toBe(toCentavos(price.total) - 40_000);
    expect(total).toBe(toCentavos(computePrice({ ...booking, pickupDate: '2027-03-01', returnDate: '2027-03-06' }).total) - 40_000);
    expect(fromCentavos(total)).toBe(fromCentavos(5 * 180_000 + toCentavos(price.driverFee) + toCentavos(price.deliveryFee) + toCentavos(price.insurance) - 40_000));
  });

  it('adds a surcharge as it subtracts a discount', () => {
    const dates = { pickupDate: '2027-03-01', returnDate: '2027-03-03' };
    expect(repriceForDates({ ...booking, adjustment: '250.00' }, dates).total - repriceForDates({ ...booking, adjustment: '0.00' }, dates).total).toBe(25_000);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/dates';
import { computePrice } from '../../src/shared/pricing';
import {
  MAX_RENTAL_DAYS,
  MAX_STAFF_RENTAL_DAYS,
  ZAdminCreateBookingSchema,
  ZBookingFormSchema,
  ZCreateBookingSchema,
  ZUpdateBookingDatesSchema,
} from '../../src/shared/schemas/booking.schema';
import { MAX_DAILY_RATE, ZCreateCarSchema, ZUpdateCarSchema } from '../../src/shared/schemas/car.schema';
import { ZCreateCustomerSchema } from '../../src/shared/schemas/customer.schema';
import { issuesOf } from './helpers';

const PICKUP = '2026-05-01';
const CAR_ID = '6f1c2b9e-3a44-4c55-9d0e-1b2c3d4e5f60';
const DOC = (n: number) => `/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a1${n}`;

const publicBooking = (returnDate: string) => ({
  customer: { fullName: 'Juan Dela Cruz', email: 'juan@example.ph', phone: '09171234567', photoId1Url: DOC(1), photoId2Url: DOC(2), proofOfBillingUrl: DOC(3) },
  booking: { carId: CAR_ID, pickupDate: PICKUP, returnDate },
});
const form = (returnDate: string) => ({ fullName: 'Juan Dela Cruz', email: 'juan@example.ph', phone: '0917 123 4567', pickupDate: PICKUP, returnDate, acceptTerms: true });
const adminBooking = (returnDate: string) => ({ customerEmail: 'walkin@example.ph', customerName: 'Walk In', carId: CAR_ID, pickupDate: PICKUP, returnDate });
const customerWithBooking = (returnDate: string) => ({
  fullName: 'Ana Reyes',
  email: 'ana@example.ph',
  phone: '09170000001',
  initialBooking: { carId: CAR_ID, pickupDate: PICKUP, returnDate, total: '5000' },
});

describe('the longest rental', () => {
  it(`takes public bookings of up to ${MAX_RENTAL_DAYS} days, on the form and the API alike`, () => {
    expect(issuesOf(ZCreateBookingSchema, publicBooking(addDays(PICKUP, MAX_RENTAL_DAYS)))).toEqual({});
    expect(issuesOf(ZBookingFormSchema, form(addDays(PICKUP, MAX_RENTAL_DAYS)))).toEqual({});
    expect(Object.keys(issuesOf(ZCreateBookingSchema, publicBooking(addDays(PICKUP, MAX_RENTAL_DAYS + 1))))).toEqual(['booking.returnDate']);
    expect(Object.keys(issuesOf(ZBookingFormSchema, form(addDays(PICKUP, MAX_RENTAL_DAYS + 1))))).toEqual(['returnDate']);
    expect(Object.keys(issuesOf(ZCreateBookingSchema, publicBooking('9999-12-31')))).toEqual(['booking.returnDate']);
  });

  it(`lets staff enter rentals of up to ${MAX_STAFF_RENTAL_DAYS} days, and no longer`, () => {
    expect(MAX_STAFF_RENTAL_DAYS).toBeGreaterThanOrEqual(MAX_RENTAL_DAYS);
    const ok = addDays(PICKUP, MAX_STAFF_RENTAL_DAYS);
    const tooLong = addDays(PICKUP, MAX_STAFF_RENTAL_DAYS + 1);
    expect(issuesOf(ZAdminCreateBookingSchema, adminBooking(ok))).toEqual({});
    expect(Object.keys(issuesOf(ZAdminCreateBookingSchema, adminBooking(tooLong)))).toEqual(['returnDate']);
    expect(issuesOf(ZUpdateBookingDatesSchema, { pickupDate: PICKUP, returnDate: ok })).toEqual({});
    expect(Object.keys(issuesOf(ZUpdateBookingDatesSchema, { pickupDate: PICKUP, returnDate: tooLong }))).toEqual(['returnDate']);
    expect(issuesOf(ZCreateCustomerSchema, customerWithBooking(ok))).toEqual({});
    expect(Object.keys(issuesOf(ZCreateCustomerSchema, customerWithBooking(tooLong)))).toEqual(['initialBooking.returnDate']);
  });

  it('keeps every total the schemas let through inside numeric(12,2)', () => {
    const price = computePrice({
      pickupDate: PICKUP,
      returnDate: addDays(PICKUP, MAX_STAFF_RENTAL_DAYS),
      dailyRate: MAX_DAILY_RATE,
      driverService: 'outside_pangasinan',
      distanceService: 'over_250km_800',
      deliveryArea: 'san_fabian',
    });
    expect(Number(price.total)).toBeLessThan(1e10);
  });
});

describe('the highest daily rate', () => {
  it(`accepts ₱${MAX_DAILY_RATE} a day and refuses more, on add and edit`, () => {
    const car = { name: 'Toyota Vios', category: 'Compact Sedan', image: 'vios.jpg' };
    expect(issuesOf(ZCreateCarSchema, { ...car, dailyRate: MAX_DAILY_RATE })).toEqual({});
    expect(Object.keys(issuesOf(ZCreateCarSchema, { ...car, dailyRate: '1000000.01' }))).toEqual(['dailyRate']);
    expect(Object.keys(issuesOf(ZUpdateCarSchema, { dailyRate: '9999999999.99' }))).toEqual(['dailyRate']);
  });
});

import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { ZCustomerFormSchema, erasedAddress, statusesFor, type TCustomerFormInput } from '../../src/shared/schemas/customer.schema';

const CAR_ID = '61768417-772f-40a6-9752-1a8604bf7dbd';
const NO_BOOKING = { carId: 'none', pickupDate: null, returnDate: null, total: '', status: 'confirmed', locale: 'en' } as const;
const FORM: TCustomerFormInput = {
  fullName: 'Ana Dela Cruz',
  email: 'ana@example.com',
  phone: '0917 555 0142',
  address: '',
  license: '',
  licenseExpiry: null,
  initialBooking: NO_BOOKING,
};

/** What the dashboard's form shows: its errors by field, from Mantine's schema resolver. */
const formErrors = schemaResolver(ZCustomerFormSchema, { sync: true });

describe('the customer form schema (the spec: a first booking only when car, both dates and total are given)', () => {
  it('car "No booking" (or none chosen) makes no booking, whatever else is filled in', () => {
    expect(ZCustomerFormSchema.parse(FORM).initialBooking).toBeUndefined();
    const halfFilled = { ...FORM, initialBooking: { ...NO_BOOKING, carId: '', pickupDate: '2027-01-02', total: '5000' } };
    expect(formErrors(halfFilled)).toEqual({});
    expect(ZCustomerFormSchema.parse(halfFilled).initialBooking).toBeUndefined();
  });

  it('a car with something missing is pointed out on each missing field, not silently dropped', () => {
    expect(formErrors({ ...FORM, initialBooking: { ...NO_BOOKING, carId: CAR_ID } })).toEqual({
      'initialBooking.pickupDate': messages.validation.initialBookingIncomplete,
      'initialBooking.returnDate': messages.validation.initialBookingIncomplete,
      'initialBooking.total': messages.validation.initialBookingIncomplete,
    });
    expect(formErrors({ ...FORM, initialBooking: { ...NO_BOOKING, carId: CAR_ID, pickupDate: '2027-01-02', returnDate: '2027-01-04', total: '  ' } })).toEqual({
      'initialBooking.total': messages.validation.initialBookingIncomplete,
    });
  });

  it('all four make the booking the server expects, in the renter’s language chosen, checked by the server’s rules', () => {
    const booking = { carId: CAR_ID, pickupDate: '2027-01-02', returnDate: '2027-01-04', total: '5200', status: 'pending', locale: 'fil' } as const;
    expect(ZCustomerFormSchema.parse({ ...FORM, initialBooking: booking }).initialBooking).toEqual({ ...booking, total: '5200.00' });
    expect(formErrors({ ...FORM, initialBooking: { ...booking, returnDate: '2027-01-02' } })).toEqual({ 'initialBooking.returnDate': messages.validation.returnAfterPickup });
    expect(formErrors({ ...FORM, initialBooking: { ...booking, total: '0' } })).toEqual({ 'initialBooking.total': messages.validation.positiveAmount });
  });

  it('checks the customer’s own fields as the create schema does, with the booking at the same time', () => {
    expect(formErrors({ ...FORM, email: 'not an address', licenseExpiry: '2030-02-30', initialBooking: { ...NO_BOOKING, carId: CAR_ID } })).toMatchObject({
      email: messages.validation.email,
      licenseExpiry: messages.validation.noSuchDate,
      'initialBooking.pickupDate': messages.validation.initialBookingIncomplete,
    });
    expect(ZCustomerFormSchema.parse({ ...FORM, licenseExpiry: '2030-02-28' }).licenseExpiry).toBe('2030-02-28');
  });
});

describe('statusesFor', () => {
  it('gives a renter every status, and an erased customer none that holds days again', () => {
    expect(statusesFor('ana@example.com')).toEqual(['pending', 'confirmed', 'cancelled', 'completed']);
    expect(statusesFor(erasedAddress(CAR_ID))).toEqual(['cancelled', 'completed']);
  });
});

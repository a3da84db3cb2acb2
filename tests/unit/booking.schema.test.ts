import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PICKUP_TIME,
  PICKUP_TIMES,
  ZBookingFormSchema,
  ZCreateBookingSchema,
  paymentProgress,
  statusBadge,
} from '../../src/shared/schemas/booking.schema';
import { messages } from '../../src/shared/messages';
import { issuesOf, parseOk } from './helpers';

const form = {
  fullName: 'Juan Dela Cruz',
  email: 'juan@example.ph',
  phone: '0917 123 4567',
  pickupDate: '2026-05-01',
  returnDate: '2026-05-03',
  acceptTerms: true,
};

const DOC = (n: number) => `/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a1${n}`;
const CAR_ID = '6f1c2b9e-3a44-4c55-9d0e-1b2c3d4e5f60';

const createPayload = () => ({
  customer: {
    fullName: 'Juan Dela Cruz',
    email: 'juan@example.ph',
    phone: '09171234567',
    license: 'N01-23-456789',
    photoId1Url: DOC(1),
    photoId2Url: DOC(2),
    proofOfBillingUrl: DOC(3),
  },
  booking: {
    carId: CAR_ID,
    pickupDate: '2026-05-01',
    returnDate: '2026-05-03',
  },
});

describe('ZBookingFormSchema (spec point 5 messages)', () => {
  it('accepts a complete form and fills the defaults', () => {
    expect(parseOk(ZBookingFormSchema, form)).toEqual({
      ...form,
      pickupTime: '9:00 AM',
      driverService: 'none',
      distanceService: 'none',
      wantsDelivery: false,
    });
  });

  it('reports every required-field message of the spec on an empty form', () => {
    expect(issuesOf(ZBookingFormSchema, {})).toEqual({
      fullName: ['Full name is required'],
      email: ['Valid email is required'],
      phone: ['Valid phone number is required'],
      pickupDate: ['Pick-up date is required'],
      returnDate: ['Return date is required'],
      acceptTerms: ['You must accept the terms and conditions'],
    });
  });

  it.each([
    ['fullName', '', 'Full name is required'],
    ['fullName', 'J', 'Full name is required'],
    ['fullName', '  J  ', 'Full name is required'],
    ['email', 'juan', 'Valid email is required'],
    ['email', 'juan@', 'Valid email is required'],
    ['email', '', 'Valid email is required'],
    ['phone', '', 'Valid phone number is required'],
    ['phone', '091712345', 'Valid phone number is required'],
    ['phone', '          ', 'Valid phone number is required'],
    ['phone', 'call me maybe', 'Valid phone number is required'],
    ['pickupDate', '', 'Pick-up date is required'],
    ['returnDate', '', 'Return date is required'],
    ['acceptTerms', false, 'You must accept the terms and conditions'],
    ['acceptTerms', 'true', 'You must accept the terms and conditions'],
  ])('refuses %s = %j with %j', (field, value, message) => {
    expect(issuesOf(ZBookingFormSchema, { ...form, [field]: value })).toEqual({ [field]: [message] });
  });

  it.each(['0917 123 456', '0917 123 45678', '+63 917 123 456', '63 917 123 45678', '(0917) 123-456'])('refuses the mobile number %j, a digit short or over, saying a mobile number has 11', (phone) => {
    expect(issuesOf(ZBookingFormSchema, { ...form, phone })).toEqual({ phone: ['A mobile number has 11 digits, as in 0917 123 4567'] });
  });

  it.each(['0917 123 4567', '+63 917 123 4567', '(0917) 123-4567', '(075) 551 2345', '+63 (917) 123 4567', '0917.123.4567'])('accepts the phone number %j, written as people here write one', (phone) => {
    expect(issuesOf(ZBookingFormSchema, { ...form, phone })).toEqual({});
  });

  it.each([
    ['a private-use character', 'Juan Dela Cruz\ue000'],
    ['a private-use character of plane 15', 'Juan \u{f0000}Dela Cruz'],
    ['an Arabic tatweel', 'Juan\u0640Dela Cruz'],
    ['an invisible times', 'Juan\u2062 Dela Cruz'],
    ['a soft hyphen', 'Juan De\u00adla Cruz'],
    ['an interlinear annotation anchor', 'Ju\ufff9an Dela Cruz'],
    ['an Egyptian hieroglyph format control', 'Juan Dela Cr\u{13430}uz'],
    ['an Arabic number sign', 'Juan \u0600Dela Cruz'],
    ['a Kaithi number sign', 'Juan Dela\u{110bd} Cruz'],
    // Letters that draw nothing: a name of them reads as blank in the dashboard and the e-mails.
    ['only Hangul fillers', '\u3164\u3164\u3164'],
    ['a halfwidth Hangul filler', 'Juan\uffa0Dela Cruz'],
    ['Hangul choseong and jungseong fillers', '\u115f\u1160 Juan Dela Cruz'],
    ['a blank Braille pattern', 'Juan Dela\u2800Cruz'],
  ])('refuses a full name with %s', (_label, fullName) => {
    expect(issuesOf(ZBookingFormSchema, { ...form, fullName })).toEqual({
      fullName: ['The name contains a character that is not used in names (a private-use or invisible character, or an Arabic tatweel). Please type the name again.'],
    });
  });

  /** The joiners that shape a script's letters and the marks that hint a direction. */
  const KEPT_FORMATS = ['\u200c', '\u200d', '\u200e', '\u200f', '\u061c'];

  it('refuses a full name with any other format character (\\p{Cf})', () => {
    const formats = Array.from({ length: 0x110000 }, (_, cp) => cp)
      .filter((cp) => (cp < 0xd800 || cp > 0xdfff) && /\p{Cf}/u.test(String.fromCodePoint(cp)))
      .map((cp) => String.fromCodePoint(cp))
      // Dropped before the name is checked (common.schema's INVISIBLE), or refused as not one line.
      .filter((format) => !KEPT_FORMATS.includes(format) && !/[\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/.test(format));
    expect(formats.length).toBeGreaterThan(150);
    for (const format of formats) {
      expect(issuesOf(ZBookingFormSchema, { ...form, fullName: `Juan De${format}la Cruz` }), format.codePointAt(0)!.toString(16)).toEqual({
        fullName: ['The name contains a character that is not used in names (a private-use or invisible character, or an Arabic tatweel). Please type the name again.'],
      });
    }
  });

  it('accepts the joiners a script needs and the marks that hint a direction', () => {
    for (const format of KEPT_FORMATS) expect(issuesOf(ZBookingFormSchema, { ...form, fullName: `Juan De${format}la Cruz` })).toEqual({});
  });

  it('accepts a two-letter name, a 10-character phone and an international phone', () => {
    expect(issuesOf(ZBookingFormSchema, { ...form, fullName: 'Jo', phone: '0755512345' })).toEqual({});
    expect(issuesOf(ZBookingFormSchema, { ...form, phone: '+1 415 555 0100' })).toEqual({});
    expect(issuesOf(ZBookingFormSchema, { ...form, phone: '+63 917 123 4567' })).toEqual({});
  });

  it('trims the name and lower-cases the e-mail', () => {
    const parsed = parseOk(ZBookingFormSchema, { ...form, fullName: '  Juan Dela Cruz ', email: 'Juan@Example.PH' });
    expect(parsed.fullName).toBe('Juan Dela Cruz');
    expect(parsed.email).toBe('juan@example.ph');
  });

  it('refuses a date that does not exist', () => {
    expect(issuesOf(ZBookingFormSchema, { ...form, pickupDate: '2026-02-30' })).toEqual({
      pickupDate: ['There is no such day on the calendar: check the day and the month'],
    });
  });

  it.each([
    ['the same day as pickup', '2026-05-01'],
    ['before pickup', '2026-04-28'],
  ])('refuses a return date %s', (_label, returnDate) => {
    expect(issuesOf(ZBookingFormSchema, { ...form, returnDate })).toEqual({
      returnDate: ['The return date must be at least one day after the pick-up date'],
    });
  });

  it('requires a delivery area and address when delivery is wanted', () => {
    expect(issuesOf(ZBookingFormSchema, { ...form, wantsDelivery: true })).toEqual({
      deliveryArea: ['Choose a delivery area'],
      deliveryAddress: ['Delivery address is required when delivery is wanted'],
    });
    expect(issuesOf(ZBookingFormSchema, { ...form, wantsDelivery: true, deliveryArea: 'bolinao', deliveryAddress: '   ' })).toEqual({
      deliveryAddress: ['Delivery address is required when delivery is wanted'],
    });
  });

  it('accepts delivery with an area and an address', () => {
    const parsed = parseOk(ZBookingFormSchema, {
      ...form,
      wantsDelivery: true,
      deliveryArea: 'lingayen',
      deliveryAddress: ' 12 Rizal St., Lingayen ',
    });
    expect(parsed.deliveryArea).toBe('lingayen');
    expect(parsed.deliveryAddress).toBe('12 Rizal St., Lingayen');
  });

  it('does not ask for an address when delivery is not wanted', () => {
    expect(issuesOf(ZBookingFormSchema, { ...form, wantsDelivery: false })).toEqual({});
  });

  it('refuses an unknown delivery area', () => {
    expect(Object.keys(issuesOf(ZBookingFormSchema, { ...form, wantsDelivery: true, deliveryArea: 'manila', deliveryAddress: 'x' }))).toEqual([
      'deliveryArea',
    ]);
  });

  it('offers the nine pick-up slots of the spec, 9:00 AM first and by default', () => {
    expect(PICKUP_TIMES).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    expect(DEFAULT_PICKUP_TIME).toBe('9:00 AM');
    expect(issuesOf(ZBookingFormSchema, { ...form, pickupTime: '8:00 AM' })).toEqual({ pickupTime: ['Choose one of the pick-up times'] });
  });
});

describe('ZCreateBookingSchema (POST /api/bookings)', () => {
  it('drops the prices, day count and flags a client sends', () => {
    const payload = createPayload();
    const parsed = parseOk(ZCreateBookingSchema, {
      total: '1.00',
      customer: { ...payload.customer, facebookProfile: '', acceptTerms: true },
      booking: {
        ...payload.booking,
        withDriver: true,
        totalDays: 99,
        dailyRate: '1.00',
        driverFee: '0.00',
        subtotal: '1.00',
        insurance: '0.00',
        total: '1.00',
      },
    });
    expect(parsed.booking).toEqual({
      carId: CAR_ID,
      pickupDate: '2026-05-01',
      returnDate: '2026-05-03',
      pickupTime: '9:00 AM',
      driverService: 'none',
      distanceService: 'none',
      wantsDelivery: false,
    });
    expect(Object.keys(parsed)).toEqual(['customer', 'booking']);
    expect(parsed.customer).not.toHaveProperty('acceptTerms');
    expect(parsed.customer.facebookProfile).toBeUndefined();
  });

  it("defaults pickupTime to '9:00 AM', driverService and distanceService to 'none', wantsDelivery to false", () => {
    const parsed = parseOk(ZCreateBookingSchema, createPayload());
    expect(parsed.booking.pickupTime).toBe('9:00 AM');
    expect(parsed.booking.driverService).toBe('none');
    expect(parsed.booking.distanceService).toBe('none');
    expect(parsed.booking.wantsDelivery).toBe(false);
  });

  it('keeps the three document references in the customer object', () => {
    const parsed = parseOk(ZCreateBookingSchema, createPayload());
    expect(parsed.customer).toMatchObject({ photoId1Url: DOC(1), photoId2Url: DOC(2), proofOfBillingUrl: DOC(3) });
  });

  it('requires the three documents, each missing one refused with the spec’s message', () => {
    const { photoId1Url: _one, proofOfBillingUrl: _three, ...customer } = createPayload().customer;
    expect(issuesOf(ZCreateBookingSchema, { ...createPayload(), customer })).toEqual({
      'customer.photoId1Url': [messages.validation.documentsRequired],
      'customer.proofOfBillingUrl': [messages.validation.documentsRequired],
    });
  });

  it.each([
    'https://evil.example.com/id.jpg',
    '/objects/private/not-a-uuid',
    '/objects/private/../../etc/passwd',
    '/objects/secret/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a11',
    'objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a11',
    '/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a11?x=1',
  ])('refuses the document reference %j', (bad) => {
    const payload = createPayload();
    expect(issuesOf(ZCreateBookingSchema, { ...payload, customer: { ...payload.customer, photoId2Url: bad } })).toEqual({
      'customer.photoId2Url': ['Use the /objects/... reference returned by the upload'],
    });
  });

  it('refuses a car id that is not a UUID', () => {
    const payload = createPayload();
    expect(Object.keys(issuesOf(ZCreateBookingSchema, { ...payload, booking: { ...payload.booking, carId: '1' } }))).toEqual(['booking.carId']);
  });

  it('applies the return-after-pickup and delivery rules under booking.*', () => {
    const payload = createPayload();
    expect(issuesOf(ZCreateBookingSchema, { ...payload, booking: { ...payload.booking, returnDate: '2026-05-01' } })).toEqual({
      'booking.returnDate': ['The return date must be at least one day after the pick-up date'],
    });
    expect(issuesOf(ZCreateBookingSchema, { ...payload, booking: { ...payload.booking, wantsDelivery: true, deliveryArea: 'mabini' } })).toEqual({
      'booking.deliveryAddress': ['Delivery address is required when delivery is wanted'],
    });
  });

  it("validates the renter with the form's messages", () => {
    const payload = createPayload();
    expect(issuesOf(ZCreateBookingSchema, { ...payload, customer: { ...payload.customer, fullName: ' ', email: 'x', phone: '12' } })).toEqual({
      'customer.fullName': ['Full name is required'],
      'customer.email': ['Valid email is required'],
      'customer.phone': ['Valid phone number is required'],
    });
  });
});

describe('paymentProgress', () => {
  it.each([
    ['10000.00', '10000.00', 'Fully Paid', 100],
    ['15000.00', '10000.00', 'Fully Paid', 100],
    ['2500.00', '10000.00', 'Partially Paid', 25],
    ['5000.00', '10000.00', 'Partially Paid', 50],
    ['500.00', '10000.00', 'Partially Paid', 5],
    ['0.00', '10000.00', 'Not Paid', 0],
  ])('paid %s of %s is %s with a bar of %i%%', (paid, total, state, percent) => {
    expect(paymentProgress(paid, total)).toEqual({ state, percent });
  });

  it('reads what is still paid on a cancelled booking as money held, not a part payment', () => {
    expect(paymentProgress('500.00', '10000.00', 'cancelled')).toEqual({ state: 'Money Held', percent: 100 });
    expect(paymentProgress('500.00', '10000.00', 'completed')).toEqual({ state: 'Partially Paid', percent: 5 });
  });

  it('reads a cancelled booking that holds no money (never paid, or all given back) as owing nothing, not as unpaid', () => {
    expect(paymentProgress('0.00', '10000.00', 'cancelled')).toEqual({ state: 'Nothing Owed', percent: 0 });
    expect(paymentProgress('0.00', '10000.00', 'pending')).toEqual({ state: 'Not Paid', percent: 0 });
  });

  it('never draws the bar past 100%, however much was paid', () => {
    expect(paymentProgress('999999.00', '1.00').percent).toBe(100);
  });
});

describe('statusBadge', () => {
  it.each([
    ['confirmed', 'Confirmed', 'green'],
    ['cancelled', 'Cancelled', 'red'],
    ['completed', 'Completed', 'blue'],
    ['pending', 'Pending', 'yellow'],
    ['something-else', 'Pending', 'yellow'],
    ['', 'Pending', 'yellow'],
  ])('shows %j as %s in %s', (status, label, color) => {
    expect(statusBadge(status)).toEqual({ label, color });
  });
});

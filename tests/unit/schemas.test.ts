import { describe, expect, it } from 'vitest';
import { NAME_CHECK_MIN_LENGTH, ZBlockNameSchema } from '../../src/shared/schemas/blocklist.schema';
import fc from 'fast-check';
import { ZAddPaymentSchema, ZAdminCreateBookingSchema, ZCreateBookingSchema, ZRequestDocumentSchema } from '../../src/shared/schemas/booking.schema';
import { ZCheckNameSchema } from '../../src/shared/schemas/blocklist.schema';
import { ZCreateCarSchema, ZUpdateCarSchema } from '../../src/shared/schemas/car.schema';
import { ZListQuerySchema, ZMoneySchema, ZPositiveMoneySchema } from '../../src/shared/schemas/common.schema';
import { messages } from '../../src/shared/messages';
import { CONTACT_SUBJECTS, ZContactSchema } from '../../src/shared/schemas/contact.schema';
import { ZCreateCustomerSchema, ZUpdateCustomerSchema } from '../../src/shared/schemas/customer.schema';
import {
  CAR_IMAGE_MAX_BYTES,
  DOCUMENT_MAX_BYTES,
  UPLOAD_RULES,
  ZRequestUploadSchema,
  sniffContentType,
} from '../../src/shared/schemas/upload.schema';
import type { z } from 'zod';
import { issuesOf, parseOk } from './helpers';

const AMOUNT_MESSAGE = 'Enter an amount in pesos, for example 1500 or 1500.50';

describe('ZMoneySchema', () => {
  it.each([
    ['1500', '1500.00'],
    ['1500.5', '1500.50'],
    ['1500.50', '1500.50'],
    [1500.5, '1500.50'],
    [1500, '1500.00'],
    ['1999.99', '1999.99'],
    [' 99 ', '99.00'],
    ['0', '0.00'],
    ['5,000', '5000.00'],
    ['1,500.50', '1500.50'],
  ])('normalises %j to %j', (input, output) => {
    expect(parseOk(ZMoneySchema, input)).toBe(output);
  });

  it.each(['abc', '', '1,50', '1.234', '₱1500', Number.NaN, Number.POSITIVE_INFINITY, true, null, undefined])(
    'refuses %j with the amount message',
    (input) => {
      expect(issuesOf(ZMoneySchema, input)).toEqual({ '': [AMOUNT_MESSAGE] });
    },
  );

  // numeric(12,2) holds at most 10 whole digits; the string form is held to that, the number form must be too.
  it('refuses a number amount with more than 10 whole digits, as it refuses the same amount as a string', () => {
    expect(issuesOf(ZMoneySchema, '12345678901')).toEqual({ '': [AMOUNT_MESSAGE] });
    expect(issuesOf(ZMoneySchema, 12345678901)).toEqual({ '': [AMOUNT_MESSAGE] });
    expect(issuesOf(ZMoneySchema, 1e21)).toEqual({ '': [AMOUNT_MESSAGE] });
  });

  it('ZPositiveMoneySchema reports a too-large number amount as an issue instead of throwing (400, not 500)', () => {
    expect(() => ZPositiveMoneySchema.safeParse(1e12)).not.toThrow();
    expect(() => ZAddPaymentSchema.safeParse({ amount: 1e12 })).not.toThrow();
    expect(ZPositiveMoneySchema.safeParse(1e12).success).toBe(false);
  });

  it('ZPositiveMoneySchema refuses zero and negative amounts', () => {
    expect(issuesOf(ZPositiveMoneySchema, '0')).toEqual({ '': ['The amount must be more than zero'] });
    expect(issuesOf(ZPositiveMoneySchema, -5)).toEqual({ '': ['The amount must be more than zero'] });
    expect(parseOk(ZPositiveMoneySchema, '0.01')).toBe('0.01');
  });
});

describe('ZBlockNameSchema', () => {
  it('trims the name, turns an empty reason into null and defaults blockedBy to admin', () => {
    expect(parseOk(ZBlockNameSchema, { fullName: '  Juan Dela Cruz ', reason: '' })).toEqual({
      fullName: 'Juan Dela Cruz',
      reason: null,
      blockedBy: 'admin',
    });
  });

  it.each([[''], ['   '], [undefined], [null]])("refuses the name %j with 'Full name is required'", (fullName) => {
    expect(issuesOf(ZBlockNameSchema, { fullName })).toEqual({ fullName: ['Full name is required'] });
  });

  it('trims a given reason and makes a blank or missing one null', () => {
    expect(parseOk(ZBlockNameSchema, { fullName: 'Ana', reason: '  unpaid damages ' }).reason).toBe('unpaid damages');
    expect(parseOk(ZBlockNameSchema, { fullName: 'Ana', reason: '   ' }).reason).toBeNull();
    expect(parseOk(ZBlockNameSchema, { fullName: 'Ana', reason: null }).reason).toBeNull();
    expect(parseOk(ZBlockNameSchema, { fullName: 'Ana' }).reason).toBeNull();
  });

  it("uses 'admin' for a missing, null or blank blockedBy and keeps a given one", () => {
    for (const blockedBy of [undefined, null, '', '  ']) {
      expect(parseOk(ZBlockNameSchema, { fullName: 'Ana', blockedBy }).blockedBy).toBe('admin');
    }
    expect(parseOk(ZBlockNameSchema, { fullName: 'Ana', blockedBy: 'Maria' }).blockedBy).toBe('Maria');
  });

  it('checks names against the blocklist once the trimmed name is longer than 2 characters', () => {
    expect(NAME_CHECK_MIN_LENGTH).toBe(3);
  });
});

describe('ZContactSchema', () => {
  const contact = { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.ph', message: 'Do you rent vans?' };

  it('accepts the required fields alone, with no phone and subject General Inquiry', () => {
    expect(parseOk(ZContactSchema, contact)).toEqual({ ...contact, phone: undefined, subject: 'General Inquiry' });
  });

  it('requires first name, last name, email and message', () => {
    expect(issuesOf(ZContactSchema, {})).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Valid email is required'],
      message: ['Message is required'],
    });
    expect(issuesOf(ZContactSchema, { ...contact, firstName: '  ', message: '\n ' })).toEqual({
      firstName: ['First name is required'],
      message: ['Message is required'],
    });
  });

  it.each([[''], [null], [undefined]])("turns the subject %j into 'General Inquiry'", (subject) => {
    expect(parseOk(ZContactSchema, { ...contact, subject }).subject).toBe('General Inquiry');
  });

  it.each(CONTACT_SUBJECTS.map((s) => [s]))('keeps the listed subject %j', (subject) => {
    expect(parseOk(ZContactSchema, { ...contact, subject }).subject).toBe(subject);
  });

  it('lists the seven subjects of the spec', () => {
    expect(CONTACT_SUBJECTS).toEqual([
      'General Inquiry',
      'Booking Question',
      'Fleet Information',
      'Corporate Rentals',
      'VIP Booking',
      'All Package Booking',
      'Support',
    ]);
  });

  it('refuses a subject that is not on the list', () => {
    expect(Object.keys(issuesOf(ZContactSchema, { ...contact, subject: 'Spam' }))).toEqual(['subject']);
  });

  it('keeps an optional phone and drops a blank one', () => {
    expect(parseOk(ZContactSchema, { ...contact, phone: ' 0917 123 4567 ' }).phone).toBe('0917 123 4567');
    expect(parseOk(ZContactSchema, { ...contact, phone: '' }).phone).toBeUndefined();
  });
});

describe('ZCreateCustomerSchema', () => {
  const customer = { fullName: 'Ana Reyes', email: 'Ana@Example.PH', phone: '09171234567' };
  const initialBooking = {
    carId: '6f1c2b9e-3a44-4c55-9d0e-1b2c3d4e5f60',
    pickupDate: '2026-05-01',
    returnDate: '2026-05-04',
    total: '6500',
  };

  it('requires full name, email and phone', () => {
    expect(issuesOf(ZCreateCustomerSchema, {})).toEqual({
      fullName: ['Full name is required'],
      email: ['Valid email is required'],
      phone: ['Valid phone number is required'],
    });
  });

  it('treats address, license and license expiry as optional, blanks as absent', () => {
    expect(parseOk(ZCreateCustomerSchema, { ...customer, address: '', license: '  ', licenseExpiry: '' })).toEqual({
      fullName: 'Ana Reyes',
      email: 'ana@example.ph',
      phone: '09171234567',
      address: undefined,
      license: undefined,
      licenseExpiry: undefined,
    });
    expect(parseOk(ZCreateCustomerSchema, { ...customer, address: ' Alaminos ', license: 'N01', licenseExpiry: '2028-01-31' })).toMatchObject({
      address: 'Alaminos',
      license: 'N01',
      licenseExpiry: '2028-01-31',
    });
  });

  it('refuses a license expiry that is not a date', () => {
    expect(Object.keys(issuesOf(ZCreateCustomerSchema, { ...customer, licenseExpiry: '2028-02-30' }))).toEqual(['licenseExpiry']);
  });

  it('has no initial booking unless one is given', () => {
    expect(parseOk(ZCreateCustomerSchema, customer).initialBooking).toBeUndefined();
  });

  it('accepts an initial booking with car, dates and total, confirmed and in English by default', () => {
    expect(parseOk(ZCreateCustomerSchema, { ...customer, initialBooking }).initialBooking).toEqual({
      ...initialBooking,
      total: '6500.00',
      status: 'confirmed',
      locale: 'en',
    });
  });

  it('takes the renter’s language for the initial booking, one of the site’s', () => {
    expect(parseOk(ZCreateCustomerSchema, { ...customer, initialBooking: { ...initialBooking, locale: 'fil' } }).initialBooking?.locale).toBe('fil');
    expect(Object.keys(issuesOf(ZCreateCustomerSchema, { ...customer, initialBooking: { ...initialBooking, locale: 'tl' } }))).toEqual(['initialBooking.locale']);
  });

  it.each(['carId', 'pickupDate', 'returnDate', 'total'] as const)('refuses an initial booking without %s', (field) => {
    const partial: Record<string, unknown> = { ...initialBooking };
    delete partial[field];
    expect(Object.keys(issuesOf(ZCreateCustomerSchema, { ...customer, initialBooking: partial }))).toEqual([`initialBooking.${field}`]);
  });

  it('refuses an initial booking whose return is not after pickup', () => {
    expect(issuesOf(ZCreateCustomerSchema, { ...customer, initialBooking: { ...initialBooking, returnDate: '2026-05-01' } })).toEqual({
      'initialBooking.returnDate': ['The return date must be at least one day after the pick-up date'],
    });
  });
});

describe('ZRequestUploadSchema', () => {
  it('asks for an upload of no kind when the body is empty (the spec client sends none)', () => {
    expect(parseOk(ZRequestUploadSchema, {})).toEqual({});
  });

  it('accepts a car image with its type and size', () => {
    expect(parseOk(ZRequestUploadSchema, { kind: 'car-image', contentType: 'image/webp', size: 1024 })).toEqual({
      kind: 'car-image',
      contentType: 'image/webp',
      size: 1024,
    });
  });

  it.each([
    [{ kind: 'avatar' }, 'kind'],
    [{ contentType: 'text/html' }, 'contentType'],
    [{ contentType: 'image/svg+xml' }, 'contentType'],
    [{ size: 0 }, 'size'],
    [{ size: 1.5 }, 'size'],
  ])('refuses %j', (input, field) => {
    expect(Object.keys(issuesOf(ZRequestUploadSchema, input))).toEqual([field]);
  });

  it('limits documents to JPG, PNG or PDF up to 5 MB and car images to JPG, PNG or WebP up to 10 MB', () => {
    expect(DOCUMENT_MAX_BYTES).toBe(5_242_880);
    expect(CAR_IMAGE_MAX_BYTES).toBe(10_485_760);
    expect([...UPLOAD_RULES.document.types].sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect([...UPLOAD_RULES['car-image'].types].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(UPLOAD_RULES.document.maxBytes).toBe(DOCUMENT_MAX_BYTES);
    expect(UPLOAD_RULES['car-image'].maxBytes).toBe(CAR_IMAGE_MAX_BYTES);
  });
});

describe('sniffContentType (magic bytes)', () => {
  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'image/png'],
    ['PDF', bytes('%PDF-1.7\n%'), 'application/pdf'],
    ['WebP', bytes('RIFF', [0x24, 0x08, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s', (_name, head, type) => {
    expect(sniffContentType(head)).toBe(type);
  });

  it.each([
    ['HTML', bytes('<!DOCTYPE html><html>')],
    ['HTML without doctype', bytes('<html><script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['XML-declared SVG', bytes('<?xml version="1.0"?><svg>')],
    ['Windows EXE', bytes('MZ', [0x90, 0x00, 0x03, 0x00])],
    ['ELF binary', bytes([0x7f], 'ELF', [2, 1, 1, 0])],
    ['GIF', bytes('GIF89a')],
    ['WAV (RIFF but not WebP)', bytes('RIFF', [0x24, 0x08, 0, 0], 'WAVEfmt ')],
    ['AVI (RIFF but not WebP)', bytes('RIFF', [0x24, 0x08, 0, 0], 'AVI LIST')],
    ['RIFF without a form type', bytes('RIFF', [0x24, 0x08, 0, 0])],
    ['a PNG signature cut short', bytes([0x89], 'PNG')],
    ['a JPEG start cut short', bytes([0xff, 0xd8])],
    ['empty input', new Uint8Array()],
    ['text that merely mentions PDF', bytes(' %PDF-1.7')],
  ])('gives null for %s', (_name, head) => {
    expect(sniffContentType(head)).toBeNull();
  });
});

describe('line breaks and control characters in text fields', () => {
  const ONE_LINE = messages.validation.oneLine;
  const CONTROL = messages.validation.controlCharacter;
  const contact = { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hello' };
  const renter = {
    fullName: 'Ana Reyes',
    email: 'ana@example.com',
    phone: '09171234567',
    photoId1Url: '/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a11',
    photoId2Url: '/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a12',
    proofOfBillingUrl: '/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a13',
  };
  const rental = { carId: '00000000-0000-4000-8000-000000000000', pickupDate: '2030-01-10', returnDate: '2030-01-12' };
  const booking = (customer: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ customer: { ...renter, ...customer }, booking: { ...rental, ...extra } });
  const car = { name: 'Vios', category: 'Compact Sedan', dailyRate: '2000', image: 'vios.jpg' };

  /** Every one-line field of the shared schemas: where an injected line break is refused. */
  const oneLineFields: Array<[string, z.ZodType, (value: string) => unknown, string]> = [
    ['contact first name', ZContactSchema, (value) => ({ ...contact, firstName: value }), 'firstName'],
    ['contact last name', ZContactSchema, (value) => ({ ...contact, lastName: value }), 'lastName'],
    ['contact phone', ZContactSchema, (value) => ({ ...contact, phone: value }), 'phone'],
    ['booking full name', ZCreateBookingSchema, (value) => booking({ fullName: value }), 'customer.fullName'],
    ['booking phone', ZCreateBookingSchema, (value) => booking({ phone: `0917${value}` }), 'customer.phone'],
    ['booking licence', ZCreateBookingSchema, (value) => booking({ license: value }), 'customer.license'],
    ['booking Facebook profile', ZCreateBookingSchema, (value) => booking({ facebookProfile: value }), 'customer.facebookProfile'],
    ['staff booking name', ZAdminCreateBookingSchema, (value) => ({ customerEmail: 'a@example.com', customerName: value, carName: 'Vios', pickupDate: '2030-01-10', returnDate: '2030-01-12' }), 'customerName'],
    ['staff booking car name', ZAdminCreateBookingSchema, (value) => ({ customerEmail: 'a@example.com', customerName: 'Ana Reyes', carName: value, pickupDate: '2030-01-10', returnDate: '2030-01-12' }), 'carName'],
    ['car name', ZCreateCarSchema, (value) => ({ ...car, name: value }), 'name'],
    ['car image', ZCreateCarSchema, (value) => ({ ...car, image: value }), 'image'],
    ['car mileage', ZUpdateCarSchema, (value) => ({ mileage: value }), 'mileage'],
    ['car plate number', ZUpdateCarSchema, (value) => ({ plateNumber: value }), 'plateNumber'],
    ['customer name', ZUpdateCustomerSchema, (value) => ({ fullName: value }), 'fullName'],
    ['customer licence', ZUpdateCustomerSchema, (value) => ({ license: value }), 'license'],
    ['blocked name', ZBlockNameSchema, (value) => ({ fullName: value }), 'fullName'],
    ['blocked by', ZBlockNameSchema, (value) => ({ fullName: 'Ana Reyes', blockedBy: value }), 'blockedBy'],
    ['name check', ZCheckNameSchema, (value) => ({ name: value }), 'name'],
    ['list search', ZListQuerySchema, (value) => ({ q: value }), 'q'],
  ];

  it.each(oneLineFields)('the %s refuses CR/LF inside it (a forged e-mail header)', (_label, schema, build, path) => {
    expect(issuesOf(schema, build('Eve\r\nBcc: x@victim\r\nX-Evil: 1'))[path]).toContain(ONE_LINE);
  });

  it.each(oneLineFields)('the %s refuses any control character or line separator', (_label, schema, build, path) => {
    fc.assert(
      fc.property(fc.constantFrom(...'\u0001\u0007\b\t\n\u000b\f\r\u001b\u007f\u0085\u009f\u2028\u2029'), (control) => {
        expect(issuesOf(schema, build(`Ana${control}Reyes55`))[path]).toContain(ONE_LINE);
      }),
    );
  });

  it('the e-mail address refuses a line break (it becomes Reply-To)', () => {
    expect(issuesOf(ZContactSchema, { ...contact, email: 'ana@example.com\r\nBcc: x@victim.example' }).email).toEqual([messages.validation.email]);
  });

  /** The free-text ones among them (phones, plates, odometers and picture names have shapes of their own). */
  const freeTextFields = oneLineFields.filter(([label]) => !/phone|image|mileage|plate/.test(label));

  it.each(freeTextFields)('the %s drops zero-width spaces, word joiners and byte order marks', (_label, schema, build, path) => {
    const parsed = parseOk(schema, build('Ana\u200B Reyes\u2060Cruz \uFEFF\u200B'));
    expect(path.split('.').reduce((at: any, key) => at?.[key], parsed)).toBe('Ana ReyesCruz');
  });

  it('keeps the zero-width joiners a name or an emoji needs', () => {
    expect(parseOk(ZBlockNameSchema, { fullName: 'Ana \u200C\u200D Reyes' }).fullName).toBe('Ana \u200C\u200D Reyes');
  });

  it('a trailing line break is trimmed away like any other outer space', () => {
    expect(parseOk(ZContactSchema, { ...contact, firstName: 'Ana\r\n' }).firstName).toBe('Ana');
  });

  /** Every multi-line field (a Textarea in the forms): line breaks and tabs stay, other control characters do not. */
  const multiLineFields: Array<[string, z.ZodType, (value: string) => unknown, (parsed: any) => unknown, string]> = [
    ['enquiry message', ZContactSchema, (value) => ({ ...contact, message: value }), (p) => p.message, 'message'],
    ['car description', ZUpdateCarSchema, (value) => ({ description: value }), (p) => p.description, 'description'],
    ['delivery address', ZCreateBookingSchema, (value) => booking({}, { wantsDelivery: true, deliveryArea: 'alaminos_city', deliveryAddress: value }), (p) => p.booking.deliveryAddress, 'booking.deliveryAddress'],
    ['customer address', ZUpdateCustomerSchema, (value) => ({ address: value }), (p) => p.address, 'address'],
    ['blocking reason', ZBlockNameSchema, (value) => ({ fullName: 'Ana Reyes', reason: value }), (p) => p.reason, 'reason'],
    ['payment note', ZAddPaymentSchema, (value) => ({ amount: '100', note: value }), (p) => p.note, 'note'],
    ['document request note', ZRequestDocumentSchema, (value) => ({ field: 'photoId1Url', note: value }), (p) => p.note, 'note'],
  ];

  it.each(multiLineFields)('the %s keeps line breaks and tabs', (_label, schema, build, read) => {
    expect(read(parseOk(schema, build('Line one\r\nLine two\n\tindented')))).toBe('Line one\r\nLine two\n\tindented');
  });

  it.each(multiLineFields)('the %s refuses other control characters', (_label, schema, build, _read, path) => {
    for (const control of ['\u0007', '\u001b[31m', '\u007f', '\u0085', '\b']) {
      expect(issuesOf(schema, build(`Line one${control}two`))[path]).toContain(CONTROL);
    }
  });
});

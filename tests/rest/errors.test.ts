import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, daysFromToday, fileBytes, firstCarId, upload, uploadDocuments } from '../utils/fixtures';
import { messages } from '../../src/shared/messages';
import { DOCUMENT_MAX_BYTES } from '../../src/shared/schemas/upload.schema';
import { z } from 'zod';
import { MAX_ISSUES, refuseMalformedText, zodIssues } from '../../src/server/errors';
import { createHarness, type Harness } from '../utils/harness';
import {
  LEAK_PATTERN,
  SPEC,
  askUpload,
  availableCar,
  book,
  bookOk,
  call,
  expectUnchangedBy,
  listCars,
  putFile,
  renter,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const staff = { staff: true } as const;
const FIVE_MB = 5 * 1024 * 1024;

/** A valid booking payload for car #index with fresh documents. */
async function validPayload(index: number, booking: Record<string, unknown> = {}) {
  const car = await availableCar(h, index);
  const documents = await uploadDocuments(h);
  return bookingPayload(car.id, documents, { customer: renter('errors'), booking });
}

describe('400: bad input is refused and leaves the database unchanged', () => {
  it('malformed JSON answers 400 with a plain message', async () => {
    await expectUnchangedBy(h, async () => {
      for (const path of ['/api/bookings', '/api/contact', '/api/admin/cars', '/api/admin/blocked-names']) {
        const answer = await call(h, 'POST', path, undefined, { raw: '{"customer": {"fullName": "Ana"', ...staff });
        expect(answer.status, path).toBe(400);
        expect(answer.body).toEqual({ message: 'The request body is not valid JSON' });
      }
    });
  });

  it('wrong types answer 400 with an issue per field', async () => {
    const payload = await validPayload(0);
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', {
        customer: { ...payload.customer, fullName: 42, email: 'not-an-email', phone: true },
        booking: { ...payload.booking, carId: 123, pickupDate: '10/12/2026', wantsDelivery: 'yes', driverService: 'chauffeur' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
      const paths = (answer.body.issues as Array<{ path: string; message: string }>).map((issue) => issue.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'customer.fullName',
          'customer.email',
          'customer.phone',
          'booking.carId',
          'booking.pickupDate',
          'booking.wantsDelivery',
          'booking.driverService',
        ]),
      );
      expect(answer.body.issues).toContainEqual({ path: 'customer.email', message: 'Valid email is required' });
    });
  });

  it('a value of the wrong type is told the type expected, not that the field is required; a field left out is required (English and Filipino)', async () => {
    const payload = await validPayload(0);
    await expectUnchangedBy(h, async () => {
      const wrongTypes = {
        customer: { ...payload.customer, fullName: 5, email: 5, phone: true },
        booking: { ...payload.booking, pickupDate: 20271212, wantsDelivery: 'yes' },
      };
      const english = await call(h, 'POST', '/api/bookings', wrongTypes);
      expect(english.status).toBe(400);
      expect(english.body.issues).toEqual([
        { path: 'customer.fullName', message: 'Expected string, received number' },
        { path: 'customer.email', message: 'Expected string, received number' },
        { path: 'customer.phone', message: 'Expected string, received boolean' },
        { path: 'booking.pickupDate', message: 'Expected string, received number' },
        { path: 'booking.wantsDelivery', message: 'Expected boolean, received string' },
      ]);
      // An array has a length, but is told only its type, not also that it is too short.
      const arrays = { customer: { ...payload.customer, fullName: ['Maria'], phone: ['0917 123 4567'] }, booking: payload.booking };
      expect((await call(h, 'POST', '/api/bookings', arrays)).body.issues).toEqual([
        { path: 'customer.fullName', message: 'Expected string, received array' },
        { path: 'customer.phone', message: 'Expected string, received array' },
      ]);
      const filipino = await call(h, 'POST', '/api/bookings', wrongTypes, { headers: { 'accept-language': 'fil' } });
      expect(filipino.body.issues).toContainEqual({ path: 'customer.fullName', message: 'Dapat string, hindi number' });

      // A field's own message still says it is required when it is left out or null.
      const absent = await call(h, 'POST', '/api/bookings', { customer: { ...payload.customer, fullName: null }, booking: { carId: payload.booking.carId } });
      expect(absent.body.issues).toEqual([
        { path: 'customer.fullName', message: 'Full name is required' },
        { path: 'booking.pickupDate', message: 'Pick-up date is required' },
        { path: 'booking.returnDate', message: 'Return date is required' },
      ]);
      // Fields without a message of their own: required when left out, the type otherwise.
      expect((await call(h, 'POST', '/api/bookings', {})).body.issues).toEqual([
        { path: 'customer', message: 'This field is required' },
        { path: 'booking', message: 'This field is required' },
      ]);
      expect((await call(h, 'POST', '/api/my-booking', {}, { headers: { 'accept-language': 'fil' } })).body.issues).toEqual([{ path: 'token', message: 'Kailangang sagutan ito' }]);
      expect((await call(h, 'POST', '/api/objects/upload', { size: null })).body.issues).toEqual([{ path: 'size', message: 'Expected number, received null' }]);
      expect((await call(h, 'GET', '/api/admin/bookings?limit=abc&offset=1.5', undefined, staff)).body.issues).toEqual([
        { path: 'limit', message: 'Expected a number' },
        { path: 'offset', message: 'Expected integer, received number' },
      ]);
    });
  });

  it('a field that breaks two of its rules with one message is named once', async () => {
    // "=1+1" is both too short and not a phone number: the rules share their message.
    const answer = await call(h, 'POST', '/api/admin/customers', { fullName: 'Twice Refused', email: 'twice@example.com', phone: '=1+1' }, { staff: true });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'phone', message: messages.validation.phone }]);
  });

  it('missing fields answer 400 with the spec’s messages', async () => {
    await expectUnchangedBy(h, async () => {
      const empty = await call(h, 'POST', '/api/bookings', {});
      expect(empty.status).toBe(400);
      expect(empty.body.issues.map((i: any) => i.path)).toEqual(expect.arrayContaining(['customer', 'booking']));

      const payload = await validPayload(0);
      const blank = await call(h, 'POST', '/api/bookings', {
        customer: { ...payload.customer, fullName: ' ', phone: '123' },
        booking: { carId: payload.booking.carId, pickupDate: '', returnDate: '' },
      });
      expect(blank.status).toBe(400);
      expect(blank.body.issues).toEqual(
        expect.arrayContaining([
          { path: 'customer.fullName', message: 'Full name is required' },
          { path: 'customer.phone', message: 'Valid phone number is required' },
          { path: 'booking.pickupDate', message: 'Pick-up date is required' },
          { path: 'booking.returnDate', message: 'Return date is required' },
        ]),
      );
      const noBodyAtAll = await call(h, 'POST', '/api/admin/blocked-names', undefined, staff);
      expect(noBodyAtAll.status).toBe(400);
      expect(noBodyAtAll.body.issues).toContainEqual({ path: 'fullName', message: 'Full name is required' });
    });
  });

  it('delivery without an address or area answers 400', async () => {
    const payload = await validPayload(0, { wantsDelivery: true, deliveryAddress: '' });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', payload);
      expect(answer.status).toBe(400);
      expect(answer.body.issues.map((i: any) => i.path)).toEqual(expect.arrayContaining(['booking.deliveryAddress', 'booking.deliveryArea']));
    });
  });

  it('missing documents answer 400 "Please upload both Photo IDs and Proof of Billing before submitting your booking."', async () => {
    const payload = await validPayload(0);
    await expectUnchangedBy(h, async () => {
      const none = await call(h, 'POST', '/api/bookings', { ...payload, customer: { ...payload.customer, photoId1Url: undefined, photoId2Url: undefined, proofOfBillingUrl: undefined } });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe(SPEC.documentsRequired);
      const oneMissing = await call(h, 'POST', '/api/bookings', { ...payload, customer: { ...payload.customer, proofOfBillingUrl: undefined } });
      expect(oneMissing.status).toBe(400);
      expect(oneMissing.body.message).toBe(SPEC.documentsRequired);
      expect(oneMissing.body.issues).toEqual([{ path: 'customer.proofOfBillingUrl', message: SPEC.documentsRequired }]);
    });
  });

  it('documents that were never uploaded, not yet stored, or of the wrong kind answer 400', async () => {
    const payload = await validPayload(0);
    const notStored = (await askUpload(h)).body.objectPath;
    const carImage = await upload(h, fileBytes('png', 300), { kind: 'car-image', contentType: 'image/png', staff: true });
    await expectUnchangedBy(h, async () => {
      for (const [name, value] of [
        ['never uploaded', '/objects/private/00000000-0000-4000-8000-000000000000'],
        ['not stored', notStored],
        ['a car image', carImage],
        ['an outside URL', 'https://evil.example/id.png'],
      ] as const) {
        const answer = await call(h, 'POST', '/api/bookings', { ...payload, customer: { ...payload.customer, photoId2Url: value } });
        expect(answer.status, name).toBe(400);
      }
    });
  });

  it('a document already attached to another customer is refused (400), not taken over', async () => {
    const car = await availableCar(h, 1);
    const first = await bookOk(h, car.id, { booking: { pickupDate: daysFromToday(30), returnDate: daysFromToday(31) } });
    const payload = await validPayload(1, { pickupDate: daysFromToday(40), returnDate: daysFromToday(41) });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', { ...payload, customer: { ...payload.customer, photoId1Url: first.customer.photoId1Url } });
      expect(answer.status).toBe(400);
    });
  });

  it('a pickup date in the past answers 400', async () => {
    const payload = await validPayload(0, { pickupDate: daysFromToday(-1), returnDate: daysFromToday(2) });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', payload);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toContainEqual({ path: 'booking.pickupDate', message: 'The pick-up date cannot be in the past' });
    });
  });

  it('a date of the right form that is no day on the calendar (February 30th) is told so, not to use the form it has', async () => {
    const noSuchDay = { message: 'There is no such day on the calendar: check the day and the month' };
    const payload = await validPayload(0, { pickupDate: '2027-02-30', returnDate: '2027-03-02' });
    await expectUnchangedBy(h, async () => {
      expect((await call(h, 'POST', '/api/bookings', payload)).body.issues).toEqual([{ path: 'booking.pickupDate', ...noSuchDay }]);
      expect((await call(h, 'GET', '/api/cars?pickupDate=2027-02-27&returnDate=2027-02-29')).body.issues).toEqual([{ path: 'returnDate', ...noSuchDay }]);
      expect((await call(h, 'GET', '/api/admin/schedule?date=2027-13-01', undefined, staff)).body.issues).toEqual([{ path: 'date', ...noSuchDay }]);
      // Another form is still told the form.
      expect((await call(h, 'GET', '/api/admin/schedule?date=2027/02/03', undefined, staff)).body.issues).toEqual([{ path: 'date', message: 'Use a date in the form YYYY-MM-DD' }]);
      const filipino = await call(h, 'GET', '/api/admin/schedule?date=2027-02-30', undefined, { ...staff, headers: { 'accept-language': 'fil' } });
      expect(filipino.body.issues).toEqual([{ path: 'date', message: 'Walang ganitong araw sa kalendaryo: tingnan ang araw at ang buwan' }]);
    });
  });

  it('an inverted or zero-day range answers 400 on returnDate', async () => {
    for (const [pickup, back] of [
      [12, 10],
      [12, 12],
    ]) {
      const payload = await validPayload(0, { pickupDate: daysFromToday(pickup!), returnDate: daysFromToday(back!) });
      await expectUnchangedBy(h, async () => {
        const answer = await call(h, 'POST', '/api/bookings', payload);
        expect(answer.status).toBe(400);
        expect(answer.body.issues).toContainEqual({ path: 'booking.returnDate', message: 'The return date must be at least one day after the pick-up date' });
      });
    }
  });

  it('a pickup more than 365 days ahead answers 400; exactly 365 is accepted', async () => {
    const far = await validPayload(0, { pickupDate: daysFromToday(366), returnDate: daysFromToday(368) });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', far);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toContainEqual({ path: 'booking.pickupDate', message: 'Bookings can start at most 365 days ahead' });
    });
    const edge = await validPayload(0, { pickupDate: daysFromToday(365), returnDate: daysFromToday(366) });
    expect((await call(h, 'POST', '/api/bookings', edge)).status).toBe(201);
  });

  it('a rental longer than the limit answers 400 instead of failing on the server, for renters and staff', async () => {
    const long = await validPayload(0, { pickupDate: daysFromToday(3), returnDate: daysFromToday(3 + 91) });
    const absurd = await validPayload(0, { pickupDate: daysFromToday(3), returnDate: '9999-12-31' });
    await expectUnchangedBy(h, async () => {
      for (const payload of [long, absurd]) {
        const answer = await call(h, 'POST', '/api/bookings', payload);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.issues.map((i: any) => i.path)).toEqual(['booking.returnDate']);
      }
      const car = await availableCar(h, 1);
      const staffBooking = await call(
        h,
        'POST',
        '/api/admin/bookings',
        { customerEmail: 'long.rental@example.com', customerName: 'Long Rental', carId: car.id, pickupDate: daysFromToday(3), returnDate: '9999-12-31', status: 'pending' },
        staff,
      );
      expect(staffBooking.status, JSON.stringify(staffBooking.body)).toBe(400);
      const pricey = await call(h, 'POST', '/api/admin/cars', { name: 'Gold Car', category: 'VIP SUV', dailyRate: '9999999999.99', image: 'vios.jpg' }, staff);
      expect(pricey.status, JSON.stringify(pricey.body)).toBe(400);
      expect(pricey.body.issues.map((i: any) => i.path)).toEqual(['dailyRate']);
    });
    const longest = await validPayload(0, { pickupDate: daysFromToday(3), returnDate: daysFromToday(3 + 90) });
    expect((await call(h, 'POST', '/api/bookings', longest)).status).toBe(201);
  });

  it('text with a NUL character answers 400, not 500, on every kind of write and search', async () => {
    const car = await availableCar(h, 2);
    const booking = await validPayload(2, { pickupDate: daysFromToday(5), returnDate: daysFromToday(6) });
    booking.customer.fullName = 'Nul\u0000 Renter';
    await expectUnchangedBy(h, async () => {
      for (const [method, path, body, options] of [
        ['POST', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hello\u0000there' }, {}],
        ['POST', '/api/bookings', booking, {}],
        ['GET', '/api/blocked-names/check?name=Juan%00Cruz', undefined, {}],
        ['GET', '/api/admin/bookings?q=a%00', undefined, staff],
        ['GET', '/api/admin/customers?q=a%00', undefined, staff],
        ['GET', '/api/admin/blocked-names?q=a%00', undefined, staff],
        ['POST', '/api/admin/blocked-names', { fullName: 'Nul\u0000 Name' }, staff],
        ['POST', '/api/admin/cars', { name: 'Nul\u0000 Car', category: 'Van', dailyRate: 1000, image: 'vios.jpg' }, staff],
        ['PUT', `/api/admin/cars/${car.id}`, { description: 'a\u0000b' }, staff],
      ] as const) {
        const answer = await call(h, method, path, body, options);
        expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body).toMatchObject({ message: expect.any(String) });
        expect(answer.body.requestId).toBeUndefined();
      }
      await expect(h.caller().contact.send({ firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hi\u0000' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
  });

  it('a line break in a one-line field answers 400 and nothing is stored or queued (no forged e-mail headers)', async () => {
    const forged = 'Eve\r\nBcc: x@victim.example\r\nX-Evil: 1';
    const booking = await validPayload(2, { pickupDate: daysFromToday(7), returnDate: daysFromToday(8) });
    await expectUnchangedBy(h, async () => {
      const contact = await call(h, 'POST', '/api/contact', { firstName: forged, lastName: 'Reyes', email: 'eve@example.com', message: 'Hello' });
      expect(contact.status).toBe(400);
      expect(contact.body).toEqual({ message: messages.errors.invalidInput, issues: [{ path: 'firstName', message: messages.validation.oneLine }] });

      const booked = await call(h, 'POST', '/api/bookings', { ...booking, customer: { ...booking.customer, fullName: forged } });
      expect(booked.status).toBe(400);
      expect(booked.body).toEqual({ message: messages.errors.invalidInput, issues: [{ path: 'customer.fullName', message: messages.validation.oneLine }] });

      await expect(h.caller().contact.send({ firstName: 'Eve', lastName: forged, email: 'eve@example.com', message: 'Hello' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
    // A message keeps its line breaks.
    const kept = await call(h, 'POST', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Line one\r\nLine two' });
    expect(kept.status).toBe(201);
  });

  it('a bidi override or isolate (which reorders the text after it, as in the garage’s e-mail subject) answers 400 and nothing is stored or queued', async () => {
    const booking = await validPayload(2, { pickupDate: daysFromToday(11), returnDate: daysFromToday(12) });
    await expectUnchangedBy(h, async () => {
      for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
        const booked = await call(h, 'POST', '/api/bookings', { ...booking, customer: { ...booking.customer, fullName: `Juan ${control}zurC aleD` } });
        expect(booked.status, `U+${control.codePointAt(0)!.toString(16)}`).toBe(400);
        expect(booked.body.issues).toEqual([{ path: 'customer.fullName', message: messages.validation.oneLine }]);
      }
      const contact = await call(h, 'POST', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Pay to \u202Eexe.hcraM' });
      expect(contact.status).toBe(400);
      expect(contact.body.issues).toEqual([{ path: 'message', message: messages.validation.controlCharacter }]);
    });
    // Right-to-left text itself, and the marks that only hint a direction, are welcome.
    const kept = await call(h, 'POST', '/api/contact', { firstName: 'ليلى', lastName: 'Reyes\u200F', email: 'layla@example.com', message: 'مرحبا\u200E 2' });
    expect(kept.status).toBe(201);
  });

  it('text that is not well-formed Unicode answers 400, not 500, in bodies, keys, query strings, paths and tRPC inputs', async () => {
    const car = await availableCar(h, 2);
    const booking = await validPayload(2, { pickupDate: daysFromToday(9), returnDate: daysFromToday(10) });
    const contact = { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hello' };
    const malformed = { message: messages.errors.invalidInput, issues: expect.arrayContaining([expect.objectContaining({ message: messages.validation.malformedText })]) };
    await expectUnchangedBy(h, async () => {
      for (const [method, path, body, options] of [
        // JSON's \ud800 escape gives a lone surrogate: a booking stored it as U+FFFD, staff writes answered 500 (the audit log's jsonb refused it).
        ['POST', '/api/bookings', { ...booking, customer: { ...booking.customer, fullName: 'Ana \ud800 Reyes' } }, {}],
        ['POST', '/api/contact', { ...contact, message: 'Hi \udfff' }, {}],
        ['POST', '/api/contact', { ...contact, ['extra\ud83d']: 'a key' }, {}],
        ['POST', '/api/admin/blocked-names', { fullName: 'Ana \ud800 Reyes' }, staff],
        ['POST', '/api/admin/customers', { fullName: 'Ana \udc00 Reyes', email: 'lone@example.com', phone: '09171234567' }, staff],
        ['PUT', `/api/admin/cars/${car.id}`, { description: 'Roomy \ud800' }, staff],
        // %ED%A0%80 is a surrogate in UTF-8's form, %E2%82 a cut-off sequence: Hono kept them as typed.
        ['GET', '/api/blocked-names/check?name=Ana%ED%A0%80', undefined, {}],
        ['GET', '/api/blocked-names/check?name=Ana%E2%82', undefined, {}],
        ['GET', '/api/admin/customers?q=%ED%A0%80', undefined, staff],
        ['GET', '/api/cars/%ED%A0%80/booked-dates', undefined, {}],
      ] as const) {
        const answer = await call(h, method, path, body, options);
        expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body, `${method} ${path}`).toEqual(malformed);
      }
      const trpcMalformed = { error: { json: expect.objectContaining({ message: messages.errors.invalidInput, data: expect.objectContaining({ httpStatus: 400, issues: [expect.objectContaining({ message: messages.validation.malformedText })] }) }) } };
      const mutation = await call(h, 'POST', '/trpc/contact.send', undefined, { raw: JSON.stringify({ json: { ...contact, firstName: 'Ana\ud800' } }) });
      expect(mutation.status).toBe(400);
      expect(mutation.body).toEqual(trpcMalformed);
      const query = await call(h, 'GET', `/trpc/blocklist.check?input=${encodeURIComponent(JSON.stringify({ json: { name: 'Ana\ud800' } }))}`);
      expect(query.status).toBe(400);
      expect(query.body).toEqual(trpcMalformed);
      const escaped = await call(h, 'GET', `/trpc/blocklist.check?input=${encodeURIComponent('{"json":{"name":"Ana')}%ED%A0%80${encodeURIComponent('"}}')}`);
      expect(escaped.status).toBe(400);
      expect(escaped.body).toEqual(trpcMalformed);
      await expect(h.caller({ staff: true }).blocklist.block({ fullName: 'Ana \ud800 Reyes' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    });
  });

  it('tRPC answers broken or absurdly nested JSON with our 400 message, never a parser\'s', async () => {
    const parserWords = /JSON at position|Unterminated|Unexpected|call stack|token/i;
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await expectUnchangedBy(h, async () => {
      for (const [path, raw, message] of [
        ['/trpc/contact.send', '{"json":{"firstName":"Ana', messages.errors.malformedJson],
        ['/trpc/contact.send', '{"json":', messages.errors.malformedJson],
        ['/trpc/contact.send', deep, messages.errors.invalidInput],
        ['/trpc/contact.send', `{"json":${deep}}`, messages.errors.invalidInput],
        ['/trpc/contact.send', `{"json":{"firstName":"Ana"},"meta":{"values":${deep}}}`, messages.errors.invalidInput],
      ] as const) {
        const answer = await call(h, 'POST', path, undefined, { raw });
        expect(answer.status, raw.slice(0, 40)).toBe(400);
        expect(answer.body.error.json.message, raw.slice(0, 40)).toBe(message);
        expect(JSON.stringify(answer.body)).not.toMatch(parserWords);
      }
      for (const raw of ['{"0":{"json":{"firstName":"Ana', `{"0":{"json":{"firstName":"Ana"},"meta":{"values":${deep}}},"1":{"json":${deep}}}`]) {
        const batch = await call(h, 'POST', '/trpc/contact.send,contact.send?batch=1', undefined, { raw });
        expect(batch.status, raw.slice(0, 40)).toBe(400);
        expect(batch.body).toHaveLength(2);
        for (const item of batch.body) expect([messages.errors.malformedJson, messages.errors.invalidInput]).toContain(item.error.json.message);
        expect(JSON.stringify(batch.body)).not.toMatch(parserWords);
      }
      const query = await call(h, 'GET', `/trpc/blocklist.check?input=${encodeURIComponent(`{"json":{"name":"x"},"meta":{"values":${'['.repeat(5_000)}${']'.repeat(5_000)}}}`)}`);
      expect(query.status).toBe(400);
      expect(query.body.error.json.message).toBe(messages.errors.invalidInput);
      const broken = await call(h, 'GET', `/trpc/blocklist.check?input=${encodeURIComponent('{"json":')}`);
      expect(broken.status).toBe(400);
      expect(broken.body.error.json.message).toBe(messages.errors.malformedJson);
      // REST said so already
      const rest = await call(h, 'POST', '/api/contact', undefined, { raw: deep });
      expect(rest.status).toBe(400);
      expect(JSON.stringify(rest.body)).not.toMatch(parserWords);
    });
  });

  it('tRPC checks an input whose objects superjson repeats by reference once each: a few kilobytes cannot hold the server for seconds', async () => {
    // Each level names its one object under five keys (superjson's referentialEqualities): 2 KB of
    // input that reads as 5^12 objects when walked as a tree.
    const json: Record<string, unknown> = {};
    const referentialEqualities: Record<string, string[]> = {};
    let level: Record<string, unknown> = {};
    json.x = level;
    let path = 'x';
    for (let depth = 0; depth < 12; depth += 1) {
      const next: Record<string, unknown> = {};
      level.k0 = next;
      for (let key = 1; key < 5; key += 1) level[`k${key}`] = 0;
      referentialEqualities[`${path}.k0`] = [1, 2, 3, 4].map((key) => `${path}.k${key}`);
      path = `${path}.k0`;
      level = next;
    }
    const input = encodeURIComponent(JSON.stringify({ json, meta: { referentialEqualities } }));
    const answer = await call(h, 'GET', `/trpc/cars.byId?input=${input}`);
    expect(answer.status).toBe(400);

    // The check itself reads each object once, however many keys name it: the deepest object's
    // field, a getter that counts its reads, is read once (5^12 times walked as a tree).
    let reads = 0;
    const deepest = Object.defineProperty({}, 'name', { enumerable: true, get: () => ((reads += 1), 'Ana') });
    let shared: object = deepest;
    for (let depth = 0; depth < 12; depth += 1) shared = { k0: shared, k1: shared, k2: shared, k3: shared, k4: shared };
    refuseMalformedText({ x: shared });
    expect(reads).toBe(1);
  });

  it('tRPC refuses an input holding a Map or a Set, which no procedure takes, before superjson builds one: a large one cannot hold the server', async () => {
    // Each path of referentialEqualities into a Map walks its entries up to the one it names: 40,000
    // paths to the last of 40,000 entries are 1.6 billion steps.
    const size = 40_000;
    const json = { m: Array.from({ length: size }, (_, i) => [i, 0]), z: 0 };
    const meta = { values: { m: ['map'] }, referentialEqualities: { z: Array.from({ length: size - 1 }, () => `m.${size - 1}.1`) } };
    const answer = await call(h, 'POST', '/trpc/admin.logout', undefined, { raw: JSON.stringify({ json, meta }) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.json.message).toBe(messages.errors.invalidInput);
    for (const values of [{ name: ['set'] }, { name: ['Date'] }, { name: ['bigint'] }, [['class', 'X']]]) {
      const query = await call(h, 'GET', `/trpc/blocklist.check?input=${encodeURIComponent(JSON.stringify({ json: { name: 'Ana' }, meta: { values } }))}`);
      expect(query.status, JSON.stringify(values)).toBe(400);
    }
    // What a browser's inputs do carry: a field left undefined, a number JSON cannot write.
    const undefinedField = await call(h, 'GET', `/trpc/blocklist.check?input=${encodeURIComponent(JSON.stringify({ json: { name: 'Ana Reyes', extra: null }, meta: { values: { extra: ['undefined'] } } }))}`);
    expect(undefinedField.status).toBe(200);
  });

  it('a malformed id in a path answers 400', async () => {
    const answer = await call(h, 'PATCH', '/api/admin/bookings/12345/status', { status: 'confirmed' }, staff);
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((i: any) => i.path)).toContain('id');
  });

  it('one answer names the issues of the path, the query, the headers and the body together, not only those of the first part refused', async () => {
    const statuses = '"pending", "confirmed", "cancelled", "completed"';
    const both = await call(h, 'PATCH', '/api/admin/bookings/12345/status', { status: 'done' }, staff);
    expect(both.body.issues).toEqual([
      { path: 'id', message: 'Expected a UUID' },
      { path: 'status', message: `Expected one of: ${statuses}` },
    ]);
    await expectUnchangedBy(h, async () => {
      const booking = await call(h, 'POST', '/api/bookings', { customer: {} }, { headers: { 'idempotency-key': 'two words' } });
      expect(booking.body.issues.map((issue: { path: string }) => issue.path)).toEqual(expect.arrayContaining(['customer.fullName', 'booking', 'idempotency-key']));
    });
  });
});

describe('403', () => {
  it('a blocked name cannot book: 403 with the spec’s message, nothing stored', async () => {
    expect((await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Vicente Blocked' }, staff)).status).toBe(201);
    for (const fullName of ['Vicente Blocked', '  vicente   BLOCKED ', 'Vicénte Blocked']) {
      const payload = await validPayload(2, { pickupDate: daysFromToday(50), returnDate: daysFromToday(52) });
      await expectUnchangedBy(h, async () => {
        const answer = await call(h, 'POST', '/api/bookings', { ...payload, customer: { ...payload.customer, fullName } });
        expect(answer.status, fullName).toBe(403);
        expect(answer.body).toEqual({ message: SPEC.blocked });
      });
    }
    const car = await availableCar(h, 2);
    expect((await call(h, 'GET', `/api/cars/${car.id}/booked-dates`)).body).toEqual([]);
  });

  it('a write whose Origin names another site answers 403, nothing stored', async () => {
    const payload = await validPayload(2, { pickupDate: daysFromToday(60), returnDate: daysFromToday(61) });
    await expectUnchangedBy(h, async () => {
      const booking = await call(h, 'POST', '/api/bookings', payload, { headers: { origin: 'https://evil.example' } });
      expect(booking.status).toBe(403);
      const contact = await call(h, 'POST', '/api/contact', { firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'hi' }, { headers: { origin: 'https://evil.example' } });
      expect(contact.status).toBe(403);
      const withToken = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Origin Test' }, { ...staff, headers: { origin: 'http://localhost.evil.example' } });
      expect(withToken.status).toBe(403);
      const nullOrigin = await call(h, 'POST', '/api/contact', { firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'hi' }, { headers: { origin: 'null' } });
      expect(nullOrigin.status).toBe(403);
    });
    // the site's own origin is fine
    const same = await call(h, 'POST', '/api/contact', { firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'hi' }, { headers: { origin: 'http://localhost' } });
    expect(same.status).toBe(201);
  });
});

describe('404', () => {
  it('unknown records answer 404 JSON, nothing stored', async () => {
    const payload = await validPayload(0);
    const missing = '00000000-0000-4000-8000-000000000000';
    await expectUnchangedBy(h, async () => {
      const booking = await call(h, 'POST', '/api/bookings', { ...payload, booking: { ...payload.booking, carId: missing } });
      expect(booking.status).toBe(404);
      expect(booking.body).toEqual({ message: expect.any(String) });
      for (const [method, path, body] of [
        ['GET', `/api/admin/bookings/${missing}`, undefined],
        ['GET', `/api/admin/bookings/${missing}/payments`, undefined],
        ['PATCH', `/api/admin/bookings/${missing}/dates`, { pickupDate: daysFromToday(5), returnDate: daysFromToday(6) }],
        ['PATCH', `/api/admin/bookings/${missing}/email`, { email: 'nobody.here@example.com' }],
        ['GET', `/api/admin/customers/${missing}`, undefined],
        ['PUT', `/api/admin/customers/${missing}`, { phone: '0917 000 0000' }],
        ['PUT', `/api/customers/${missing}/documents`, await uploadDocuments(h)],
        ['DELETE', `/api/admin/blocked-names/${missing}`, undefined],
      ] as const) {
        const answer = await call(h, method, path, body, staff);
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
    });
  });
});

describe('405', () => {
  it('a documented path asked with a method it does not take answers 405 naming those it takes (Allow), changing nothing; an unknown path is 404', async () => {
    await expectUnchangedBy(h, async () => {
      for (const [method, path, allowed] of [
        ['DELETE', '/api/cars', 'GET, HEAD'],
        ['PUT', '/api/bookings', 'POST'],
        ['GET', '/api/admin/bookings/00000000-0000-4000-8000-000000000000/payment', 'PATCH'],
        ['POST', '/api/openapi.json', 'GET, HEAD'],
        ['PATCH', '/api/admin/staff', 'GET, HEAD, POST'],
      ] as const) {
        const answer = await call(h, method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, staff);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get('allow'), `${method} ${path}`).toBe(allowed);
        expect(answer.body).toEqual({ message: messages.errors.methodNotAllowed({ method, allowed }) });
      }
    });
    const unknown = await call(h, 'DELETE', '/api/no-such-path', undefined, staff);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('allow')).toBeNull();
  });
});

describe('409', () => {
  it('overlapping dates answer 409 "Those dates are no longer available for this car", nothing stored', async () => {
    const car = await availableCar(h, 3);
    await bookOk(h, car.id, { booking: { pickupDate: daysFromToday(20), returnDate: daysFromToday(23) } });
    // sharing only the return day still conflicts: both ends are occupied days
    for (const [pickup, back] of [
      [21, 22],
      [18, 20],
      [23, 25],
      [15, 30],
    ]) {
      const payload = await validPayload(3, { pickupDate: daysFromToday(pickup!), returnDate: daysFromToday(back!) });
      await expectUnchangedBy(h, async () => {
        const answer = await call(h, 'POST', '/api/bookings', payload);
        expect(answer.status, `${pickup}..${back}`).toBe(409);
        expect(answer.body).toEqual({ message: SPEC.datesTaken });
      });
    }
    // the next day is free, and the documents of a refused booking were not used up
    const refused = await validPayload(3, { pickupDate: daysFromToday(22), returnDate: daysFromToday(24) });
    expect((await call(h, 'POST', '/api/bookings', refused)).status).toBe(409);
    const after = await call(h, 'POST', '/api/bookings', { ...refused, booking: { ...refused.booking, pickupDate: daysFromToday(24), returnDate: daysFromToday(25) } });
    expect(after.status).toBe(201);
    // attached under a sealed path of its own, not the address it was uploaded to
    expect(after.body.customer.photoId1Url).toMatch(/^\/objects\/private\/[0-9a-f-]{36}$/);
    expect(after.body.customer.photoId1Url).not.toBe(refused.customer.photoId1Url);
  });

  it('an unavailable car answers 409, nothing stored', async () => {
    const unavailable = (await listCars(h)).find((car) => !car.available);
    expect(unavailable).toBeDefined();
    const documents = await uploadDocuments(h);
    const payload = bookingPayload(unavailable!.id, documents, { customer: renter('errors') });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', payload);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: expect.any(String) });
    });
  });

  it('at most one of several simultaneous requests for the same days succeeds; the rest get 409', async () => {
    const car = await availableCar(h, 4);
    const payloads = await Promise.all(
      Array.from({ length: 5 }, (_, i) => validPayload(4, { pickupDate: daysFromToday(70 + (i % 2)), returnDate: daysFromToday(73) })),
    );
    const answers = await Promise.all(payloads.map((payload) => call(h, 'POST', '/api/bookings', payload)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toEqual({ message: SPEC.datesTaken });
    expect((await call(h, 'GET', `/api/cars/${car.id}/booked-dates`)).body).toHaveLength(1);
  });
});

describe('413: bodies and files too large', () => {
  it('a 5 MB JSON body answers 413 before it is read, nothing stored', async () => {
    const big = JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'x'.repeat(FIVE_MB) });
    await expectUnchangedBy(h, async () => {
      const declared = await call(h, 'POST', '/api/contact', undefined, { raw: big });
      expect(declared.status).toBe(413);
      expect(declared.body).toEqual({ message: expect.any(String) });
      // streamed without a Content-Length: counted as it arrives
      const response = await h.app.request('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: big });
      expect(response.status).toBe(413);
      const admin = await call(h, 'POST', '/api/admin/cars', undefined, { ...staff, raw: big });
      expect(admin.status).toBe(413);
    });
  });

  it('over a real socket too: a body streamed without a length is counted as it arrives (413 past 1 MiB), one within it is read whole', async () => {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const port = (server.address() as AddressInfo).port;
    /**
     * POSTs `body` in chunks of `size` bytes with Transfer-Encoding: chunked (no Content-Length). A server
     * that refuses the body answers before reading the rest and closes the connection, so the
     * client's writing may fail after the answer came: only an error before it counts.
     */
    const chunked = (path: string, body: string, size = 65_536) =>
      new Promise<{ status: number; json: unknown }>((resolve, reject) => {
        let answered = false;
        const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
          answered = true;
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString('utf8') || 'null') }));
        });
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        const bytes = Buffer.from(body);
        for (let at = 0; at < bytes.length; at += size) req.write(bytes.subarray(at, at + size));
        req.end();
      });
    try {
      await expectUnchangedBy(h, async () => {
        const big = JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'x'.repeat(2 * 1024 * 1024) });
        expect(await chunked('/api/contact', big)).toEqual({ status: 413, json: { message: expect.any(String) } });
        expect((await chunked('/api/bookings', '{"customer": {')).status).toBe(400);
      });
      // In pieces of 7 bytes, so some split a two-byte character: decoded once whole.
      const small = { firstName: 'Ana', lastName: 'Peña', email: 'ana@example.com', message: `Streamed ${'ñ'.repeat(300)} enquiry` };
      expect((await chunked('/api/contact', JSON.stringify(small), 7)).status).toBe(201);
      const [stored] = await h.orm.em.fork().getConnection().execute<Array<{ message: string }>>(`select message from contact_message where last_name = 'Peña' order by created_at desc limit 1`);
      expect(stored?.message).toBe(small.message);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a 6 MB document PUT answers 413 and stores nothing', async () => {
    const ask = await askUpload(h, { kind: 'document' });
    await expectUnchangedBy(h, async () => {
      const streamed = await putFile(h, ask.body.uploadURL, fileBytes('png', 6 * 1024 * 1024), 'image/png');
      expect(streamed.status).toBe(413);
      const declared = await putFile(h, ask.body.uploadURL, fileBytes('png', 6 * 1024 * 1024), 'image/png', { declareLength: true });
      expect(declared.status).toBe(413);
    });
    expect((await call(h, 'POST', '/api/objects/check', { objectPath: ask.body.objectPath })).status).toBe(400);
    expect((await call(h, 'GET', ask.body.objectPath, undefined, staff)).status).toBe(404);
    // a document of exactly 5 MB is fine
    const fits = await askUpload(h, { kind: 'document' });
    expect((await putFile(h, fits.body.uploadURL, fileBytes('pdf', 5_242_880), 'application/pdf')).status).toBe(200);
  });

  it('an address signed for a size takes a file of that size only (403 for other bytes, as S3 does), storing nothing', async () => {
    const ask = await askUpload(h, { kind: 'document', contentType: 'image/png', size: 3000 });
    await expectUnchangedBy(h, async () => {
      for (const size of [2999, 3001]) {
        const put = await putFile(h, ask.body.uploadURL, fileBytes('png', size), 'image/png');
        expect(put.status, `${size} bytes`).toBe(403);
        expect(put.body).toEqual({ message: messages.errors.uploadSignature });
      }
    });
    expect((await putFile(h, ask.body.uploadURL, fileBytes('png', 3000), 'image/png')).status).toBe(200);
  });

  it('a stranger’s bare upload address takes a document’s 5 MB at most (413 for 6 MB): only staff attach car pictures', async () => {
    const bare = await askUpload(h);
    expect(Number(new URL(bare.body.uploadURL).searchParams.get('max'))).toBe(DOCUMENT_MAX_BYTES);
    await expectUnchangedBy(h, async () => {
      expect((await putFile(h, bare.body.uploadURL, fileBytes('png', 6 * 1024 * 1024), 'image/png')).status).toBe(413);
    });
    expect((await askUpload(h, { size: 6 * 1024 * 1024 })).status).toBe(413);
  });

  it('staff’s bare upload address takes up to 10 MB; a 6 MB file sent there is refused as a document when a booking names it (400)', async () => {
    const bare = await askUpload(h, {}, staff);
    expect((await putFile(h, bare.body.uploadURL, fileBytes('png', 6 * 1024 * 1024), 'image/png')).status).toBe(200);
    const documents = await uploadDocuments(h);
    await expectUnchangedBy(h, async () => {
      const payload = bookingPayload(await firstCarId(h), { ...documents, photoId1Url: bare.body.objectPath }, { booking: { pickupDate: daysFromToday(333), returnDate: daysFromToday(335) } });
      const booking = await call(h, 'POST', '/api/bookings', payload);
      expect(booking.status).toBe(400);
      expect(booking.body.message).toBe(messages.errors.documentSize);
    });
    const tooBig = await askUpload(h, {}, staff);
    expect((await putFile(h, tooBig.body.uploadURL, fileBytes('png', 11 * 1024 * 1024), 'image/png')).status).toBe(413);
  });

  it('an 11 MB car image answers 413 (asked for or PUT)', async () => {
    const tooBig = await askUpload(h, { kind: 'car-image', contentType: 'image/jpeg', size: 11 * 1024 * 1024 }, staff);
    expect(tooBig.status).toBe(413);
    const ask = await askUpload(h, { kind: 'car-image', contentType: 'image/jpeg' }, staff);
    expect(ask.status).toBe(200);
    await expectUnchangedBy(h, async () => {
      const put = await putFile(h, ask.body.uploadURL, fileBytes('jpeg', 11 * 1024 * 1024), 'image/jpeg');
      expect(put.status).toBe(413);
    });
    expect((await call(h, 'GET', ask.body.objectPath)).status).toBe(404);
    // and it cannot become a car's picture
    await expectUnchangedBy(h, async () => {
      const car = await call(h, 'POST', '/api/admin/cars', { name: 'Huge Picture', category: 'Compact Sedan', dailyRate: 2000, image: ask.body.objectPath }, staff);
      expect(car.status).toBe(400);
    });
  });
});

describe('400: pictures no browser should be asked to open', () => {
  const TOO_MANY_PIXELS = 'Pictures must be at most 16,384 pixels wide and high, and 100 megapixels in all. Please resize the picture or take a smaller photo.';

  it('a picture declaring more pixels than a browser should open (a decompression bomb) is refused at PUT (400) and stored nowhere', async () => {
    const cases = [
      { kind: 'png', width: 50_000, height: 50_000, ask: { kind: 'document', contentType: 'image/png' }, options: {} },
      { kind: 'jpeg', width: 20_000, height: 100, ask: { kind: 'document', contentType: 'image/jpeg' }, options: {} },
      // 108 megapixels, each side within 16,384.
      { kind: 'png', width: 12_000, height: 9_000, ask: undefined, options: {} },
      { kind: 'webp', width: 16_384, height: 16_384, ask: { kind: 'car-image', contentType: 'image/webp' }, options: staff },
    ] as const;
    for (const { kind, width, height, ask: declared, options } of cases) {
      const ask = await askUpload(h, declared, options);
      expect(ask.status).toBe(200);
      await expectUnchangedBy(h, async () => {
        const put = await putFile(h, ask.body.uploadURL, fileBytes(kind, 600, { width, height }), `image/${kind}`);
        expect(put.status, `${kind} ${width}x${height}`).toBe(400);
        expect(put.body).toEqual({ message: TOO_MANY_PIXELS });
      });
      expect((await call(h, 'GET', ask.body.objectPath, undefined, staff)).status).toBe(404);
    }
  });

  it('in Filipino, the refusal says the same', async () => {
    const ask = await askUpload(h);
    const put = await putFile(h, ask.body.uploadURL, fileBytes('png', 600, { width: 50_000, height: 50_000 }), 'image/png', { headers: { 'accept-language': 'fil' } });
    expect(put.body.message).toBe('Hanggang 16,384 pixel lang ang lapad at taas ng larawan, at 100 megapixel lahat-lahat. Paliitin ang larawan o kumuha ng mas maliit na litrato.');
  });

  it('a phone’s full-size photo (8,160 × 6,120) and a picture of 16,384 pixels a side within 100 megapixels are accepted', async () => {
    for (const [kind, width, height] of [['jpeg', 8_160, 6_120], ['png', 16_384, 6_000], ['png', 6_000, 16_384]] as const) {
      const ask = await askUpload(h, { kind: 'document', contentType: `image/${kind}` });
      const put = await putFile(h, ask.body.uploadURL, fileBytes(kind, 600, { width, height }), `image/${kind}`);
      expect(put.status, `${width}x${height}`).toBe(200);
    }
  });

  it('a picture whose size cannot be read is refused (400) with a message saying so', async () => {
    const png = Buffer.concat([fileBytes('png').subarray(0, 8), Buffer.alloc(300, 0x20)]);
    const jpegWithoutSize = Buffer.concat([fileBytes('jpeg').subarray(0, 20), Buffer.alloc(300, 0x20)]);
    for (const [bytes, type] of [[png, 'image/png'], [jpegWithoutSize, 'image/jpeg']] as const) {
      const ask = await askUpload(h, { kind: 'document', contentType: type });
      await expectUnchangedBy(h, async () => {
        const put = await putFile(h, ask.body.uploadURL, bytes, type);
        expect(put.status, type).toBe(400);
        expect(put.body).toEqual({ message: messages.errors.imageUnreadable });
      });
    }
  });

  it('a JPEG whose size follows 100 kB of metadata (a phone photo’s EXIF and thumbnail) is accepted and attached to a booking', async () => {
    const car = await availableCar(h, 3);
    const documents = await uploadDocuments(h);
    const photo = fileBytes('jpeg', 150_000, { width: 4_032, height: 3_024, metadata: 100_000 });
    documents.photoId2Url = await upload(h, photo, { contentType: 'image/jpeg' });
    const answer = await call(h, 'POST', '/api/bookings', bookingPayload(car.id, documents, { customer: renter('exif') }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});

describe('415: wrong content types', () => {
  it('a write with a text/plain or form body answers 415, nothing stored', async () => {
    const payload = JSON.stringify(await validPayload(0));
    await expectUnchangedBy(h, async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const booking = await call(h, 'POST', '/api/bookings', undefined, { raw: payload, headers: { 'content-type': type } });
        expect(booking.status, type).toBe(415);
        expect(booking.body).toEqual({ message: expect.any(String) });
        const admin = await call(h, 'POST', '/api/admin/blocked-names', undefined, { ...staff, raw: '{"fullName":"Form Post"}', headers: { 'content-type': type } });
        expect(admin.status, type).toBe(415);
      }
    });
  });

  it('a bodiless write needs no content type (the spec’s client sends none)', async () => {
    const ask = await call(h, 'POST', '/api/objects/upload');
    expect(ask.status).toBe(200);
  });

  it('HTML, SVG and EXE bytes declared as image/png are refused at PUT (415) and never served', async () => {
    for (const kind of ['html', 'svg', 'exe'] as const) {
      const ask = await askUpload(h);
      await expectUnchangedBy(h, async () => {
        const put = await putFile(h, ask.body.uploadURL, fileBytes(kind, 512), 'image/png');
        expect(put.status, kind).toBe(415);
        expect(put.body).toEqual({ message: expect.any(String) });
      });
      expect((await call(h, 'GET', ask.body.objectPath, undefined, staff)).status, kind).toBe(404);
      expect((await call(h, 'POST', '/api/objects/check', { objectPath: ask.body.objectPath })).status, kind).toBe(400);
    }
  });

  it('a file whose real type differs from the type the address was signed for is refused', async () => {
    const ask = await askUpload(h, { kind: 'document', contentType: 'application/pdf' });
    expect(ask.status).toBe(200);
    const wrongHeader = await putFile(h, ask.body.uploadURL, fileBytes('png', 300), 'image/png');
    expect(wrongHeader.status).toBe(403);
    const wrongBytes = await putFile(h, ask.body.uploadURL, fileBytes('png', 300), 'application/pdf');
    expect(wrongBytes.status).toBe(415);
    const webpDocument = await askUpload(h, { kind: 'document', contentType: 'image/webp' });
    expect(webpDocument.status).toBe(415);
  });

  it('a tampered upload address is refused (403)', async () => {
    const ask = await askUpload(h);
    const url = new URL(ask.body.uploadURL);
    url.searchParams.set('max', String(100 * 1024 * 1024));
    const answer = await putFile(h, url.toString(), fileBytes('png', 300), 'image/png');
    expect(answer.status).toBe(403);
  });
});

describe('error bodies', () => {
  it('never contain a stack trace, SQL or a constraint name', async () => {
    const car = await availableCar(h, 5);
    await bookOk(h, car.id, { booking: { pickupDate: daysFromToday(90), returnDate: daysFromToday(92) } });
    const clash = await book(h, car.id, { booking: { pickupDate: daysFromToday(91), returnDate: daysFromToday(93) } });
    const moved = await bookOk(h, car.id, { booking: { pickupDate: daysFromToday(95), returnDate: daysFromToday(96) } });
    const redate = await call(h, 'PATCH', `/api/admin/bookings/${moved.booking.id}/dates`, { pickupDate: daysFromToday(92), returnDate: daysFromToday(94) }, staff);
    const duplicateName = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Same Name' }, staff).then(() =>
      call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Same Name' }, staff),
    );
    const hugeNumber = await call(h, 'PATCH', `/api/admin/bookings/${moved.booking.id}/payment`, { amount: 1e30 }, staff);
    const weird = await call(h, 'GET', `/api/admin/customers?q=${encodeURIComponent("%' OR 1=1 --")}`, undefined, staff);
    for (const answer of [clash, redate, duplicateName, hugeNumber]) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.stringify(answer.body)).not.toMatch(LEAK_PATTERN);
      expect(Object.keys(answer.body).every((key) => ['message', 'issues', 'requestId'].includes(key))).toBe(true);
    }
    expect(weird.status).toBe(200);
    expect(weird.body).toEqual([]);
  });
});

describe('an answer as large as the caller likes', () => {
  // 20,000 strings with a NUL under a 1,000-character key: a body of 181 kB, each string an issue.
  const hostile = { ['k'.repeat(1000)]: Array.from({ length: 20_000 }, () => '\u0000') };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    h.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', ...headers }, body: JSON.stringify(body) });

  it('names at most twenty issues, each path cut short, to a public REST write', async () => {
    const answer = await post('/api/contact', hostile);
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { issues: Array<{ path: string }> };
    expect(body.issues).toHaveLength(MAX_ISSUES);
    expect(Math.max(...body.issues.map((issue) => issue.path.length))).toBeLessThanOrEqual(200);
    expect(JSON.stringify(body).length).toBeLessThan(16 * 1024);
  });

  it('names at most twenty issues to a public tRPC call, and a stranger’s call to a staff procedure is refused before its input is read', async () => {
    const open = await post('/trpc/contact.send', { json: hostile });
    expect(open.status).toBe(400);
    expect((await open.text()).length).toBeLessThan(16 * 1024);
    const closed = await post('/trpc/cars.delete', { json: hostile });
    expect(closed.status).toBe(401);
    expect((await closed.text()).length).toBeLessThan(4 * 1024);
  });

  it('names at most twenty of a schema’s issues too, each path cut short', () => {
    const schema = z.record(z.string(), z.array(z.string()));
    const many = zodIssues(schema.safeParse({ ['k'.repeat(150)]: Array.from({ length: 5_000 }, () => 42) }).error!);
    expect(many).toHaveLength(MAX_ISSUES);
    // Cut short, the paths under one long key are one path: its issue is named once.
    const long = zodIssues(schema.safeParse({ ['k'.repeat(100_000)]: Array.from({ length: 5_000 }, () => 42) }).error!);
    expect(long).toEqual([{ path: `${'k'.repeat(199)}…`, message: many[0]!.message }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { restRoutes } from '../../src/server/rest';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { daysFromToday, fileBytes, upload, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import {
  LEAK_PATTERN,
  SPEC,
  UUID_PATTERN,
  askUpload,
  availableCar,
  book,
  bookOk,
  call,
  expectSealed,
  expectUnchangedBy,
  fingerprint,
  heldDocument,
  listCars,
  pesos,
  putFile,
  renter,
  rowsAdded,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('GET /api/cars', () => {
  it('lists at least 22 cars with the spec fields, dailyRate as a numeric string', async () => {
    const answer = await call(h, 'GET', '/api/cars');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const cars = answer.body as Array<Record<string, unknown>>;
    expect(Array.isArray(cars)).toBe(true);
    expect(cars.length).toBeGreaterThanOrEqual(22);
    for (const car of cars) {
      expect(car.id).toMatch(UUID_PATTERN);
      expect(typeof car.name).toBe('string');
      expect(typeof car.category).toBe('string');
      expect(car.dailyRate).toEqual(expect.stringMatching(/^\d+\.\d{2}$/));
      expect(Number(car.dailyRate)).toBeGreaterThan(0);
      expect(Number.isInteger(car.seats)).toBe(true);
      expect(['Automatic', 'Manual']).toContain(car.transmission);
      expect(['Gas', 'Diesel', 'Hybrid']).toContain(car.fuel);
      expect(typeof car.available).toBe('boolean');
      expect(typeof car.image).toBe('string');
      expect(Number.isInteger(car.year)).toBe(true);
      expect(typeof car.plateNumber).toBe('string');
    }
    // unavailable cars are listed too (the card shows them greyed out)
    expect(cars.some((car) => car.available === false)).toBe(true);
  });
});

describe('GET /api/cars/{carId}/booked-dates', () => {
  it('answers [] for a free car, then the inclusive {start, end} of a booking', async () => {
    const car = await availableCar(h, 0);
    const before = await call(h, 'GET', `/api/cars/${car.id}/booked-dates`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual([]);

    await bookOk(h, car.id, { booking: { pickupDate: daysFromToday(20), returnDate: daysFromToday(22) } });
    const after = await call(h, 'GET', `/api/cars/${car.id}/booked-dates`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual([{ start: daysFromToday(20), end: daysFromToday(22) }]);
  });

  it('stops listing a booking once it is cancelled', async () => {
    const car = await availableCar(h, 1);
    const made = await bookOk(h, car.id, { booking: { pickupDate: daysFromToday(40), returnDate: daysFromToday(41) } });
    expect((await call(h, 'GET', `/api/cars/${car.id}/booked-dates`)).body).toHaveLength(1);
    const cancel = await call(h, 'PATCH', `/api/admin/bookings/${made.booking.id}/status`, { status: 'cancelled' }, { staff: true });
    expect(cancel.status).toBe(200);
    expect((await call(h, 'GET', `/api/cars/${car.id}/booked-dates`)).body).toEqual([]);
  });

  it('answers 404 JSON for an unknown car and 400 for a malformed id', async () => {
    const unknown = await call(h, 'GET', '/api/cars/00000000-0000-4000-8000-000000000000/booked-dates');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: expect.any(String) });
    const malformed = await call(h, 'GET', '/api/cars/not-a-uuid/booked-dates');
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'carId' })]));
  });
});

describe('GET /api/blocked-names/check', () => {
  it('answers {isBlocked:false} for a free name and true for a blocked one, ignoring case, spacing and accents', async () => {
    const free = await call(h, 'GET', `/api/blocked-names/check?name=${encodeURIComponent('Andres Bonifacio')}`);
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ isBlocked: false });

    const blocked = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'José Rizal Mercado', reason: 'unpaid damages' }, { staff: true });
    expect(blocked.status).toBe(201);

    for (const variant of ['José Rizal Mercado', '  jose   RIZAL mercado ', 'JOSE RIZAL MERCADO']) {
      const check = await call(h, 'GET', `/api/blocked-names/check?name=${encodeURIComponent(variant)}`);
      expect(check.status).toBe(200);
      expect(check.body, variant).toEqual({ isBlocked: true });
    }
  });

  it('answers {isBlocked:false} when no name is given', async () => {
    const answer = await call(h, 'GET', '/api/blocked-names/check');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ isBlocked: false });
  });
});

describe('POST /api/bookings', () => {
  it('answers 201 {customer:{id...}, booking, documentToken} priced by the server, ignoring client figures', async () => {
    const car = await availableCar(h, 2);
    const documents = await uploadDocuments(h);
    const who = renter();
    const payload = {
      customer: { ...who, phone: '0917 555 0101', license: 'N01-23-456789', ...documents },
      booking: {
        carId: car.id,
        pickupDate: daysFromToday(10),
        returnDate: daysFromToday(13),
        pickupTime: '10:00 AM',
        withDriver: true,
        driverService: 'within_pangasinan',
        distanceService: 'outside_pangasinan_500',
        wantsDelivery: true,
        deliveryArea: 'bolinao',
        deliveryAddress: 'Poblacion, Bolinao',
        // what an old client computed and sends: all ignored
        totalDays: 1,
        dailyRate: '1.00',
        driverFee: '0.00',
        subtotal: '1.00',
        insurance: '0.00',
        total: 1,
      },
    };
    const answer = await call(h, 'POST', '/api/bookings', payload);
    expect(answer.status).toBe(201);
    const { customer, booking, documentToken } = answer.body;

    expect(customer.id).toMatch(UUID_PATTERN);
    expect(customer).toMatchObject({ fullName: who.fullName, email: who.email, phone: '0917 555 0101', license: 'N01-23-456789' });
    expectSealed(documents, customer);
    expect(typeof documentToken).toBe('string');
    expect(documentToken.length).toBeGreaterThan(10);
    // How the booking compares with the customer record is for staff.
    expect(booking).not.toHaveProperty('customerDiffers');

    const days = 3;
    expect(booking).toMatchObject({
      carId: car.id,
      carName: car.name,
      customerId: customer.id,
      customerName: who.fullName,
      customerEmail: who.email,
      pickupDate: daysFromToday(10),
      returnDate: daysFromToday(13),
      pickupTime: '10:00 AM',
      status: 'pending',
      totalDays: days,
      withDriver: true,
      driverService: 'within_pangasinan',
      distanceService: 'outside_pangasinan_500',
      wantsDelivery: true,
      deliveryAddress: 'Poblacion, Bolinao',
      dailyRate: car.dailyRate,
      subtotal: pesos(Number(car.dailyRate) * days),
      driverFee: pesos(1500 * days),
      distanceFee: pesos(500 * days),
      deliveryFee: '600.00',
      insurance: '500.00',
      amountPaid: '0.00',
    });
    const expectedTotal = pesos(Number(car.dailyRate) * days, 1500 * days, 500 * days, 600, 500);
    expect(booking.total).toBe(expectedTotal);
    expect(booking.id).toMatch(UUID_PATTERN);

    // the stored booking carries the same server figures
    const stored = await call(h, 'GET', `/api/admin/bookings/${booking.id}`, undefined, { staff: true });
    expect(stored.status).toBe(200);
    expect(stored.body.total).toBe(expectedTotal);
    expect(stored.body.subtotal).toBe(pesos(Number(car.dailyRate) * days));
  });

  it('accepts the bare spec payload (no optional fields) and applies the defaults', async () => {
    const car = await availableCar(h, 3);
    const documents = await uploadDocuments(h);
    const answer = await call(h, 'POST', '/api/bookings', {
      customer: { fullName: 'Ligaya Ramos', email: 'ligaya.ramos@example.com', phone: '09171234567', ...documents },
      booking: { carId: car.id, pickupDate: daysFromToday(5), returnDate: daysFromToday(6) },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.booking).toMatchObject({
      pickupTime: '9:00 AM',
      driverService: 'none',
      distanceService: 'none',
      withDriver: false,
      wantsDelivery: false,
      deliveryAddress: null,
      totalDays: 1,
      total: pesos(car.dailyRate, 500),
    });
    expect(answer.body.customer.license).toBeNull();
  });

  it('groups a returning renter under their customer by e-mail, case-insensitively; the answer echoes what was sent, the stored customer stays as it was', async () => {
    const car = await availableCar(h, 4);
    const email = `returning-${Date.now()}@example.com`;
    const first = await bookOk(h, car.id, { customer: { fullName: 'Rosa Villanueva', email, phone: '0917 000 1111' }, booking: { pickupDate: daysFromToday(50), returnDate: daysFromToday(51) } });
    const second = await bookOk(h, car.id, {
      customer: { fullName: 'Rosa V. Villanueva', email: email.toUpperCase(), phone: '0917 000 2222' },
      booking: { pickupDate: daysFromToday(60), returnDate: daysFromToday(61) },
    });
    expect(second.customer.id).toBe(first.customer.id);
    expect(second.customer.phone).toBe('0917 000 2222');
    expect(second.customer.fullName).toBe('Rosa V. Villanueva');
    const list = await call(h, 'GET', `/api/admin/customers?q=${encodeURIComponent(email)}`, undefined, { staff: true });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body[0].totals.bookings).toBe(2);
    // A public booking never changes the stored customer: the first booking's details stay.
    expect(list.body[0]).toMatchObject({ id: first.customer.id, fullName: 'Rosa Villanueva', phone: '0917 000 1111' });
  });
});

describe('PUT /api/customers/{id}/documents', () => {
  let nextDay = 70;
  async function booked() {
    const car = await availableCar(h, 5);
    nextDay += 3;
    return bookOk(h, car.id, { booking: { pickupDate: daysFromToday(nextDay), returnDate: daysFromToday(nextDay + 1) } });
  }

  it('replaces the documents with the document token of the create answer in X-Document-Token', async () => {
    const made = await booked();
    const fresh = await uploadDocuments(h);
    const answer = await call(h, 'PUT', `/api/customers/${made.customer.id}/documents`, fresh, { headers: { 'x-document-token': made.documentToken } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ customerId: made.customer.id, bookingId: made.booking.id, photoId1Url: expect.any(String), photoId2Url: expect.any(String), proofOfBillingUrl: expect.any(String) });
    expectSealed(fresh, answer.body);
    const stored = await call(h, 'GET', `/api/admin/bookings/${made.booking.id}`, undefined, { staff: true });
    const { customerId: _customer, bookingId: _booking, ...kept } = answer.body;
    expect(stored.body).toMatchObject(kept);
  });

  it('replaces the documents for staff with the bearer token', async () => {
    const made = await booked();
    const fresh = await uploadDocuments(h);
    const answer = await call(h, 'PUT', `/api/customers/${made.customer.id}/documents`, fresh, { staff: true });
    expect(answer.status).toBe(200);
    expectSealed(fresh, answer.body);
  });

  it('stops accepting the document token after an hour (401)', async () => {
    const made = await booked();
    const fresh = await uploadDocuments(h);
    try {
      clock.advance(61 * 60_000);
      await expectUnchangedBy(h, async () => {
        const answer = await call(h, 'PUT', `/api/customers/${made.customer.id}/documents`, fresh, { headers: { 'x-document-token': made.documentToken } });
        expect(answer.status).toBe(401);
      });
    } finally {
      clock.reset();
    }
  });

  it('answers 401 without a token, with a forged token, or with another customer’s token, and changes nothing', async () => {
    const made = await booked();
    const other = await booked();
    const fresh = await uploadDocuments(h);
    await expectUnchangedBy(h, async () => {
      const none = await call(h, 'PUT', `/api/customers/${made.customer.id}/documents`, fresh);
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ message: expect.any(String) });
      const forged = await call(h, 'PUT', `/api/customers/${made.customer.id}/documents`, fresh, { headers: { 'x-document-token': '9999999999.forged' } });
      expect(forged.status).toBe(401);
      const foreign = await call(h, 'PUT', `/api/customers/${made.customer.id}/documents`, fresh, { headers: { 'x-document-token': other.documentToken } });
      expect(foreign.status).toBe(401);
      const inBody = await call(h, 'PUT', `/api/customers/${made.customer.id}/documents`, { ...fresh, documentToken: other.documentToken });
      expect(inBody.status).toBe(401);
    });
  });
});

describe('POST /api/contact', () => {
  it('stores the enquiry and queues the garage’s notice (201 {id})', async () => {
    const before = await fingerprint(h);
    const answer = await call(h, 'POST', '/api/contact', {
      firstName: 'Carmela',
      lastName: 'Reyes',
      email: 'carmela@example.com',
      phone: '0917 222 3333',
      subject: 'Corporate Rentals',
      message: 'We need three vans for a company outing in March.',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(UUID_PATTERN);
    expect(rowsAdded(before, await fingerprint(h))).toEqual({ contact_message: 1, mail_message: 1 });
  });

  it('accepts an enquiry without phone and subject', async () => {
    const answer = await call(h, 'POST', '/api/contact', { firstName: 'Ben', lastName: 'Cruz', email: 'ben@example.com', phone: '', subject: '', message: 'Hello' });
    expect(answer.status).toBe(201);
  });

  it('a subject not on the list answers 400 naming the subjects it takes, storing nothing', async () => {
    const subjects = '"General Inquiry", "Booking Question", "Fleet Information", "Corporate Rentals", "VIP Booking", "All Package Booking", "Support"';
    await expectUnchangedBy(h, async () => {
      for (const subject of ['Complaint', 7]) {
        const answer = await call(h, 'POST', '/api/contact', { firstName: 'Ben', lastName: 'Cruz', email: 'ben@example.com', subject, message: 'Hello' });
        expect(answer.status).toBe(400);
        expect(answer.body.issues).toEqual([{ path: 'subject', message: `Expected one of: ${subjects}` }]);
      }
    });
  });

  it('answers 400 with field issues when required fields are missing, storing nothing', async () => {
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/contact', { firstName: '', email: 'not-an-email', phone: '', subject: '', message: '' });
      expect(answer.status).toBe(400);
      const paths = (answer.body.issues as Array<{ path: string }>).map((issue) => issue.path);
      expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'message']));
    });
  });
});

describe('uploads', () => {
  it('POST /api/objects/upload with no body answers {uploadURL}; a PUT of the file to it is stored', async () => {
    const ask = await askUpload(h);
    expect(ask.status).toBe(200);
    expect(ask.body.uploadURL).toEqual(expect.any(String));
    expect(new URL(ask.body.uploadURL).pathname).toMatch(/^\/objects\/upload\/private\//);
    expect(ask.body.objectPath).toMatch(/^\/objects\/private\/[0-9a-f-]{36}$/);
    expect(ask.body.method).toBe('PUT');

    const put = await putFile(h, ask.body.uploadURL, fileBytes('pdf', 2048), 'application/pdf');
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ objectPath: ask.body.objectPath });

    const check = await call(h, 'POST', '/api/objects/check', { objectPath: ask.body.objectPath });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ objectPath: ask.body.objectPath, contentType: 'application/pdf', size: 2048 });
  });

  it('POST /api/objects/check answers 400 for an upload never stored or unknown', async () => {
    const ask = await askUpload(h);
    const notStored = await call(h, 'POST', '/api/objects/check', { objectPath: ask.body.objectPath });
    expect(notStored.status).toBe(400);
    const unknown = await call(h, 'POST', '/api/objects/check', { objectPath: '/objects/private/00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    const malformed = await call(h, 'POST', '/api/objects/check', { objectPath: '../../etc/passwd' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'objectPath' })]));
  });

  it('GET /objects/private/<id> answers 401 without staff; staff get the bytes with Content-Disposition and nosniff', async () => {
    const bytes = fileBytes('png', 777);
    const { path } = await heldDocument(h, bytes);

    const anonymous = await h.app.request(path);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: expect.any(String) });

    const staff = await call(h, 'GET', path, undefined, { staff: true });
    expect(staff.status).toBe(200);
    const raw = await h.app.request(path, { headers: { authorization: `Bearer ${h.env.ADMIN_API_TOKEN}` } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('image/png');
    expect(raw.headers.get('content-disposition')).toMatch(/^(inline|attachment); filename="/);
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(raw.headers.get('cache-control')).toMatch(/no-store/);
    expect(raw.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(Buffer.from(await raw.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves a PDF document sandboxed and as a download, so no script in it runs on the site', async () => {
    const pdf = Buffer.concat([fileBytes('pdf', 600), Buffer.from('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')]);
    const { path } = await heldDocument(h, pdf, { contentType: 'application/pdf' });
    const raw = await h.app.request(path, { headers: { authorization: `Bearer ${h.env.ADMIN_API_TOKEN}` } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('application/pdf');
    expect(raw.headers.get('content-security-policy')).toMatch(/^sandbox;.*default-src 'none'/);
    expect(raw.headers.get('content-disposition')).toMatch(/^attachment; filename="document-[0-9a-f]{8}\.pdf"$/);
  });

  it('serves staff only documents a booking or customer holds: not an upload never attached, nor a deleted customer’s files waiting for the clean-up (404)', async () => {
    const staff = { headers: { authorization: `Bearer ${h.env.ADMIN_API_TOKEN}` } };
    const loose = await upload(h, fileBytes('png', 901));
    expect((await h.app.request(loose, staff)).status).toBe(404);

    const { path, customerId } = await heldDocument(h, fileBytes('png', 902), { car: 1 });
    expect((await h.app.request(path, staff)).status).toBe(200);
    // Past bookings only: a customer with an upcoming one cannot be deleted.
    clock.advance(400 * 86_400_000);
    try {
      expect((await call(h, 'DELETE', `/api/admin/customers/${customerId}`, undefined, { staff: true })).status).toBe(200);
    } finally {
      clock.reset();
    }
    expect(await h.deps.storage.get(keyFromObjectPath(path)!)).not.toBeNull();
    const gone = await h.app.request(path, staff);
    expect(gone.status).toBe(404);
  });

  it('keeps private answers out of every cache: staff lists, the CSV export, tRPC answers and a renter’s own booking', async () => {
    const staff = { headers: { authorization: `Bearer ${h.env.ADMIN_API_TOKEN}` } };
    for (const path of ['/api/admin/bookings', '/api/admin/customers', '/api/admin/customers/export.csv', '/api/admin/overview', '/api/admin/audit', `/trpc/bookings.list?input=${encodeURIComponent('{"json":{}}')}`]) {
      const answer = await h.app.request(path, staff);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
    const unauthorised = await h.app.request('/api/admin/bookings');
    expect(unauthorised.headers.get('cache-control')).toBe('no-store');
    const renter = await h.app.request('/api/my-booking', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'x'.repeat(40) }) });
    expect(renter.headers.get('cache-control')).toBe('no-store');
    // The public fleet keeps its own revalidation rule.
    expect((await h.app.request('/api/cars')).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves nothing for an unknown object (404)', async () => {
    const answer = await call(h, 'GET', '/objects/private/00000000-0000-4000-8000-000000000000', undefined, { staff: true });
    expect(answer.status).toBe(404);
  });

  it('needs staff to ask for a car-image upload (401), and serves car images publicly and cacheably', async () => {
    const refused = await askUpload(h, { kind: 'car-image', contentType: 'image/webp' });
    expect(refused.status).toBe(401);

    const ask = await askUpload(h, { kind: 'car-image', contentType: 'image/webp' }, { staff: true });
    expect(ask.status).toBe(200);
    expect(ask.body.objectPath).toMatch(/^\/objects\/public\//);
    expect((await putFile(h, ask.body.uploadURL, fileBytes('webp', 500), 'image/webp')).status).toBe(200);
    const got = await h.app.request(ask.body.objectPath);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('cache-control')).toMatch(/public/);
  });
});

describe('site paths', () => {
  it('GET /api/health reports database and storage as ok', async () => {
    const answer = await call(h, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok', storageDriver: 'local', mail: 'outbox' });
  });

  it('GET /api/openapi.json is OpenAPI 3.1.0 with every REST route under its method', async () => {
    const answer = await call(h, 'GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    const doc = answer.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(restRoutes.length).toBeGreaterThan(25);
    for (const route of restRoutes) {
      const operation = doc.paths?.[route.path]?.[route.method];
      expect(operation, `${route.method.toUpperCase()} ${route.path}`).toBeDefined();
      expect(operation.responses[String(route.response.status)], `${route.method} ${route.path} documents its answer`).toBeDefined();
      if (route.auth === 'admin') expect(operation.security.length, `${route.path} is marked staff-only`).toBeGreaterThan(0);
    }
    // the spec's documented paths are all there
    for (const [method, path] of [
      ['get', '/api/cars'],
      ['get', '/api/cars/{carId}/booked-dates'],
      ['get', '/api/blocked-names/check'],
      ['post', '/api/bookings'],
      ['put', '/api/customers/{id}/documents'],
      ['post', '/api/contact'],
      ['post', '/api/objects/upload'],
      ['get', '/api/admin/customers'],
      ['get', '/api/admin/bookings'],
      ['get', '/api/admin/blocked-names'],
      ['post', '/api/admin/cars'],
      ['put', '/api/admin/cars/{id}'],
      ['delete', '/api/admin/cars/{id}'],
      ['post', '/api/admin/customers'],
      ['put', '/api/admin/customers/{id}'],
      ['delete', '/api/admin/customers/{id}'],
      ['post', '/api/admin/bookings'],
      ['patch', '/api/admin/bookings/{id}/status'],
      ['patch', '/api/admin/bookings/{id}/payment'],
      ['post', '/api/admin/blocked-names'],
      ['delete', '/api/admin/blocked-names/{id}'],
    ] as const) {
      expect(doc.paths?.[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  it('GET /api/docs is a readable HTML reference of the paths', async () => {
    const answer = await call<string>(h, 'GET', '/api/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const html = answer.body;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('/api/bookings');
    expect(html).toContain('/api/openapi.json');
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/cars/extra/thing'],
      // A documented path with another method is 405 (tests/rest/errors.test.ts).
      ['DELETE', '/api/cars/extra/thing'],
    ] as const) {
      const answer = await call(h, method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
  });

  it('never answers with a stack trace, SQL or constraint name (booking refusals included)', async () => {
    const car = await availableCar(h, 6);
    await bookOk(h, car.id, { booking: { pickupDate: daysFromToday(100), returnDate: daysFromToday(103) } });
    const overlap = await book(h, car.id, { booking: { pickupDate: daysFromToday(102), returnDate: daysFromToday(104) } });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toEqual({ message: SPEC.datesTaken });
    expect(JSON.stringify(overlap.body)).not.toMatch(LEAK_PATTERN);
    expect((await listCars(h)).length).toBeGreaterThanOrEqual(22);
  });
});

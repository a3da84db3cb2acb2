import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { restRoutes } from '../../src/server/rest';
import type { RestRoute } from '../../src/server/rest/route';
import { escapeHtml } from '../../src/server/html';
import { clock } from '../../src/server/clock';
import { todayInManila } from '../../src/shared/dates';
import { daysFromToday, fileBytes, upload, uploadDocuments, uniquePhone } from '../utils/fixtures';
import { makeManageToken } from '../../src/server/services/booking-tokens';
import { createHarness, type Harness } from '../utils/harness';
import { sessionCookie, totpCode } from '../utils/staff';
import { availableCar, bookOk, call, renter, signIn, signInWith, type CallOptions } from './helpers';

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await createHarness();
  doc = (await call(h, 'GET', '/api/openapi.json')).body;
});
afterAll(() => h.close());

const staff = { staff: true } as const;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

function routeOf(method: string, path: string): RestRoute {
  const route = restRoutes.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
}

describe('GET /api/openapi.json: schemas generated from the zod schemas the server runs', () => {
  it('documents each request body, parameter and answer with the JSON Schema of its zod schema', () => {
    for (const route of restRoutes) {
      const label = `${route.method.toUpperCase()} ${route.path}`;
      const operation = doc.paths[route.path][route.method];
      if (route.body) {
        expect(operation.requestBody?.content?.['application/json']?.schema, `${label} request body`).toEqual(jsonSchema(route.body, 'input'));
      } else {
        expect(operation.requestBody, `${label} takes no body`).toBeUndefined();
      }
      for (const [where, schema] of [['path', route.params], ['query', route.query]] as const) {
        if (!schema) continue;
        for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
          const parameter = (operation.parameters as any[]).find((p) => p.name === name && p.in === where);
          expect(parameter?.schema, `${label} ${where} parameter ${name}`).toEqual(jsonSchema(field, 'input'));
        }
      }
      const answer = operation.responses[String(route.response.status)];
      if (route.response.schema) {
        expect(answer.content['application/json'].schema, `${label} answer`).toEqual(jsonSchema(route.response.schema, 'output'));
      } else {
        expect(Object.keys(answer.content), `${label} answer type`).toEqual([route.response.contentType]);
      }
      for (const status of route.errors) {
        const own = route.errorBodies?.[status];
        expect(operation.responses[String(status)].content['application/json'].schema, `${label} ${status}`).toEqual(own ? jsonSchema(own.schema, 'output') : { $ref: '#/components/schemas/Error' });
      }
    }
    expect(doc.components.schemas.Error.properties).toHaveProperty('message');
    expect(doc.components.schemas.Error.required).toContain('message');
  });

  it('gives every calendar date a request body takes its form (format "date", YYYY-MM-DD), the public booking\'s too', () => {
    const body = (method: string, path: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    const dates = [
      body('post', '/api/bookings').properties.booking.properties.pickupDate,
      body('post', '/api/bookings').properties.booking.properties.returnDate,
      body('post', '/api/admin/bookings').properties.pickupDate,
      body('patch', '/api/admin/bookings/{id}/dates').properties.returnDate,
    ];
    for (const date of dates) expect(date).toMatchObject({ type: 'string', format: 'date', pattern: expect.stringContaining('\\d{4}') });
  });

  it('gives every e-mail address a request body takes its format', () => {
    const body = (method: string, path: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    for (const email of [body('post', '/api/bookings').properties.customer.properties.email, body('post', '/api/contact').properties.email, body('post', '/api/admin/customers').properties.email]) {
      expect(email).toMatchObject({ type: 'string', format: 'email' });
    }
  });

  it('marks every path in its template as a required path parameter', () => {
    for (const route of restRoutes) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const parameters = (doc.paths[route.path][route.method].parameters ?? []) as any[];
      for (const name of names) {
        expect(parameters.find((p) => p.in === 'path' && p.name === name), `${route.path} {${name}}`).toMatchObject({ required: true });
      }
    }
  });
});

/**
 * Every key of `example`, at any depth, is a key of what its schema parsed it to: a field the schema
 * does not know (and would silently drop) is no example of it.
 */
function unknownKeys(example: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(example)) return example.flatMap((item, i) => unknownKeys(item, Array.isArray(parsed) ? parsed[i] : undefined, `${at}[${i}]`));
  if (!example || typeof example !== 'object') return [];
  const known = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return Object.entries(example).flatMap(([key, value]) => (key in known ? unknownKeys(value, known[key], `${at}.${key}`) : [`${at}.${key}`]));
}

describe('the examples of the OpenAPI document', () => {
  const exampled = restRoutes.filter((route) => route.examples);

  it('show the main calls of an integrator', () => {
    expect(exampled.map((route) => `${route.method.toUpperCase()} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/bookings',
        'GET /api/cars',
        'GET /api/cars/{idOrSlug}',
        'GET /api/cars/{carId}/booked-dates',
        'GET /api/admin/bookings',
        'GET /api/admin/customers',
        'GET /api/admin/customers/deleted',
        'GET /api/admin/bookings/{id}',
        'PATCH /api/admin/bookings/{id}/status',
        'PATCH /api/admin/bookings/{id}/dates',
        'PATCH /api/admin/bookings/{id}/payment',
      ]),
    );
  });

  it('each part of each example parses with the schema it documents, and each answer parses to itself', () => {
    for (const route of exampled) {
      for (const example of route.examples!()) {
        const label = `${route.method.toUpperCase()} ${route.path} example "${example.name}"`;
        for (const [part, schema] of [['params', route.params], ['query', route.query], ['headers', route.headers], ['body', route.body]] as const) {
          if (example[part] === undefined) continue;
          expect(schema, `${label}: the path takes no ${part}`).toBeDefined();
          const parsed = schema!.safeParse(example[part]);
          expect(parsed.success, `${label} ${part}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
          expect(unknownKeys(example[part], parsed.data), `${label} ${part}: fields the schema does not take`).toEqual([]);
        }
        const answer = route.response.schema!.safeParse(example.response);
        expect(answer.success, `${label} answer: ${JSON.stringify(answer.error?.issues)}`).toBe(true);
        expect(answer.data, `${label} answer has only documented fields`).toEqual(example.response);
      }
    }
  });

  it('are in the document beside the schema each part documents', () => {
    for (const route of exampled) {
      const operation = doc.paths[route.path][route.method];
      for (const example of route.examples!()) {
        const label = `${route.method.toUpperCase()} ${route.path} example "${example.name}"`;
        expect(operation.responses[route.response.status].content['application/json'].examples[example.name], label).toEqual({ summary: example.summary, value: example.response });
        if (example.body !== undefined) expect(operation.requestBody.content['application/json'].examples[example.name].value, `${label} body`).toEqual(example.body);
        for (const [where, part] of [['path', 'params'], ['query', 'query'], ['header', 'headers']] as const) {
          for (const [name, value] of Object.entries(example[part] ?? {})) {
            const parameter = (operation.parameters as any[]).find((p) => p.in === where && p.name === name);
            expect(parameter?.examples?.[example.name]?.value, `${label} ${where} parameter ${name}`).toBe(value);
          }
        }
      }
    }
  });

  it('a server running for weeks documents a booking whose dates still lie ahead (the document is made again each day)', async () => {
    const pickupOf = (document: any) => document.paths['/api/bookings'].post.requestBody.content['application/json'].examples.withDriverAndDelivery.value.booking.pickupDate as string;
    const today = () => todayInManila(clock.now());
    expect(pickupOf(doc) > today()).toBe(true);
    try {
      clock.advance(30 * 24 * 3_600_000);
      const later = (await call(h, 'GET', '/api/openapi.json')).body;
      expect(pickupOf(later) > today(), `${pickupOf(later)} after ${today()}`).toBe(true);
    } finally {
      clock.reset();
    }
  });

  it('the reference page shows them under their path', async () => {
    const page = (await call(h, 'GET', '/api/docs')).body as string;
    const [booking] = routeOf('post', '/api/bookings').examples!();
    expect(page).toContain(`Request example: ${booking!.summary}`);
    expect(page).toContain(`201 example: ${booking!.summary}`);
    const { customer } = booking!.body as { customer: { fullName: string } };
    expect(page).toContain(escapeHtml(`"fullName": ${JSON.stringify(customer.fullName)}`));
  });
});

describe('every documented path answers what the document says', () => {
  const seen = new Set<string>();

  /**
   * Calls a documented path and checks the answer against the route's status and schema. The
   * schema's parse must give back the answer unchanged: no field the document leaves out.
   */
  async function expectDocumented(method: RestRoute['method'], path: string, url: string, body?: unknown, options: CallOptions = {}): Promise<any> {
    const route = routeOf(method, path);
    seen.add(`${method} ${path}`);
    const answer = await call(h, method.toUpperCase(), url, body, options);
    expect(answer.status, `${method.toUpperCase()} ${url}: ${JSON.stringify(answer.body)}`).toBe(route.response.status);
    if (route.response.schema) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      const parsed = route.response.schema.safeParse(answer.body);
      expect(parsed.success, `${method.toUpperCase()} ${path}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data, `${method.toUpperCase()} ${path} answers only documented fields`).toEqual(answer.body);
    } else {
      expect(answer.headers.get('content-type')).toContain(route.response.contentType);
    }
    for (const header of Object.keys(route.response.headers ?? {})) {
      // A sync's cursor comes with a page in change (or deletion) order only.
      if (header === 'X-Next-Cursor' && !/[?&](updatedSince|deletedSince|after)=/.test(url)) {
        expect(answer.headers.get(header), `${url} ${header}`).toBeNull();
        continue;
      }
      const shape = { 'X-Total-Count': /^\d+$/, 'X-Total-Count-Capped': /^(true|false)$/, 'X-Next-Cursor': /^[\w-]+$/ }[header] ?? /^"[\w-]+"$/;
      expect(answer.headers.get(header), `${path} ${header}`).toMatch(shape);
    }
    // A 201's Location is a documented GET path that reads the new record.
    const location = answer.headers.get('location');
    expect(location !== null, `${path} Location`).toBe(route.response.location !== undefined);
    if (location) {
      const { location: documented } = route.response;
      const created = await call(h, 'GET', location, undefined, options);
      expect(created.status, `GET ${location}`).toBe(200);
      expect(location).toBe(documented!.path.replace(/\{\w+\}/, created.body.id));
      expect(routeOf('get', documented!.path)).toBeDefined();
    }
    return answer.body;
  }

  it('public paths', async () => {
    const car = await availableCar(h, 0);
    await expectDocumented('get', '/api/cars', '/api/cars');
    await expectDocumented('get', '/api/cars', `/api/cars?pickupDate=${daysFromToday(20)}&returnDate=${daysFromToday(23)}&seats=5&sort=price`);
    await expectDocumented('get', '/api/site', '/api/site');
    await expectDocumented('get', '/api/health', '/api/health');
    await expectDocumented('get', '/api/blocked-names/check', '/api/blocked-names/check?name=Maria%20Santos');
    const target = await expectDocumented('post', '/api/objects/upload', '/api/objects/upload');
    const url = new URL(target.uploadURL);
    expect((await h.app.request(url.pathname + url.search, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(fileBytes('png')) })).status).toBe(200);
    await expectDocumented('post', '/api/objects/check', '/api/objects/check', { objectPath: target.objectPath });

    const documents = await uploadDocuments(h);
    const made = await expectDocumented('post', '/api/bookings', '/api/bookings', {
      customer: { fullName: 'Openapi Renter', email: 'openapi@example.com', phone: '09171234567', license: 'N01', ...documents },
      booking: { carId: car.id, pickupDate: daysFromToday(20), returnDate: daysFromToday(22), pickupTime: '9:00 AM', driverService: 'none', distanceService: 'none', wantsDelivery: false, deliveryAddress: null },
    });
    await expectDocumented('get', '/api/cars/{carId}/booked-dates', `/api/cars/${car.id}/booked-dates`);
    await expectDocumented('get', '/api/cars/{idOrSlug}', `/api/cars/${car.id}`);
    await expectDocumented('put', '/api/customers/{id}/documents', `/api/customers/${made.customer.id}/documents`, await uploadDocuments(h), {
      headers: { 'x-document-token': made.documentToken },
    });
    await expectDocumented('post', '/api/contact', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', phone: '', subject: '', message: 'Hello' });

    // The renter's own booking: found again, opened through its link, a requested document sent, cancelled.
    await expectDocumented('post', '/api/bookings/find', '/api/bookings/find', { reference: made.booking.reference.toLowerCase(), email: 'OPENAPI@example.com' });
    const token = makeManageToken(h.deps.signingSecret, { id: made.booking.id, linkVersion: 0 });
    await expectDocumented('post', '/api/my-booking', '/api/my-booking', { token });
    await expectDocumented('post', '/api/admin/bookings/{id}/document-request', `/api/admin/bookings/${made.booking.id}/document-request`, { field: 'proofOfBillingUrl', note: 'The bill is cut off' }, staff);
    const fresh = await uploadDocuments(h);
    await expectDocumented('post', '/api/my-booking/document', '/api/my-booking/document', { token, objectPath: fresh.proofOfBillingUrl });
    await expectDocumented('post', '/api/admin/bookings/{id}/apply-to-customer', `/api/admin/bookings/${made.booking.id}/apply-to-customer`, undefined, staff);
    await expectDocumented('post', '/api/my-booking/cancel', '/api/my-booking/cancel', { token });
  });

  it('staff paths', async () => {
    const login = await signIn(h);
    seen.add('post /api/admin/login');
    expect(routeOf('post', '/api/admin/login').response.schema!.parse(login.answer.body)).toEqual(login.answer.body);
    const cookie = { cookie: login.cookie! };
    await expectDocumented('get', '/api/admin/session', '/api/admin/session', undefined, cookie);

    const image = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
    const car = await expectDocumented('post', '/api/admin/cars', '/api/admin/cars', { name: 'Schema Car', category: 'Van', dailyRate: '2500', image }, staff);
    await expectDocumented('put', '/api/admin/cars/{id}', `/api/admin/cars/${car.id}`, { name: 'Schema Car', category: 'Van', dailyRate: '2600', seats: 12 }, staff);

    const added = await expectDocumented(
      'post',
      '/api/admin/customers',
      '/api/admin/customers',
      { fullName: 'Schema Customer', email: 'schema.customer@example.com', phone: '09170000009', address: '', license: '', licenseExpiry: '' },
      staff,
    );
    await expectDocumented('put', '/api/admin/customers/{id}', `/api/admin/customers/${added.customer.id}`, { fullName: 'Schema Customer', email: 'schema.customer@example.com', phone: '09170000010' }, staff);
    await expectDocumented('get', '/api/admin/customers/{id}', `/api/admin/customers/${added.customer.id}`, undefined, staff);

    const booking = await expectDocumented(
      'post',
      '/api/admin/bookings',
      '/api/admin/bookings',
      { customerEmail: 'walkin.schema@example.com', customerName: 'Walk In', carName: 'Schema Car', pickupDate: daysFromToday(5), returnDate: daysFromToday(7), total: '5000', status: 'pending' },
      staff,
    );
    await expectDocumented('get', '/api/admin/bookings/{id}', `/api/admin/bookings/${booking.id}`, undefined, staff);
    await expectDocumented('patch', '/api/admin/bookings/{id}/status', `/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' }, staff);
    await expectDocumented('patch', '/api/admin/bookings/{id}/dates', `/api/admin/bookings/${booking.id}/dates`, { pickupDate: daysFromToday(6), returnDate: daysFromToday(9) }, staff);
    const paid = await expectDocumented('patch', '/api/admin/bookings/{id}/payment', `/api/admin/bookings/${booking.id}/payment`, { amount: 1000 }, staff);
    await expectDocumented('post', '/api/admin/bookings/{id}/payments/{paymentId}/void', `/api/admin/bookings/${booking.id}/payments/${paid.payment.id}/void`, { reason: 'Recorded twice' }, staff);
    await expectDocumented('patch', '/api/admin/bookings/{id}/email', `/api/admin/bookings/${booking.id}/email`, { email: 'walkin.schema.right@example.com' }, staff);
    await expectDocumented('get', '/api/admin/bookings/{id}/payments', `/api/admin/bookings/${booking.id}/payments`, undefined, staff);
    await bookOk(h, (await availableCar(h, 2)).id);

    await expectDocumented('get', '/api/admin/bookings', '/api/admin/bookings', undefined, staff);
    await expectDocumented('get', '/api/admin/customers', '/api/admin/customers', undefined, staff);
    for (const list of ['bookings', 'customers']) {
      const path = `/api/admin/${list}`;
      await expectDocumented('get', path, `${path}?updatedSince=2000-01-01T00:00:00Z&limit=2`, undefined, staff);
      const cursor = (await call(h, 'GET', `${path}?updatedSince=2000-01-01T00:00:00Z&limit=1`, undefined, staff)).headers.get('x-next-cursor');
      await expectDocumented('get', path, `${path}?after=${cursor}&limit=2`, undefined, staff);
    }
    await expectDocumented('get', '/api/admin/customers/export.csv', '/api/admin/customers/export.csv', undefined, staff);
    await expectDocumented('get', '/api/admin/overview', '/api/admin/overview', undefined, staff);
    await expectDocumented('get', '/api/admin/schedule', `/api/admin/schedule?date=${daysFromToday(5)}`, undefined, staff);
    await expectDocumented('get', '/api/admin/audit', '/api/admin/audit', undefined, staff);

    const blocked = await expectDocumented('post', '/api/admin/blocked-names', '/api/admin/blocked-names', { fullName: 'Schema Blocked', reason: '', blockedBy: 'admin' }, staff);
    await expectDocumented('get', '/api/admin/blocked-names', '/api/admin/blocked-names', undefined, staff);
    await expectDocumented('delete', '/api/admin/blocked-names/{id}', `/api/admin/blocked-names/${blocked.id}`, undefined, staff);

    await expectDocumented('patch', '/api/admin/bookings/{id}/status', `/api/admin/bookings/${booking.id}/status`, { status: 'cancelled' }, staff);
    await expectDocumented('delete', '/api/admin/customers/{id}', `/api/admin/customers/${added.customer.id}`, undefined, staff);
    const deleted = await expectDocumented('get', '/api/admin/customers/deleted', '/api/admin/customers/deleted?deletedSince=2000-01-01T00:00:00Z&limit=1', undefined, staff);
    expect(deleted).toEqual([{ id: added.customer.id, deletedAt: expect.any(String), reason: 'erased' }]);
    const cursor = (await call(h, 'GET', '/api/admin/customers/deleted?deletedSince=2000-01-01T00:00:00Z&limit=1', undefined, staff)).headers.get('x-next-cursor');
    await expectDocumented('get', '/api/admin/customers/deleted', `/api/admin/customers/deleted?after=${cursor}&limit=2`, undefined, staff);
    await expectDocumented('delete', '/api/admin/cars/{id}', `/api/admin/cars/${car.id}`, undefined, staff);
    await expectDocumented('post', '/api/admin/logout', '/api/admin/logout', undefined, cookie);
  });

  it('staff account paths', async () => {
    const owner = { cookie: (await signIn(h)).cookie! };
    await expectDocumented('get', '/api/admin/account', '/api/admin/account', undefined, owner);
    const created = await expectDocumented('post', '/api/admin/staff', '/api/admin/staff', { name: 'Schema Staff', email: 'schema.staff@example.com', role: 'staff' }, owner);
    await expectDocumented('get', '/api/admin/staff', '/api/admin/staff', undefined, owner);
    await expectDocumented('put', '/api/admin/staff/{id}', `/api/admin/staff/${created.account.id}`, { name: 'Schema Staffer' }, owner);
    const reset = await expectDocumented('post', '/api/admin/staff/{id}/reset', `/api/admin/staff/${created.account.id}/reset`, undefined, owner);
    const token = new URL(reset.link.url).hash.replace('#set-password=', '');
    await expectDocumented('post', '/api/admin/password-link', '/api/admin/password-link', { token });
    await expectDocumented('post', '/api/admin/password-link/password', '/api/admin/password-link/password', { token, password: 'schema staff password' });
    const staffer = { cookie: (await signInWith(h, { email: 'schema.staff@example.com', password: 'schema staff password' })).cookie! };
    await expectDocumented('post', '/api/admin/account/password', '/api/admin/account/password', { currentPassword: 'schema staff password', newPassword: 'schema staff password 2' }, staffer);
    const setup = await expectDocumented('post', '/api/admin/account/two-factor/setup', '/api/admin/account/two-factor/setup', undefined, staffer);
    await expectDocumented('post', '/api/admin/account/two-factor/confirm', '/api/admin/account/two-factor/confirm', { code: totpCode(setup.secret), password: 'schema staff password 2' }, staffer);
    await expectDocumented('post', '/api/admin/account/two-factor/recovery-codes', '/api/admin/account/two-factor/recovery-codes', { password: 'schema staff password 2' }, staffer);
    await expectDocumented('post', '/api/admin/account/two-factor/disable', '/api/admin/account/two-factor/disable', { password: 'schema staff password 2' }, staffer);
    const sessions = await expectDocumented('get', '/api/admin/account/sessions', '/api/admin/account/sessions', undefined, staffer);
    const other = { cookie: await sessionCookie(h, created.account.id) };
    const otherId = (await call(h, 'GET', '/api/admin/account/sessions', undefined, other)).body.find((s: { current: boolean }) => s.current).id;
    expect(sessions.length).toBe(1);
    await expectDocumented('delete', '/api/admin/account/sessions/{id}', `/api/admin/account/sessions/${otherId}`, undefined, staffer);
    await expectDocumented('delete', '/api/admin/account/sessions', '/api/admin/account/sessions', undefined, staffer);
    await expectDocumented('post', '/api/admin/staff/{id}/disable', `/api/admin/staff/${created.account.id}/disable`, undefined, owner);
    await expectDocumented('post', '/api/admin/staff/{id}/enable', `/api/admin/staff/${created.account.id}/enable`, undefined, owner);
  });

  it('left no documented path out', () => {
    const missing = restRoutes.map((r) => `${r.method} ${r.path}`).filter((key) => !seen.has(key));
    expect(missing).toEqual([]);
  });
});

describe('the OpenAPI document describes who may call each path', () => {
  it('marks every path that needs a session, the API token or a document token with a security requirement (`security: []` means "anyone")', () => {
    const unmarked = restRoutes
      .filter((route) => route.auth !== 'public')
      .filter((route) => ((doc.paths[route.path][route.method].security ?? doc.security ?? []) as unknown[]).length === 0)
      .map((route) => `${route.method.toUpperCase()} ${route.path} (${route.auth})`);
    // e.g. DELETE /api/admin/cars/{id} and DELETE /api/admin/customers/{id}: a client generated from
    // the document sends them without the bearer token and gets 401.
    expect(unmarked).toEqual([]);
  });

  it('the reference page marks DELETE /api/admin/cars/{id} as needing staff rights, as it does PUT', async () => {
    const page = (await call(h, 'GET', '/api/docs')).body as string;
    const heading = (method: string, path: string) => page.match(new RegExp(`<h3><span class="m ${method}">[A-Z]+</span> <code>${path.replace(/[{}]/g, '\\$&')}</code>([^<]*<span class="auth">[^<]*</span>)?`));
    expect(heading('put', '/api/admin/cars/{id}')?.[1]).toBeTruthy();
    expect(heading('delete', '/api/admin/cars/{id}')?.[1]).toBeTruthy();
  });
});

describe('the OpenAPI document lists the statuses the paths answer', () => {
  it('DELETE /api/admin/cars/{id} with an id that is not a UUID answers 400, which the document lists', async () => {
    const answer = await call(h, 'DELETE', '/api/admin/cars/not-a-uuid', undefined, staff);
    expect(answer.status).toBe(400);
    expect(Object.keys(doc.paths['/api/admin/cars/{id}'].delete.responses)).toContain('400');
  });

  it('a staff write with a body over the size limit answers 413, which the document lists', async () => {
    const oversized = { fullName: 'Oversized Body', reason: 'x'.repeat(1_100_000) };
    const answer = await call(h, 'POST', '/api/admin/blocked-names', oversized, staff);
    expect(answer.status).toBe(413);
    expect(Object.keys(doc.paths['/api/admin/blocked-names'].post.responses)).toContain('413');
  });

  it('every path that takes a JSON body lists 413 (the size limit applies to all of them)', () => {
    const missing = restRoutes.filter((route) => route.body && !route.errors.includes(413)).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it('every path with a path parameter lists 400 (a malformed id is refused with 400)', () => {
    const missing = restRoutes.filter((route) => route.params && !route.errors.includes(400)).map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it('every 429 and 503 refusal documents the Retry-After header it carries', () => {
    let refusals = 0;
    for (const route of restRoutes) {
      for (const status of route.errors.filter((s) => (s === 429 || s === 503) && !route.errorBodies?.[s])) {
        refusals += 1;
        const answer = doc.paths[route.path][route.method].responses[status];
        expect(answer.headers?.['Retry-After']?.schema, `${route.method.toUpperCase()} ${route.path} ${status}`).toEqual({ type: 'integer', minimum: 1 });
      }
    }
    expect(refusals).toBeGreaterThan(50);
  });

  it('a 401 of a path the API token may call carries, and documents, the Bearer challenge; a path for signed-in accounts only offers none', async () => {
    const challenged = restRoutes.filter((route) => (route.auth === 'admin' || route.auth === 'owner') && doc.paths[route.path][route.method].responses[401]);
    expect(challenged.length).toBeGreaterThan(20);
    for (const route of challenged) {
      expect(doc.paths[route.path][route.method].responses[401].headers?.['WWW-Authenticate']?.schema, `${route.method.toUpperCase()} ${route.path}`).toEqual({ type: 'string', const: 'Bearer realm="staff"' });
    }
    for (const [method, path] of [['GET', '/api/admin/bookings'], ['DELETE', `/api/admin/cars/${crypto.randomUUID()}`], ['GET', `/objects/private/${crypto.randomUUID()}`]] as const) {
      const refused = await call(h, method, path);
      expect(refused.status, path).toBe(401);
      expect(refused.headers.get('www-authenticate'), path).toBe('Bearer realm="staff"');
    }
    // The token is refused there (403): a Bearer challenge would send a client the wrong way.
    for (const path of ['/api/admin/staff', '/api/admin/account']) {
      const refused = await call(h, 'GET', path);
      expect(refused.status, path).toBe(401);
      expect(refused.headers.get('www-authenticate'), path).toBeNull();
      expect(doc.paths[path].get.responses[401].headers?.['WWW-Authenticate'], path).toBeUndefined();
    }
  });

  it('GET /api/cars lists the 304 its description promises for If-None-Match', async () => {
    const first = await call(h, 'GET', '/api/cars');
    const again = await call(h, 'GET', '/api/cars', undefined, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(Object.keys(doc.paths['/api/cars'].get.responses)).toContain('304');
  });
});

describe('a request body built from the documented schema is accepted', () => {
  /** Only the fields the document marks as required, from a table of valid values. */
  function requiredOnly(schema: any, values: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries((schema.required as string[]).map((field) => [field, values[field]]));
  }

  it('POST /api/bookings: the documented required fields make a booking (the documents are required but not marked so)', async () => {
    const schema = doc.paths['/api/bookings'].post.requestBody.content['application/json'].schema;
    const car = await availableCar(h, 0);
    const customerValues = { ...renter('schema'), phone: uniquePhone(), ...(await uploadDocuments(h)) };
    const bookingValues = { carId: car.id, pickupDate: daysFromToday(200), returnDate: daysFromToday(202) };
    const body = {
      customer: requiredOnly(schema.properties.customer, customerValues),
      booking: requiredOnly(schema.properties.booking, bookingValues),
    };
    const answer = await call(h, 'POST', '/api/bookings', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it('POST /api/admin/cars: the documented required fields add a car with either picture field its `anyOf` offers, and not without one', async () => {
    const schema = doc.paths['/api/admin/cars'].post.requestBody.content['application/json'].schema;
    // The spec's clients send `image`; others may send `images`: one of the two is required, which `required` alone cannot say.
    const ways = schema.anyOf as Array<{ required: string[] }>;
    expect(ways.map((way) => way.required)).toEqual([['image'], ['images']]);
    for (const [i, way] of ways.entries()) {
      const image = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
      const values = { name: `Schema Only Car ${i + 1}`, category: 'Van', dailyRate: '2500', image, images: [image] };
      const answer = await call(h, 'POST', '/api/admin/cars', { ...requiredOnly(schema, values), ...requiredOnly(way, values) }, staff);
      expect(answer.status, `${way.required}: ${JSON.stringify(answer.body)}`).toBe(201);
    }
    const without = await call(h, 'POST', '/api/admin/cars', requiredOnly(schema, { name: 'Schema Only Car 3', category: 'Van', dailyRate: '2500' }), staff);
    expect(without.status, JSON.stringify(without.body)).toBe(400);
  });
});

describe('POST /api/objects/upload with no body, as documented', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    server = await new Promise<ServerType>((done) => {
      const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /**
   * A POST with no body, no Content-Length and no Transfer-Encoding, byte for byte as `curl -X POST URL`
   * sends it (Node's own client would add `Content-Length: 0`).
   */
  const bareHttpPost = (path: string) =>
    new Promise<{ status: number; json: any }>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\nConnection: close\r\n\r\n`);
      });
      const parts: Buffer[] = [];
      socket.on('data', (part: Buffer) => parts.push(part));
      socket.on('error', fail);
      socket.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        let json: any = body;
        try {
          json = JSON.parse(body);
        } catch {
          // not JSON
        }
        done({ status, json });
      });
    });

  it('answers an upload address over a real socket (the description: "No body ... asks for an upload of either kind")', async () => {
    const answer = await bareHttpPost('/api/objects/upload');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.objectPath).toMatch(/^\/objects\/private\//);
  });
});

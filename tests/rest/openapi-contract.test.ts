import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/server/rest';
import { daysFromToday, fileBytes, upload, uploadDocuments, uniquePhone } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { availableCar, call, renter } from './helpers';

/**
 * The OpenAPI document read as a client generated from it would read it: who may call each path, the
 * statuses each answers, the bodies it takes, and the bare requests it promises to accept.
 */

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await createHarness();
  doc = (await call(h, 'GET', '/api/openapi.json')).body;
});
afterAll(() => h.close());

const staff = { staff: true } as const;

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

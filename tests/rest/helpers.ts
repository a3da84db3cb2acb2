import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bookingPayload, daysFromToday, request, upload, uploadDocuments, type JsonAnswer } from '../utils/fixtures';
import { TEST_ADMIN_PASSWORD, type Harness } from '../utils/harness';

/** What an answer body must never reveal: a stack frame, SQL, or a constraint's name. */
export const LEAK_PATTERN = /at .*\.ts:|select |insert |constraint|booking_no_overlap/i;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Documents are attached under sealed paths of their own (no upload address was ever signed for
 * them): each of `kept` is a private object path, and none is the address it was uploaded to.
 */
export function expectSealed(uploaded: Record<string, string>, kept: Record<string, unknown>): void {
  for (const [field, path] of Object.entries(uploaded)) {
    expect(kept[field], field).toMatch(/^\/objects\/private\/[0-9a-f-]{36}$/);
    expect(kept[field], field).not.toBe(path);
  }
}

export const SPEC = {
  blocked: 'Your name is blocked. Do you think this is a mistake? Please contact us.',
  datesTaken: 'Those dates are no longer available for this car',
  documentsRequired: 'Please upload both Photo IDs and Proof of Billing before submitting your booking.',
  wrongPassword: 'Incorrect password. Please try again.',
  csvHeader: 'Name,Email,Phone,License,Total Bookings,Total Spent,Registration Date,Booking History',
} as const;

export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}

/** Fails the test when an answer body leaks internals. */
export function expectNoLeak(answer: { status: number; body: unknown }): void {
  expect(bodyText(answer.body), `answer ${answer.status} leaks internals`).not.toMatch(LEAK_PATTERN);
}

export interface CallOptions {
  staff?: boolean;
  cookie?: string;
  headers?: Record<string, string>;
  raw?: string;
}

/**
 * A request through the fixtures' `request()`, with what a real HTTP client also sends: the
 * Content-Length of a body (the Node adapter passes it on; `app.request` alone does not) and the
 * session cookie when given. Every answer is checked for leaked internals.
 */
export async function call<T = any>(h: Harness, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  const answer = await request<T>(h, method, path, body, {
    ...(options.staff ? { staff: true } : {}),
    headers,
    ...(options.raw !== undefined ? { raw: options.raw } : {}),
  });
  expectNoLeak(answer);
  return answer;
}

/** PUTs bytes to an upload address as a browser would. */
export async function putFile(
  h: Harness,
  uploadURL: string,
  bytes: Buffer,
  contentType: string,
  options: { declareLength?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const url = new URL(uploadURL);
  const headers: Record<string, string> = { 'content-type': contentType, ...options.headers };
  if (options.declareLength) headers['content-length'] = String(bytes.length);
  const response = await h.app.request(url.pathname + url.search, { method: 'PUT', headers, body: new Uint8Array(bytes) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  const answer = { status: response.status, body };
  expectNoLeak(answer);
  return answer;
}

/** Asks for an upload address (no body: a document, as the spec's client does, or a typed request). */
export async function askUpload(h: Harness, body?: Record<string, unknown>, options: CallOptions = {}) {
  return call<{ uploadURL: string; objectPath: string; method: string; headers: Record<string, string>; expiresAt: string }>(
    h,
    'POST',
    '/api/objects/upload',
    body,
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// Database fingerprints: "a refused request leaves the database as it was".

export const CHECKED_TABLES = ['car', 'customer', 'customer_deletion', 'booking', 'payment', 'blocked_name', 'contact_message', 'audit_entry', 'mail_message', 'idempotency_key'] as const;
export type Fingerprint = Record<(typeof CHECKED_TABLES)[number], { rows: number; md5: string | null }>;

/** Row count and an md5 of every row of each checked table. */
export async function fingerprint(h: Harness): Promise<Fingerprint> {
  const connection = h.orm.em.fork().getConnection();
  const out = {} as Fingerprint;
  for (const table of CHECKED_TABLES) {
    const [row] = (await connection.execute(
      `select count(*)::int as rows, md5(string_agg(t::text, '' order by t::text)) as md5 from "${table}" t`,
    )) as Array<{ rows: number; md5: string | null }>;
    out[table] = { rows: Number(row?.rows ?? -1), md5: row?.md5 ?? null };
  }
  return out;
}

/** Runs `action` and fails unless every checked table is exactly as before. */
export async function expectUnchangedBy<T>(h: Harness, action: () => Promise<T>): Promise<T> {
  const before = await fingerprint(h);
  const result = await action();
  expect(await fingerprint(h)).toEqual(before);
  return result;
}

/** Rows added per table between two fingerprints. */
export function rowsAdded(before: Fingerprint, after: Fingerprint): Partial<Record<(typeof CHECKED_TABLES)[number], number>> {
  const out: Partial<Record<(typeof CHECKED_TABLES)[number], number>> = {};
  for (const table of CHECKED_TABLES) {
    const delta = after[table].rows - before[table].rows;
    if (delta !== 0) out[table] = delta;
  }
  return out;
}

/**
 * GET a list an integrator syncs by (`/api/admin/bookings`, `/api/admin/customers`,
 * `/api/admin/customers/deleted`) with `query`, as staff, and fails unless it answers 200: its rows,
 * their ids, `X-Total-Count` and `X-Next-Cursor`.
 */
export async function syncPage(h: Harness, path: string, query: string) {
  const answer = await call(h, 'GET', `${path}?${query}`, undefined, { staff: true });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const rows = answer.body as Array<{ id: string } & Record<string, any>>;
  return { ids: rows.map((row) => row.id), total: Number(answer.headers.get('x-total-count')), rows, nextCursor: answer.headers.get('x-next-cursor') };
}

/**
 * Follows a sync list's cursor from `cursor`, a page of `limit` rows at a time, until a page holds
 * fewer; between pages, `meanwhile` may change rows (it is given the page number). Answers the ids in
 * the order read, and the last cursor. Stops after `most` pages, so a cursor that never moves on
 * fails the test instead of running forever.
 */
export async function followCursor(h: Harness, path: string, cursor: string, options: { limit?: number; most?: number; meanwhile?: (page: number) => Promise<unknown> } = {}) {
  const { limit = 1, most = 20 } = options;
  const ids: string[] = [];
  let next = cursor;
  for (let page = 1; page <= most; page += 1) {
    await options.meanwhile?.(page);
    const answer = await syncPage(h, path, `after=${encodeURIComponent(next)}&limit=${limit}`);
    ids.push(...answer.ids);
    expect(answer.nextCursor, 'a page in change order gives its cursor').toEqual(expect.any(String));
    next = answer.nextCursor!;
    if (answer.ids.length < limit) return { ids, cursor: next };
  }
  throw new Error(`the cursor of ${path} did not reach the end in ${most} pages: ${ids.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------
// Staff sign-in through the REST path.

export interface SignIn {
  answer: JsonAnswer;
  setCookie: string | null;
  /** `rental_session=<token>`, ready for a Cookie header. */
  cookie: string | null;
  /** `rental_device=<value>`: the known-device cookie the sign-in set. */
  device: string | null;
}

/** POST /api/admin/login with `{password}` alone: the main owner, as the original form signs in. */
export async function signIn(h: Harness, password: string = TEST_ADMIN_PASSWORD, headers: Record<string, string> = {}): Promise<SignIn> {
  return signInWith(h, { password }, headers);
}

/** POST /api/admin/login with any body (`{email, password, code}`). */
export async function signInWith(h: Harness, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<SignIn> {
  const answer = await call(h, 'POST', '/api/admin/login', body, { headers });
  const setCookie = answer.headers.get('set-cookie');
  const cookie = setCookie?.match(/(?:^|,\s*)((?:__Host-)?rental_session=[^;]*)/)?.[1] ?? null;
  const device = setCookie?.match(/(?:^|,\s*)((?:__Host-)?rental_device=[^;]*)/)?.[1] ?? null;
  return { answer, setCookie, cookie, device };
}

// ---------------------------------------------------------------------------------------------
// Bookings.

export interface CarDto {
  id: string;
  name: string;
  category: string;
  dailyRate: string;
  seats: number;
  transmission: string;
  fuel: string;
  image: string;
  available: boolean;
}

export async function listCars(h: Harness): Promise<CarDto[]> {
  const answer = await call<CarDto[]>(h, 'GET', '/api/cars');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The n-th available car of the seeded fleet. */
export async function availableCar(h: Harness, index: number): Promise<CarDto> {
  const car = (await listCars(h)).filter((c) => c.available)[index];
  if (!car) throw new Error(`no available car #${index}`);
  return car;
}

let renterCounter = 0;

/** A fresh renter identity, so bookings in one file do not share a customer unless asked to. */
export function renter(prefix = 'renter'): { fullName: string; email: string } {
  renterCounter += 1;
  const tag = randomUUID().slice(0, 8);
  return { fullName: `Test Renter ${String.fromCharCode(65 + (renterCounter % 26))}${tag}`, email: `${prefix}-${tag}@example.com` };
}

/** Uploads the three documents and books through POST /api/bookings. */
export async function book(
  h: Harness,
  carId: string,
  overrides: Parameters<typeof bookingPayload>[2] = {},
  options: CallOptions = {},
): Promise<JsonAnswer> {
  const documents = await uploadDocuments(h);
  const payload = bookingPayload(carId, documents, { ...overrides, customer: { ...renter(), ...overrides.customer } });
  return call(h, 'POST', '/api/bookings', payload, options);
}

/** Books and fails the test unless the booking was made. */
export async function bookOk(h: Harness, carId: string, overrides: Parameters<typeof bookingPayload>[2] = {}): Promise<any> {
  const answer = await book(h, carId, overrides);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

let heldDocuments = 0;

/**
 * A private document staff may open: booked as the first photo ID (`bytes`) of a booking on the
 * `car`-th available car, two days apiece from 330 days ahead. Answers the path the booking holds it
 * under and the booking's customer.
 */
export async function heldDocument(h: Harness, bytes: Buffer, options: { contentType?: string; car?: number } = {}): Promise<{ path: string; customerId: string }> {
  const { contentType = 'image/png', car = 0 } = options;
  const documents = { ...(await uploadDocuments(h)), photoId1Url: await upload(h, bytes, { contentType }) };
  const day = 330 + 2 * (heldDocuments++ % 15);
  const payload = bookingPayload((await availableCar(h, car)).id, documents, { booking: { pickupDate: daysFromToday(day), returnDate: daysFromToday(day + 1) } });
  const answer = await call(h, 'POST', '/api/bookings', payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { path: answer.body.booking.photoId1Url, customerId: answer.body.customer.id };
}

/** Sums peso strings exactly, in centavos, and formats "1234.50". */
export function pesos(...amounts: Array<string | number>): string {
  const centavos = amounts.reduce<number>((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
  return (centavos / 100).toFixed(2);
}

import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, daysFromToday, fileBytes, upload, uploadDocuments } from '../utils/fixtures';
import { createHarness, TEST_API_TOKEN, type Harness } from '../utils/harness';
import { availableCar, bookOk, call, heldDocument, renter, signIn } from './helpers';
import { messages } from '../../src/shared/messages';
import { cleanupUploads } from '../../src/server/services/upload.service';

const run = promisify(execFile);

let h: Harness;
let https: Harness;
beforeAll(async () => {
  h = await createHarness();
  https = await createHarness({ env: { PUBLIC_URL: 'https://rental.example.com' } });
});
afterAll(async () => {
  await h?.close();
  await https?.close();
});

describe('security headers', () => {
  it('every kind of answer carries a CSP without inline scripts, frame-ancestors none, nosniff and a Referrer-Policy, and no X-Powered-By', async () => {
    const document = await upload(h, fileBytes('png'));
    const answers = [
      await h.app.request('/api/cars'),
      await h.app.request('/api/nowhere'),
      await h.app.request('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      await h.app.request(document),
      await h.app.request(document, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } }),
      await h.app.request('/trpc/cars.list'),
    ];
    for (const answer of answers) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      const scripts = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src')) ?? csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('default-src'));
      expect(scripts, answer.url).toBeTruthy();
      expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin|strict-origin)$/);
      expect(answer.headers.get('x-powered-by')).toBeNull();
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS when the site is served over https, and the session cookie is Secure there', async () => {
    const answer = await https.app.request('/api/cars');
    expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const login = await https.app.request('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://rental.example.com' },
      body: JSON.stringify({ password: 'correct horse battery staple' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    expect(login.headers.get('set-cookie')).toMatch(/;\s*HttpOnly/i);
  });
});

describe('object paths', () => {
  it('refuses traversal, encoded slashes and malformed keys on reads and uploads, for staff too, never serving a file', async () => {
    const { path: document } = await heldDocument(h, fileBytes('png'));
    const id = document.split('/').pop()!;
    const paths = [
      '/objects/private/../../postgres-credentials.json',
      '/objects/private/..%2F..%2Fpostgres-credentials.json',
      '/objects/private/%2e%2e%2f%2e%2e%2fpostgres-credentials.json',
      `/objects/private%2F${id}`,
      `/objects/public/..%2Fprivate%2F${id}`,
      `/objects/private/${id}%2F..%2F${id}`,
      `/objects/private/${id}.meta.json`,
      `/objects/private/${id}%00`,
      `/objects/PRIVATE/${id}`,
      `/objects/public/${id}`,
    ];
    for (const path of paths) {
      for (const headers of [{}, { authorization: `Bearer ${TEST_API_TOKEN}` }] as Array<Record<string, string>>) {
        const answer = await h.app.request(path, { headers });
        expect(answer.status, path).toBeGreaterThanOrEqual(400);
        expect(answer.status, path).toBeLessThan(500);
        const text = await answer.text();
        expect(text).not.toContain('password');
        expect(text).not.toContain('\x89PNG');
      }
      const put = await h.app.request(path.replace('/objects/', '/objects/upload/'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(fileBytes('png')) });
      expect(put.status, `PUT ${path}`).toBeGreaterThanOrEqual(400);
      expect(put.status, `PUT ${path}`).toBeLessThan(500);
    }
    // The real document is still there, for staff only.
    expect((await h.app.request(document)).status).toBe(401);
    expect((await h.app.request(document, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } })).status).toBe(200);
  });

  it('refuses an upload address of one object reused for another key', async () => {
    const ask = await call(h, 'POST', '/api/objects/upload');
    const other = await call(h, 'POST', '/api/objects/upload');
    const url = new URL(ask.body.uploadURL as string);
    const otherKey = new URL(other.body.uploadURL as string).pathname;
    const answer = await h.app.request(otherKey + url.search, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(fileBytes('png')) });
    expect(answer.status).toBe(403);
  });
});

describe('documents a booking no longer holds', () => {
  /** A booking of another renter naming `path` as its first photo ID, the other two documents their own. */
  async function bookWithDocument(path: string, carIndex: number, day: number) {
    const documents = { ...(await uploadDocuments(h)), photoId1Url: path };
    return call(h, 'POST', '/api/bookings', bookingPayload((await availableCar(h, carIndex)).id, documents, { customer: renter(`reuser-${day}`), booking: { pickupDate: daysFromToday(day), returnDate: daysFromToday(day + 1) } }));
  }

  it('a document the renter replaced cannot become another booking’s, and the next clean-up deletes it', async () => {
    const first = await bookOk(h, (await availableCar(h, 3)).id, { booking: { pickupDate: daysFromToday(210), returnDate: daysFromToday(211) } });
    const replacedPath = first.booking.photoId1Url as string;
    const replaced = await call(h, 'PUT', `/api/customers/${first.customer.id}/documents`, await uploadDocuments(h), { headers: { 'x-document-token': first.documentToken } });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);

    const answer = await bookWithDocument(replacedPath, 4, 212);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.message).toBe(messages.errors.uploadNotFound);
    await cleanupUploads(h.deps);
    expect(await h.deps.storage.probe(replacedPath.replace('/objects/', ''), 1)).toBeNull();
  });

  it('an erased customer’s identity document cannot become another booking’s, and the next clean-up deletes it', async () => {
    const first = await bookOk(h, (await availableCar(h, 5)).id, { booking: { pickupDate: daysFromToday(220), returnDate: daysFromToday(221) } });
    const erasedPath = first.booking.photoId1Url as string;
    expect((await call(h, 'PATCH', `/api/admin/bookings/${first.booking.id}/status`, { status: 'cancelled' }, { staff: true })).status).toBe(200);
    expect((await call(h, 'DELETE', `/api/admin/customers/${first.customer.id}`, undefined, { staff: true })).status).toBe(200);

    const answer = await bookWithDocument(erasedPath, 6, 222);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect((await call(h, 'GET', erasedPath, undefined, { staff: true })).status).toBe(404);
    await cleanupUploads(h.deps);
    expect(await h.deps.storage.probe(erasedPath.replace('/objects/', ''), 1)).toBeNull();
  });
});

describe('sign-in', () => {
  it('gives a different session token at every sign-in, and the old cookie stays dead after logout', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const { cookie } = await signIn(h);
      expect(cookie).toMatch(/^rental_session=[A-Za-z0-9_-]{22,}$/);
      tokens.add(cookie!);
    }
    expect(tokens.size).toBe(3);
    const [first] = [...tokens];
    expect((await call(h, 'POST', '/api/admin/logout', undefined, { cookie: first! })).status).toBe(200);
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: first! })).status).toBe(401);
    // Signing in again does not bring the old token back to life.
    await signIn(h);
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: first! })).status).toBe(401);
  });

  it('stores no session token in clear: the database holds only hashes of the cookies it gave out', async () => {
    const { cookie } = await signIn(h);
    const token = cookie!.split('=')[1]!;
    const rows = (await h.orm.em.fork().getConnection().execute(`select t::text as row from admin_session t`)) as Array<{ row: string }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toContain(token);
  });

  it('the built JavaScript contains none of the server’s secrets, even when they are set at build time', async () => {
    const out = await mkdtemp(join(tmpdir(), 'rental-build-'));
    const canaries = {
      ADMIN_PASSWORD: 'canary-admin-password-5c1e',
      ADMIN_API_TOKEN: 'canary-api-token-0f9d2b7a1c3e5f70',
      S3_SECRET_ACCESS_KEY: 'canary-s3-secret-9b8a7c',
      S3_ACCESS_KEY_ID: 'canary-s3-key-id-44d2',
      DATABASE_URL: 'postgresql://canary:canary-db-password-7e1@db.example/rental',
      SMTP_URL: 'smtp://canary:canary-smtp-password-3a9@mail.example:587',
    };
    try {
      await run(join(process.cwd(), 'node_modules', '.bin', 'vite'), ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
        env: { ...process.env, ...canaries },
        timeout: 240_000,
      });
      const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && /\.(js|mjs|html|map|json)$/.test(entry.name));
      expect(files.some((entry) => entry.name.endsWith('.js'))).toBe(true);
      for (const entry of files) {
        const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
        for (const [name, value] of Object.entries(canaries)) expect(text, `${entry.name} contains ${name}`).not.toContain(value.split('@')[0]!.split(':').pop()!);
        expect(text, entry.name).not.toMatch(/ADMIN_PASSWORD|ADMIN_API_TOKEN|S3_SECRET_ACCESS_KEY|DATABASE_URL|SMTP_URL|-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('behind the trusted proxy, without PUBLIC_URL', () => {
  it('takes the site’s address from the entries the proxy wrote (the last), not what the client sent before them', async () => {
    const proxied = await createHarness({ env: { TRUST_PROXY: 'true' } });
    try {
      // A proxy that appends keeps the client's own X-Forwarded-Host and -Proto first.
      const forwarded = { 'x-forwarded-host': 'attacker.example, rent.example.ph', 'x-forwarded-proto': 'http, https', 'x-forwarded-for': '203.0.113.9' };
      const ask = await proxied.app.request('/api/objects/upload', { method: 'POST', headers: forwarded });
      expect(ask.status).toBe(200);
      expect(((await ask.json()) as { uploadURL: string }).uploadURL).toMatch(/^https:\/\/rent\.example\.ph\/objects\/upload\//);
      // The same entry says whether the answer went out over https (HSTS), whatever the client put first.
      expect((await proxied.app.request('/api/site', { headers: forwarded })).headers.get('strict-transport-security')).not.toBeNull();
      expect((await proxied.app.request('/api/site', { headers: { ...forwarded, 'x-forwarded-proto': 'https, http' } })).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

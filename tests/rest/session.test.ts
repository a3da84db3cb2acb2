import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { restRoutes } from '../../src/server/rest';
import { fileBytes } from '../utils/fixtures';
import { createHarness, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type Harness } from '../utils/harness';
import { SPEC, askUpload, call, expectUnchangedBy, heldDocument, putFile, signIn } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every documented /api/admin/* path that needs a signed-in caller, with its method. */
const adminRoutes = restRoutes.filter((route) => route.path.startsWith('/api/admin/') && route.auth !== 'public');
const OWNER = { authenticated: true, account: expect.objectContaining({ email: TEST_ADMIN_EMAIL, role: 'owner', name: 'Owner' }) };

describe('POST /api/admin/login', () => {
  it('answers 401 {"message":"Incorrect password. Please try again."} for a wrong password, setting no cookie', async () => {
    const wrong = await signIn(h, 'not the password');
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.body).toEqual({ message: SPEC.wrongPassword });
    expect(wrong.setCookie).toBeNull();
  });

  it('answers 400 with issues for an empty password', async () => {
    const empty = await call(h, 'POST', '/api/admin/login', { password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((i: any) => i.path)).toContain('password');
  });

  it('answers 200 and sets an HttpOnly, SameSite=Strict rental_session cookie for the right password', async () => {
    const right = await signIn(h);
    expect(right.answer.status).toBe(200);
    expect(right.answer.body).toEqual(OWNER);
    expect(right.setCookie).toMatch(/^rental_session=[^;]{20,};/);
    expect(right.setCookie).toMatch(/;\s*HttpOnly/i);
    expect(right.setCookie).toMatch(/;\s*SameSite=Strict/i);
    expect(right.setCookie).toMatch(/;\s*Path=\//i);
    // the token is not the password
    expect(right.setCookie).not.toContain(encodeURIComponent(TEST_ADMIN_PASSWORD));
  });

  it('makes a new session token at each sign-in', async () => {
    const first = await signIn(h);
    const second = await signIn(h);
    expect(first.cookie).not.toBeNull();
    expect(second.cookie).not.toBeNull();
    expect(first.cookie).not.toBe(second.cookie);
  });
});

describe('the staff session', () => {
  /** One sign-in shared by the tests that do not end it (each sign-in hashes the password). */
  let cookie = '';
  beforeAll(async () => {
    const signedIn = await signIn(h);
    expect(signedIn.answer.status).toBe(200);
    cookie = signedIn.cookie!;
  });

  it('GET /api/admin/session says authenticated true with the cookie and false without', async () => {
    const withCookie = await call(h, 'GET', '/api/admin/session', undefined, { cookie });
    expect(withCookie.status).toBe(200);
    expect(withCookie.body).toEqual(OWNER);
    const without = await call(h, 'GET', '/api/admin/session');
    expect(without.status).toBe(200);
    expect(without.body).toEqual({ authenticated: false });
    const forged = await call(h, 'GET', '/api/admin/session', undefined, { cookie: 'rental_session=forged-token-value' });
    expect(forged.body).toEqual({ authenticated: false });
  });

  it('opens the admin paths with the cookie, reads and writes alike', async () => {
    const list = await call(h, 'GET', '/api/admin/bookings', undefined, { cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).not.toBeNull();
    const blocked = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Cookie Written' }, { cookie, headers: { origin: 'http://localhost' } });
    expect(blocked.status).toBe(201);
    const audit = await call(h, 'GET', '/api/admin/audit?limit=1', undefined, { cookie });
    expect(audit.body.items[0]).toMatchObject({ action: 'blocked_name.create', actor: 'Owner', actorEmail: TEST_ADMIN_EMAIL });
  });

  it('lets staff read private documents with the cookie', async () => {
    const { path } = await heldDocument(h, fileBytes('pdf', 300), { contentType: 'application/pdf' });
    const response = await h.app.request(path, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename=/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a cookie-authenticated write that names another site’s Origin (403), changing nothing', async () => {
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Cross Site' }, { cookie, headers: { origin: 'https://evil.example' } });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: expect.any(String) });
      const marked = await call(h, 'DELETE', `/api/admin/blocked-names/${SOME_ID}`, undefined, { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(marked.status).toBe(403);
    });
  });

  it('ends the session at logout: the old cookie then gets 401 on /api/admin/bookings', async () => {
    const cookie = (await signIn(h)).cookie ?? '';
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie })).status).toBe(200);
    const out = await call(h, 'POST', '/api/admin/logout', undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ authenticated: false });
    expect(out.headers.get('set-cookie')).toMatch(/^rental_session=;.*Max-Age=0/i);
    const after = await call(h, 'GET', '/api/admin/bookings', undefined, { cookie });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: expect.any(String) });
    expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie })).body).toEqual({ authenticated: false });
  });

  it('expires a session after 12 hours idle, but not while it is in use', async () => {
    const own = (await signIn(h)).cookie ?? '';
    try {
      clock.advance(11 * 3_600_000);
      expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: own })).status).toBe(200);
      clock.advance(11 * 3_600_000);
      expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: own })).status).toBe(200);
      clock.advance(13 * 3_600_000);
      expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: own })).status).toBe(401);
      expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie: own })).body).toEqual({ authenticated: false });
    } finally {
      clock.reset();
    }
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: own })).status).toBe(401);
  });

  it('answers logout without a session with 200 {authenticated:false}', async () => {
    const out = await call(h, 'POST', '/api/admin/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ authenticated: false });
  });
});

describe('every /api/admin/* path needs a session or the API token', () => {
  it('covers the documented admin paths', () => {
    const paths = adminRoutes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'get /api/admin/customers',
        'get /api/admin/bookings',
        'get /api/admin/blocked-names',
        'post /api/admin/cars',
        'put /api/admin/cars/{id}',
        'delete /api/admin/cars/{id}',
        'post /api/admin/customers',
        'put /api/admin/customers/{id}',
        'delete /api/admin/customers/{id}',
        'post /api/admin/bookings',
        'patch /api/admin/bookings/{id}/status',
        'patch /api/admin/bookings/{id}/dates',
        'patch /api/admin/bookings/{id}/payment',
        'get /api/admin/bookings/{id}/payments',
        'post /api/admin/blocked-names',
        'delete /api/admin/blocked-names/{id}',
        'get /api/admin/customers/export.csv',
        'get /api/admin/overview',
        'get /api/admin/audit',
      ]),
    );
    // everything under /api/admin/ is staff-only except the three sign-in paths and the one-time password link's two
    const open = restRoutes.filter((route) => route.path.startsWith('/api/admin/') && route.auth === 'public').map((route) => route.path);
    expect(open.sort()).toEqual(['/api/admin/login', '/api/admin/logout', '/api/admin/password-link', '/api/admin/password-link/password', '/api/admin/session']);
  });

  it('answers 401 JSON without a session, with a bad token or an ended session, changing nothing', async () => {
    const cookie = (await signIn(h)).cookie ?? '';
    await call(h, 'POST', '/api/admin/logout', undefined, { cookie });
    const attempts: Array<{ name: string; headers: Record<string, string> }> = [
      { name: 'nothing', headers: {} },
      { name: 'wrong bearer', headers: { authorization: 'Bearer wrong-token' } },
      { name: 'password as bearer', headers: { authorization: `Bearer ${TEST_ADMIN_PASSWORD}` } },
      { name: 'forged cookie', headers: { cookie: 'rental_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
      { name: 'ended session', headers: { cookie } },
    ];
    await expectUnchangedBy(h, async () => {
      for (const route of adminRoutes) {
        const path = route.path.replace(/\{\w+\}/g, SOME_ID);
        const body = ['post', 'put', 'patch'].includes(route.method) ? { fullName: 'X Y', status: 'cancelled', amount: 1 } : undefined;
        for (const attempt of attempts) {
          const answer = await call(h, route.method.toUpperCase(), path, body, { headers: attempt.headers });
          expect(answer.status, `${route.method.toUpperCase()} ${route.path} with ${attempt.name}`).toBe(401);
          expect(answer.body).toEqual({ message: expect.any(String) });
        }
      }
    });
  });

  it('answers 401 for a private document without a session', async () => {
    const ask = await askUpload(h);
    expect((await putFile(h, ask.body.uploadURL, fileBytes('jpeg', 300), 'image/jpeg')).status).toBe(200);
    const answer = await call(h, 'GET', ask.body.objectPath, undefined, { headers: { authorization: 'Bearer nope' } });
    expect(answer.status).toBe(401);
  });
});

describe('sign-in through tRPC', () => {
  const trpc = (path: string, body: unknown, cookie?: string) =>
    h.app.request(`/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ json: body }),
    });

  it('admin.login sets the session cookie, admin.session sees it, and admin.logout clears it and ends the session', async () => {
    const login = await trpc('admin.login', { password: TEST_ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/rental_session=[^;]+;.*HttpOnly/i);
    const cookie = setCookie.split(';')[0]!;

    const session = await h.app.request('/trpc/admin.session', { headers: { cookie } });
    expect(await session.text()).toContain('"authenticated":true');

    const logout = await trpc('admin.logout', null, cookie);
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie') ?? '').toMatch(/rental_session=;/);
    expect((await h.app.request('/api/admin/bookings', { headers: { cookie } })).status).toBe(401);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordQueueSize } from '../../src/server/auth/password';
import { THROTTLE_LIMITS } from '../../src/server/auth/throttle';
import { clock } from '../../src/server/clock';
import { StaffAccount } from '../../src/server/db/entities';
import { messages } from '../../src/shared/messages';
import { createHarness, type Harness } from '../utils/harness';
import { createAccount, newSecret, sessionCookie, totpCode } from '../utils/staff';
import { call, signInWith } from './helpers';

/**
 * The staff side as an attacker sees it: a stolen session cookie, a stolen password without the
 * phone, a browser that signs in over an earlier session.
 */

// Every attempt checks a password with scrypt, one at a time per process.
vi.setConfig({ testTimeout: 180_000 });

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => h.close());
// The sign-in throttle's pauses move the clock instead of taking their time (see clock.wait).
beforeEach(() => clock.waitInstantly());
afterEach(() => clock.reset());

const JSON_WRITE = { origin: 'http://localhost' };

/** A six-digit code that is none of those the app shows around now. */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((offset) => totpCode(secret, new Date(clock.now().getTime() + offset)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

describe('a stolen session cookie', () => {
  it('cannot guess the account’s password through the paths that ask for it again: they count as sign-in attempts', async () => {
    const account = await createAccount(h, { password: 'the real password', totp: newSecret() });
    const cookie = await sessionCookie(h, account.id);
    const from = { ...JSON_WRITE, 'x-forwarded-for': '203.0.113.7' };
    const hashBefore = (await h.orm.em.fork().findOneOrFail(StaffAccount, { id: account.id })).passwordHash;

    const statuses: number[] = [];
    for (let i = 0; i < 14 && statuses.at(-1) !== 429; i += 1) {
      const path = i % 2 ? '/api/admin/account/two-factor/recovery-codes' : '/api/admin/account/password';
      const body = i % 2 ? { password: `guess ${i}` } : { currentPassword: `guess ${i}`, newPassword: 'attacker password 1' };
      statuses.push((await call(h, 'POST', path, body, { cookie, headers: from })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400), statuses.join()).toBe(true);
    expect(statuses.at(-1), 'the guesses are stopped').toBe(429);

    // Even the right password is refused until the window has passed, and nothing changed.
    const right = await call(h, 'POST', '/api/admin/account/password', { currentPassword: 'the real password', newPassword: 'attacker password 1' }, { cookie, headers: from });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(messages.errors.tooManyAttempts);
    expect((await h.orm.em.fork().findOneOrFail(StaffAccount, { id: account.id })).passwordHash).toBe(hashBefore);
  });
});

describe('a stolen password without the phone', () => {
  it('wrong second-factor codes stop new devices for a day, from any address; the account’s own devices still sign in', async () => {
    const secret = newSecret();
    const account = await createAccount(h, { password: 'password of totp', totp: secret });
    const office = { 'x-forwarded-for': '192.0.2.44' };
    const own = await signInWith(h, { email: account.email, password: 'password of totp', code: totpCode(secret) }, office);
    expect(own.answer.status).toBe(200);
    const device = own.device!;

    // The attacker knows the password and guesses codes, each from a fresh address, a few an hour.
    const statuses: number[] = [];
    for (let i = 0; i < 30 && statuses.at(-1) !== 429; i += 1) {
      clock.advance(20 * 60_000);
      const attempt = await signInWith(h, { email: account.email, password: 'password of totp', code: wrongCode(secret) }, { 'x-forwarded-for': `198.51.100.${i}` });
      statuses.push(attempt.answer.status);
    }
    expect(statuses.at(-1), statuses.join()).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(21);

    // A right code from a new device is refused too (the count is the account's, not the address's) ...
    clock.advance(60_000);
    const stranger = await signInWith(h, { email: account.email, password: 'password of totp', code: totpCode(secret) }, { 'x-forwarded-for': '198.51.100.200' });
    expect(stranger.answer.status).toBe(429);
    expect(Number(stranger.answer.headers.get('retry-after'))).toBeGreaterThan(3600);
    // ... but the device that signed in before is not locked out.
    const known = await signInWith(h, { email: account.email, password: 'password of totp', code: totpCode(secret) }, { ...office, cookie: device });
    expect(known.answer.status, JSON.stringify(known.answer.body)).toBe(200);
  });
});

describe('signing in again in one browser', () => {
  it('ends the session the browser’s cookie named: a copy of the earlier cookie stops working', async () => {
    const account = await createAccount(h, { password: 'signs in twice' });
    const first = await signInWith(h, { email: account.email, password: 'signs in twice' });
    expect((await call(h, 'GET', '/api/admin/account', undefined, { cookie: first.cookie! })).status).toBe(200);
    const second = await signInWith(h, { email: account.email, password: 'signs in twice' }, { cookie: first.cookie! });
    expect(second.answer.status).toBe(200);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await call(h, 'GET', '/api/admin/account', undefined, { cookie: first.cookie! })).status).toBe(401);
    expect((await call(h, 'GET', '/api/admin/account', undefined, { cookie: second.cookie! })).status).toBe(200);
  });
});

describe('a browser that signed in before the password changed', () => {
  /** Strangers' wrong guesses from many addresses, enough to stop the account's new devices. */
  async function floodAccount(email: string): Promise<void> {
    for (let i = 0; i <= THROTTLE_LIMITS.account.blockAfter; i += 1) {
      await h.deps.signInThrottle.attempt({ network: `198.18.0.${i}`, email, device: null }).catch(() => undefined);
    }
  }

  it('is a new device again after a reset: a thief’s old browser is throttled as a stranger’s, the person’s new one is not', async () => {
    const account = await createAccount(h, { password: 'the old password' });
    const thief = await signInWith(h, { email: account.email, password: 'the old password' }, { 'x-forwarded-for': '203.0.113.50' });
    expect(thief.answer.status).toBe(200);

    // The owner resets the sign-in; its person chooses a new password and signs in from their own browser.
    const owner = await sessionCookie(h, (await createAccount(h, { role: 'owner', password: 'the owner password' })).id);
    const reset = await call(h, 'POST', `/api/admin/staff/${account.id}/reset`, undefined, { cookie: owner, headers: JSON_WRITE });
    expect(reset.status).toBe(200);
    const token = new URL(reset.body.link.url as string).hash.replace('#set-password=', '');
    expect((await call(h, 'POST', '/api/admin/password-link/password', { token, password: 'the new password' })).status).toBe(200);
    const own = await signInWith(h, { email: account.email, password: 'the new password' }, { 'x-forwarded-for': '192.0.2.60' });
    expect(own.answer.status).toBe(200);

    await floodAccount(account.email);
    const guess = await signInWith(h, { email: account.email, password: 'a guess at the new one' }, { 'x-forwarded-for': '203.0.113.50', cookie: thief.device! });
    expect(guess.answer.status, 'the old browser proves nothing about the new password').toBe(429);
    const mine = await signInWith(h, { email: account.email, password: 'the new password' }, { 'x-forwarded-for': '192.0.2.60', cookie: own.device! });
    expect(mine.answer.status, JSON.stringify(mine.answer.body)).toBe(200);
  });

  it('stays known where the password was changed: that browser gets a new device cookie, the account’s other browsers do not', async () => {
    const account = await createAccount(h, { password: 'first password 1' });
    const office = { 'x-forwarded-for': '192.0.2.61' };
    const here = await signInWith(h, { email: account.email, password: 'first password 1' }, office);
    const elsewhere = await signInWith(h, { email: account.email, password: 'first password 1' }, { 'x-forwarded-for': '192.0.2.62' });
    const change = await call(
      h,
      'POST',
      '/api/admin/account/password',
      { currentPassword: 'first password 1', newPassword: 'second password 2' },
      { cookie: here.cookie!, headers: { ...office, ...JSON_WRITE, cookie: `${here.cookie!}; ${here.device!}` } },
    );
    expect(change.status).toBe(200);
    const renewed = change.headers.get('set-cookie')?.match(/((?:__Host-)?rental_device=[^;]*)/)?.[1];
    expect(renewed).toBeDefined();

    await floodAccount(account.email);
    expect((await signInWith(h, { email: account.email, password: 'second password 2' }, { ...office, cookie: renewed! })).answer.status).toBe(200);
    expect((await signInWith(h, { email: account.email, password: 'second password 2' }, { 'x-forwarded-for': '192.0.2.62', cookie: elsewhere.device! })).answer.status).toBe(429);
  });
});

describe('a sign-in under way while the account’s sign-in is taken away', () => {
  /** Whether a sign-in's cookie, if it got one, opens the dashboard. */
  const works = async (signedIn: { cookie: string | null }) => (await call(h, 'GET', '/api/admin/account', undefined, { cookie: signedIn.cookie ?? 'rental_session=none' })).status === 200;
  const checking = () => expect.poll(() => passwordQueueSize().running, { interval: 5, timeout: 10_000 }).toBe(1);

  it('gets no session once the owner has reset the account during its password check', async () => {
    const victim = await createAccount(h, { password: 'stolen password 1' });
    const owner = await sessionCookie(h, (await createAccount(h, { role: 'owner' })).id);
    const thief = signInWith(h, { email: victim.email, password: 'stolen password 1' }, { 'x-forwarded-for': '203.0.113.9' });
    await checking();
    expect((await call(h, 'POST', `/api/admin/staff/${victim.id}/reset`, undefined, { cookie: owner, headers: JSON_WRITE })).status).toBe(200);
    const signedIn = await thief;
    expect(signedIn.answer.status).toBe(401);
    expect(await works(signedIn)).toBe(false);
  });

  it('gets no session from the old password once its person has changed it', async () => {
    const victim = await createAccount(h, { password: 'old password 12' });
    const own = await sessionCookie(h, victim.id);
    const confirmed = passwordQueueSize().finished + 1;
    const change = call(h, 'POST', '/api/admin/account/password', { currentPassword: 'old password 12', newPassword: 'new password 34' }, { cookie: own, headers: JSON_WRITE });
    // The current password was confirmed and the new one is being hashed: the thief's sign-in reads
    // the account as it is now, and its check waits for the hashing, then the change's commit.
    await expect.poll(() => passwordQueueSize().finished === confirmed && passwordQueueSize().running === 1, { interval: 5, timeout: 10_000 }).toBe(true);
    const thief = signInWith(h, { email: victim.email, password: 'old password 12' }, { 'x-forwarded-for': '203.0.113.10' });
    expect((await change).status).toBe(200);
    const signedIn = await thief;
    expect(await works(signedIn)).toBe(false);
    expect((await signInWith(h, { email: victim.email, password: 'new password 34' }, { 'x-forwarded-for': '203.0.113.11' })).answer.status).toBe(200);
  });

  it('gets no session that comes back when a disabled account is enabled again', async () => {
    const victim = await createAccount(h, { password: 'stolen password 2' });
    const owner = await sessionCookie(h, (await createAccount(h, { role: 'owner' })).id);
    const thief = signInWith(h, { email: victim.email, password: 'stolen password 2' }, { 'x-forwarded-for': '203.0.113.12' });
    await checking();
    expect((await call(h, 'POST', `/api/admin/staff/${victim.id}/disable`, undefined, { cookie: owner, headers: JSON_WRITE })).status).toBe(200);
    const signedIn = await thief;
    expect((await call(h, 'POST', `/api/admin/staff/${victim.id}/enable`, undefined, { cookie: owner, headers: JSON_WRITE })).status).toBe(200);
    expect(await works(signedIn)).toBe(false);
  });
});

describe('two owners acting on each other at once', () => {
  /** Two new owners, each signed in, making `act` on the other's account at once: both answers, and the two accounts afterwards. */
  async function atEachOther<T>(act: (other: { id: string; options: { cookie: string; headers: typeof JSON_WRITE } }) => Promise<T>) {
    const a = await createAccount(h, { role: 'owner' });
    const b = await createAccount(h, { role: 'owner' });
    const [ca, cb] = [await sessionCookie(h, a.id), await sessionCookie(h, b.id)];
    const answers = await Promise.all([act({ id: b.id, options: { cookie: ca, headers: JSON_WRITE } }), act({ id: a.id, options: { cookie: cb, headers: JSON_WRITE } })]);
    return { answers, accounts: () => h.orm.em.fork().find(StaffAccount, { id: { $in: [a.id, b.id] } }) };
  }

  it('cannot both demote the other: the second is no longer an owner', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { answers, accounts } = await atEachOther((other) => call(h, 'PUT', `/api/admin/staff/${other.id}`, { role: 'staff' }, other.options));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      const roles = await accounts();
      expect(roles.map((account) => account.role).sort()).toEqual(['owner', 'staff']);
    }
  });

  it('cannot both disable the other', async () => {
    const { answers, accounts } = await atEachOther((other) => call(h, 'POST', `/api/admin/staff/${other.id}/disable`, undefined, other.options));
    // The second is refused: by the lock here (403), or, once the first has committed, because its session ended with its account (401).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect((await accounts()).filter((account) => account.disabledAt)).toHaveLength(1);
  });
});

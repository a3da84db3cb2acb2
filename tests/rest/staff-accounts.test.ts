import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { StaffAccount } from '../../src/server/db/entities';
import { ensureOwner } from '../../src/server/services/staff.service';
import { messages } from '../../src/shared/messages';
import { createHarness, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type Harness } from '../utils/harness';
import { createAccount, sessionCookie, totpCode } from '../utils/staff';
import { SPEC, call, signIn, signInWith } from './helpers';

// Each sign-in checks a password with scrypt (one at a time per process): with other test files
// hashing beside this one, a test of several sign-ins takes longer than the default limit.
vi.setConfig({ testTimeout: 180_000 });

let h: Harness;
let owner = '';
beforeAll(async () => {
  h = await createHarness();
  owner = (await signIn(h)).cookie!;
});
afterAll(() => h.close());
// The sign-in throttle's pauses move the clock instead of taking their time (see clock.wait).
beforeEach(() => clock.waitInstantly());
afterEach(() => clock.reset());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const JSON_WRITE = { origin: 'http://localhost' };

/** The token of a one-time link's address (…/admin#set-password=<token>). */
function linkToken(url: string): string {
  const token = new URL(url).hash.replace(/^#set-password=/, '');
  expect(token.length).toBeGreaterThan(20);
  return token;
}

/** The owner adds an account in the Staff tab; its person opens the link and chooses a password. */
async function addStaff(name: string, email: string, password: string, role: 'staff' | 'owner' = 'staff') {
  const created = await call(h, 'POST', '/api/admin/staff', { name, email, role }, { cookie: owner, headers: JSON_WRITE });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.account).toMatchObject({ name, email, role, status: 'invited', twoFactor: false, activeSessions: 0 });
  expect(created.body.link.url).toMatch(/^http:\/\/localhost\/admin#set-password=/);
  const token = linkToken(created.body.link.url);
  expect((await call(h, 'POST', '/api/admin/password-link', { token })).body).toEqual({ name, email });
  const set = await call(h, 'POST', '/api/admin/password-link/password', { token, password });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return created.body.account as { id: string };
}

describe('staff accounts', () => {
  it('the owner adds a staff account; its person chooses a password through the link, signs in with e-mail and password, and the log names them', async () => {
    const account = await addStaff('Liza Santos', 'liza@example.com', 'liza password 2026');
    const liza = await signInWith(h, { email: 'Liza@Example.com', password: 'liza password 2026' });
    expect(liza.answer.status).toBe(200);
    expect(liza.answer.body).toEqual({
      authenticated: true,
      account: { id: account.id, name: 'Liza Santos', email: 'liza@example.com', role: 'staff', twoFactor: false, twoFactorRequired: false, twoFactorSetupRequired: false },
    });
    const blocked = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Logged By Liza' }, { cookie: liza.cookie!, headers: JSON_WRITE });
    expect(blocked.status).toBe(201);
    const byToken = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Logged By Token' }, { staff: true });
    expect(byToken.status).toBe(201);

    const log = await call(h, 'GET', '/api/admin/audit?entityType=blocked_name&limit=2', undefined, { cookie: owner });
    expect(log.body.items.map((entry: any) => [entry.after.fullName, entry.actor, entry.actorEmail])).toEqual([
      ['Logged By Token', 'API token', null],
      ['Logged By Liza', 'Liza Santos', 'liza@example.com'],
    ]);
    const created = await call(h, 'GET', '/api/admin/audit?entityType=staff_account&limit=5', undefined, { cookie: owner });
    expect(created.body.items.find((entry: any) => entry.entityId === account.id && entry.action === 'staff_account.create')).toMatchObject({
      actor: 'Owner',
      actorEmail: TEST_ADMIN_EMAIL,
      after: { name: 'Liza Santos', email: 'liza@example.com', role: 'staff', status: 'invited' },
    });
    const list = await call(h, 'GET', '/api/admin/staff', undefined, { cookie: owner });
    expect(list.body[0]).toMatchObject({ email: TEST_ADMIN_EMAIL, mainOwner: true, role: 'owner' });
    expect(list.body.find((row: any) => row.id === account.id)).toMatchObject({ status: 'active', activeSessions: 1, lastSignInAt: expect.any(String) });
  });

  it('a name blocked by a signed-in account is shown as blocked by that person, whatever blockedBy says; the API token keeps its own', async () => {
    await createAccount(h, { email: 'marites@example.com', name: 'Marites Cruz', password: 'marites password 1' });
    const marites = (await signInWith(h, { email: 'marites@example.com', password: 'marites password 1' })).cookie!;
    const plain = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Blocked By Marites' }, { cookie: marites, headers: JSON_WRITE });
    expect(plain.body).toMatchObject({ blockedBy: 'Marites Cruz' });
    const claimed = await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Claimed For Owner', blockedBy: 'Owner' }, { cookie: marites, headers: JSON_WRITE });
    expect(claimed.body).toMatchObject({ blockedBy: 'Marites Cruz' });
    const listed = await call(h, 'GET', '/api/admin/blocked-names?q=Blocked%20By%20Marites', undefined, { cookie: marites });
    expect(listed.body.map((row: any) => row.blockedBy)).toEqual(['Marites Cruz']);
    expect((await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Blocked By Token' }, { staff: true })).body).toMatchObject({ blockedBy: 'admin' });
  });

  it('answers a wrong e-mail address as it answers a wrong password, and {password} alone still signs in the owner', async () => {
    await createAccount(h, { email: 'known@example.com', password: 'known password 1' });
    const wrongPassword = await signInWith(h, { email: 'known@example.com', password: 'not it at all' });
    const unknown = await signInWith(h, { email: 'nobody@example.com', password: 'not it at all' });
    for (const answer of [wrongPassword, unknown]) {
      expect(answer.answer.status).toBe(401);
      expect(answer.answer.body).toEqual({ message: messages.errors.wrongCredentials });
      expect(answer.setCookie).toBeNull();
    }
    const spec = await signIn(h, 'not the password');
    expect(spec.answer.body).toEqual({ message: SPEC.wrongPassword });
    expect((await signIn(h)).answer.body).toMatchObject({ authenticated: true, account: { email: TEST_ADMIN_EMAIL, role: 'owner' } });
    expect((await signInWith(h, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD })).answer.status).toBe(200);
  });

  it('refuses a bad new account (400) and a second account with one address (409), changing nothing', async () => {
    for (const body of [{}, { name: 'X', email: 'not an email', role: 'staff' }, { name: '', email: 'a@example.com', role: 'staff' }, { name: 'A\nB', email: 'a@example.com', role: 'staff' }, { name: 'A', email: 'a@example.com', role: 'boss' }]) {
      expect((await call(h, 'POST', '/api/admin/staff', body, { cookie: owner, headers: JSON_WRITE })).status).toBe(400);
    }
    await createAccount(h, { email: 'taken@example.com' });
    const taken = await call(h, 'POST', '/api/admin/staff', { name: 'Twice', email: 'TAKEN@example.com', role: 'staff' }, { cookie: owner, headers: JSON_WRITE });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: messages.errors.staffEmailTaken });
  });

  it('disabling an account ends its sessions at once; it cannot sign in until enabled again', async () => {
    const account = await createAccount(h, { password: 'disable me please' });
    const session = (await signInWith(h, { email: account.email, password: 'disable me please' })).cookie!;
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: session })).status).toBe(200);

    const disabled = await call(h, 'POST', `/api/admin/staff/${account.id}/disable`, undefined, { cookie: owner });
    expect(disabled.body).toMatchObject({ status: 'disabled', activeSessions: 0 });
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: session })).status).toBe(401);
    // Its right password is answered as a wrong one is: the answer confirms no password.
    const refused = await signInWith(h, { email: account.email, password: 'disable me please' });
    const guessed = await signInWith(h, { email: account.email, password: 'a wrong guess' });
    expect(refused.answer.status).toBe(401);
    expect(refused.answer.body).toEqual({ message: messages.errors.wrongCredentials });
    expect([guessed.answer.status, guessed.answer.body]).toEqual([refused.answer.status, refused.answer.body]);
    expect(refused.cookie).toBeNull();

    expect((await call(h, 'POST', `/api/admin/staff/${account.id}/enable`, undefined, { cookie: owner })).body).toMatchObject({ status: 'active' });
    expect((await signInWith(h, { email: account.email, password: 'disable me please' })).answer.status).toBe(200);
  });

  it('the main owner and the owner themselves cannot be disabled, reset or demoted', async () => {
    const main = (await call(h, 'GET', '/api/admin/staff', undefined, { cookie: owner })).body[0];
    for (const [method, path, body] of [
      ['POST', `/api/admin/staff/${main.id}/disable`, undefined],
      ['POST', `/api/admin/staff/${main.id}/reset`, undefined],
      ['PUT', `/api/admin/staff/${main.id}`, { role: 'staff' }],
    ] as const) {
      const answer = await call(h, method, path, body, { cookie: owner, headers: JSON_WRITE });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: messages.errors.mainOwnerLocked });
    }
    const second = await createAccount(h, { role: 'owner' });
    const cookie = await sessionCookie(h, second.id);
    // (OWNER_REQUIRE_2FA is off in this file, so the second owner needs no second factor.)
    const self = await call(h, 'POST', `/api/admin/staff/${second.id}/disable`, undefined, { cookie });
    expect(self.body).toEqual({ message: messages.errors.ownAccountLocked });
    expect((await call(h, 'PUT', `/api/admin/staff/${second.id}`, { name: 'Second Owner' }, { cookie, headers: JSON_WRITE })).status).toBe(200);
  });

  it('a reset removes the password and ends every session; its link works once and for 72 hours', async () => {
    const account = await createAccount(h, { password: 'before the reset', name: 'Ramon Reset' });
    const session = (await signInWith(h, { email: account.email, password: 'before the reset' })).cookie!;
    const reset = await call(h, 'POST', `/api/admin/staff/${account.id}/reset`, undefined, { cookie: owner });
    expect(reset.status).toBe(200);
    expect(reset.body.account).toMatchObject({ status: 'invited', activeSessions: 0 });
    expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie: session })).body).toEqual({ authenticated: false });
    expect((await signInWith(h, { email: account.email, password: 'before the reset' })).answer.status).toBe(401);

    const token = linkToken(reset.body.link.url);
    expect((await call(h, 'POST', '/api/admin/password-link/password', { token, password: 'short' })).status).toBe(400);
    expect((await call(h, 'POST', '/api/admin/password-link/password', { token, password: 'after the reset' })).body).toEqual({ email: account.email });
    const again = await call(h, 'POST', '/api/admin/password-link/password', { token, password: 'taken over now' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: messages.errors.passwordLinkInvalid });
    expect((await signInWith(h, { email: account.email, password: 'after the reset' })).answer.status).toBe(200);

    const late = await call(h, 'POST', `/api/admin/staff/${account.id}/reset`, undefined, { cookie: owner });
    clock.advance(73 * HOUR);
    expect((await call(h, 'POST', '/api/admin/password-link', { token: linkToken(late.body.link.url) })).status).toBe(400);
  });

  it('a link works only while the owner who gave it may still manage accounts: not once they are disabled, made staff or reset', async () => {
    await addStaff('Olga Owner', 'olga@example.com', 'olga password 1', 'owner');
    const olga = (await signInWith(h, { email: 'olga@example.com', password: 'olga password 1' })).cookie!;
    const olgaId = (await call(h, 'GET', '/api/admin/account', undefined, { cookie: olga })).body.id as string;
    const invite = async (name: string, email: string) => {
      const created = await call(h, 'POST', '/api/admin/staff', { name, email, role: 'owner' }, { cookie: olga, headers: JSON_WRITE });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return linkToken(created.body.link.url);
    };
    const refused = async (token: string) => {
      for (const path of ['/api/admin/password-link', '/api/admin/password-link/password']) {
        const answer = await call(h, 'POST', path, { token, password: 'kept the link 1' });
        expect(answer.status, path).toBe(400);
        expect(answer.body).toEqual({ message: messages.errors.passwordLinkInvalid });
      }
    };
    const kept = await invite('Mallory Kept', 'mallory@example.com');
    const ownersLink = linkToken((await call(h, 'POST', '/api/admin/staff', { name: 'Ines Invited', email: 'ines@example.com', role: 'staff' }, { cookie: owner, headers: JSON_WRITE })).body.link.url);

    expect((await call(h, 'POST', `/api/admin/staff/${olgaId}/disable`, undefined, { cookie: owner })).status).toBe(200);
    await refused(kept);
    expect((await call(h, 'POST', '/api/admin/password-link', { token: ownersLink })).body, 'the main owner’s links are not touched').toEqual({ name: 'Ines Invited', email: 'ines@example.com' });
    expect((await call(h, 'POST', `/api/admin/staff/${olgaId}/enable`, undefined, { cookie: owner })).status).toBe(200);
    const back = (await signInWith(h, { email: 'olga@example.com', password: 'olga password 1' })).cookie!;
    expect((await call(h, 'POST', '/api/admin/password-link', { token: kept })).status, 'enabled again, she may give links again').toBe(200);

    const demoted = await call(h, 'PUT', `/api/admin/staff/${olgaId}`, { role: 'staff' }, { cookie: owner, headers: JSON_WRITE });
    expect(demoted.status).toBe(200);
    await refused(kept);
    expect((await call(h, 'PUT', `/api/admin/staff/${olgaId}`, { role: 'owner' }, { cookie: owner, headers: JSON_WRITE })).status).toBe(200);
    const second = linkToken((await call(h, 'POST', '/api/admin/staff', { name: 'Nina Next', email: 'nina@example.com', role: 'owner' }, { cookie: back, headers: JSON_WRITE })).body.link.url);

    expect((await call(h, 'POST', `/api/admin/staff/${olgaId}/reset`, undefined, { cookie: owner })).status).toBe(200);
    await refused(second);
    expect((await call(h, 'GET', '/api/admin/staff', undefined, { cookie: owner })).body.map((account: { email: string; status: string }) => [account.email, account.status])).toEqual(
      expect.arrayContaining([
        ['mallory@example.com', 'invited'],
        ['nina@example.com', 'invited'],
      ]),
    );
  });

  it('a corrected address for someone who has not chosen a password spends the link given for the earlier one and answers a new one', async () => {
    const created = await call(h, 'POST', '/api/admin/staff', { name: 'Typo Tina', email: 'tnia@example.com', role: 'owner' }, { cookie: owner, headers: JSON_WRITE });
    const sent = linkToken(created.body.link.url);
    const { id } = created.body.account;

    const renamed = await call(h, 'PUT', `/api/admin/staff/${id}`, { name: 'Tina Typo' }, { cookie: owner, headers: JSON_WRITE });
    expect(renamed.status).toBe(200);
    expect(renamed.body.link, 'a new name alone keeps the link').toBeUndefined();

    const corrected = await call(h, 'PUT', `/api/admin/staff/${id}`, { email: 'tina@example.com' }, { cookie: owner, headers: JSON_WRITE });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body).toMatchObject({ email: 'tina@example.com', status: 'invited', link: { url: expect.stringContaining('#set-password=') } });
    const fresh = linkToken(corrected.body.link.url);
    expect(fresh).not.toBe(sent);

    // Whoever the earlier address reached cannot take the account (an owner's) with its link.
    for (const path of ['/api/admin/password-link', '/api/admin/password-link/password']) {
      const stale = await call(h, 'POST', path, { token: sent, password: 'the wrong person 1' });
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual({ message: messages.errors.passwordLinkInvalid });
    }
    expect((await call(h, 'POST', '/api/admin/password-link', { token: fresh })).body).toEqual({ name: 'Tina Typo', email: 'tina@example.com' });
    expect((await call(h, 'POST', '/api/admin/password-link/password', { token: fresh, password: 'tina password 1' })).status).toBe(200);

    // Once the password is chosen, a new address gives no link.
    const moved = await call(h, 'PUT', `/api/admin/staff/${id}`, { email: 'tina.typo@example.com' }, { cookie: owner, headers: JSON_WRITE });
    expect(moved.body).toMatchObject({ email: 'tina.typo@example.com', status: 'active' });
    expect(moved.body.link).toBeUndefined();
  });
});

describe('the activity log of staff accounts', () => {
  /** The account's entries in the log, oldest first, as [action, actor, before, after]. */
  async function entriesOf(id: string) {
    const log = await call(h, 'GET', '/api/admin/audit?entityType=staff_account&limit=200', undefined, { cookie: owner });
    return log.body.items
      .filter((entry: any) => entry.entityId === id)
      .reverse()
      .map((entry: any) => [entry.action, entry.actor, entry.before, entry.after]);
  }

  it('records disabling, enabling, a reset and the account’s own password change, each with who, before and after', async () => {
    const account = await createAccount(h, { password: 'logged password 1', name: 'Lorna Logged' });
    const lorna = (await signInWith(h, { email: account.email, password: 'logged password 1' })).cookie!;
    const changed = await call(h, 'POST', '/api/admin/account/password', { currentPassword: 'logged password 1', newPassword: 'logged password 2' }, { cookie: lorna, headers: JSON_WRITE });
    expect(changed.status).toBe(200);
    expect((await call(h, 'POST', `/api/admin/staff/${account.id}/disable`, undefined, { cookie: owner })).status).toBe(200);
    expect((await call(h, 'POST', `/api/admin/staff/${account.id}/enable`, undefined, { cookie: owner })).status).toBe(200);
    expect((await call(h, 'POST', `/api/admin/staff/${account.id}/reset`, undefined, { cookie: owner })).status).toBe(200);

    const who = { name: 'Lorna Logged' };
    expect((await entriesOf(account.id)).filter(([action]: [string]) => action !== 'staff_account.create')).toEqual([
      ['staff_account.password', 'Lorna Logged', null, { ...who, passwordChanged: true }],
      ['staff_account.disable', 'Owner', expect.objectContaining({ ...who, status: 'active' }), expect.objectContaining({ ...who, status: 'disabled' })],
      ['staff_account.enable', 'Owner', expect.objectContaining({ status: 'disabled' }), expect.objectContaining({ status: 'active' })],
      ['staff_account.reset', 'Owner', expect.objectContaining({ status: 'active' }), expect.objectContaining({ status: 'invited' })],
    ]);
  });

  it('shows the entries about other accounts only to who may see the accounts: staff see their own, the API token none', async () => {
    const other = await createAccount(h, { name: 'Olivia Owner', role: 'owner', password: 'olivia password 1' });
    expect((await call(h, 'PUT', `/api/admin/staff/${other.id}`, { name: 'Olivia Second' }, { cookie: owner, headers: JSON_WRITE })).status).toBe(200);
    const account = await createAccount(h, { name: 'Stella Staff', password: 'stella password 1' });
    const stella = (await signInWith(h, { email: account.email, password: 'stella password 1' })).cookie!;
    expect((await call(h, 'POST', '/api/admin/account/password', { currentPassword: 'stella password 1', newPassword: 'stella password 2' }, { cookie: stella, headers: JSON_WRITE })).status).toBe(200);
    expect((await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Blocked By Stella' }, { cookie: stella, headers: JSON_WRITE })).status).toBe(201);
    // The Staff tab's list is the owner's alone: the log does not show it by another way.
    expect((await call(h, 'GET', '/api/admin/staff', undefined, { cookie: stella })).status).toBe(403);

    const trpcAudit = (input: object) => `/trpc/admin.audit?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const read = async (options: { cookie?: string; staff?: true }) => {
      const rest = await call(h, 'GET', '/api/admin/audit?limit=500', undefined, options);
      const restAccounts = await call(h, 'GET', '/api/admin/audit?entityType=staff_account&limit=500', undefined, options);
      const trpc = await call(h, 'GET', trpcAudit({ limit: 500 }), undefined, options);
      const trpcAccounts = await call(h, 'GET', trpcAudit({ entityType: 'staff_account', limit: 500 }), undefined, options);
      for (const answer of [rest, restAccounts, trpc, trpcAccounts]) expect(answer.status).toBe(200);
      const accountsIn = (items: any[]) => [...new Set(items.filter((entry) => entry.entityType === 'staff_account').map((entry) => entry.entityId))].sort();
      const seen = [rest.body.items, restAccounts.body.items, trpc.body.result.data.json.items, trpcAccounts.body.result.data.json.items].map(accountsIn);
      for (const view of seen) expect(view).toEqual(seen[0]);
      return { accounts: seen[0]!, items: rest.body.items as any[], total: restAccounts.body.total as number };
    };

    const byStaff = await read({ cookie: stella });
    expect(byStaff.accounts).toEqual([account.id]);
    expect(byStaff.total).toBe(byStaff.items.filter((entry) => entry.entityType === 'staff_account').length);
    expect(byStaff.items.some((entry) => entry.action === 'blocked_name.create' && entry.actor === 'Stella Staff'), 'the rest of the log is there').toBe(true);
    const byToken = await read({ staff: true });
    expect(byToken.accounts).toEqual([]);
    const byOwner = await read({ cookie: owner });
    expect(byOwner.accounts).toEqual(expect.arrayContaining([other.id, account.id]));
  });
});

describe('sessions', () => {
  it('a password change ends the account’s other sessions and keeps this one', async () => {
    const account = await createAccount(h, { password: 'first password 1' });
    const here = (await signInWith(h, { email: account.email, password: 'first password 1' }, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36' })).cookie!;
    const elsewhere = (await signInWith(h, { email: account.email, password: 'first password 1' })).cookie!;

    const wrong = await call(h, 'POST', '/api/admin/account/password', { currentPassword: 'not it', newPassword: 'second password 2' }, { cookie: here, headers: JSON_WRITE });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'currentPassword', message: messages.errors.currentPasswordWrong }]);
    const changed = await call(h, 'POST', '/api/admin/account/password', { currentPassword: 'first password 1', newPassword: 'second password 2' }, { cookie: here, headers: JSON_WRITE });
    expect(changed.body).toEqual({ ok: true, sessionsEnded: 1 });

    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: here })).status).toBe(200);
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie: elsewhere })).status).toBe(401);
    expect((await signInWith(h, { email: account.email, password: 'first password 1' })).answer.status).toBe(401);
    expect((await signInWith(h, { email: account.email, password: 'second password 2' })).answer.status).toBe(200);
  });

  it('lists the account’s sessions (browser, address, last seen), signs one out, then every one', async () => {
    const account = await createAccount(h);
    const chrome = await sessionCookie(h, account.id, { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36' });
    const phone = await sessionCookie(h, account.id, { ip: '198.51.100.20', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' });
    const third = await sessionCookie(h, account.id);
    const others = await sessionCookie(h, (await createAccount(h)).id);

    const list = await call(h, 'GET', '/api/admin/account/sessions', undefined, { cookie: chrome });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const browsers = Object.fromEntries(list.body.map((s: any) => [s.browser, s]));
    expect(browsers['Chrome 142 on Windows']).toMatchObject({ address: '203.0.113.9', current: true, lastSeenAt: expect.any(String), signedInAt: expect.any(String) });
    expect(browsers['Safari 18 on iOS']).toMatchObject({ address: '198.51.100.20', current: false });

    const phoneId = browsers['Safari 18 on iOS'].id;
    expect((await call(h, 'DELETE', `/api/admin/account/sessions/${phoneId}`, undefined, { cookie: chrome })).body).toEqual({ ok: true });
    expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie: phone })).body).toEqual({ authenticated: false });
    expect((await call(h, 'DELETE', `/api/admin/account/sessions/${phoneId}`, undefined, { cookie: chrome })).status).toBe(404);
    // another account's session is not this account's to end
    const otherId = (await call(h, 'GET', '/api/admin/account/sessions', undefined, { cookie: others })).body[0].id;
    expect((await call(h, 'DELETE', `/api/admin/account/sessions/${otherId}`, undefined, { cookie: chrome })).status).toBe(404);

    const everywhere = await call(h, 'DELETE', '/api/admin/account/sessions', undefined, { cookie: third });
    expect(everywhere.body).toEqual({ ok: true, sessionsEnded: 2 });
    expect(everywhere.headers.get('set-cookie')).toMatch(/^rental_session=;.*Max-Age=0/i);
    for (const cookie of [chrome, third]) expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie })).body).toEqual({ authenticated: false });
    expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie: others })).body.authenticated).toBe(true);
  });

  it('ends a session after SESSION_MAX_DAYS (7) in all, even one in use every few hours', async () => {
    expect(h.env.SESSION_MAX_DAYS).toBe(7);
    const account = await createAccount(h);
    const cookie = await sessionCookie(h, account.id);
    for (let hours = 0; hours < 7 * 24 - 11; hours += 11) {
      clock.advance(11 * HOUR);
      expect((await call(h, 'GET', '/api/admin/bookings?limit=1', undefined, { cookie })).status, `after ${hours + 11} hours`).toBe(200);
    }
    clock.advance(7 * DAY - 15 * 11 * HOUR);
    expect((await call(h, 'GET', '/api/admin/bookings?limit=1', undefined, { cookie })).status).toBe(401);
    clock.reset();
    expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie })).body, 'an ended session stays ended').toEqual({ authenticated: false });
  });

  it('a new ADMIN_PASSWORD at the next start ends the owner’s sessions and replaces its password', async () => {
    const before = await sessionCookie(h, (await h.orm.em.fork().findOneOrFail(StaffAccount, { mainOwner: true })).id);
    expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie: before })).body.authenticated).toBe(true);
    await ensureOwner(h.orm.em.fork(), { ADMIN_EMAIL: TEST_ADMIN_EMAIL, ADMIN_PASSWORD: 'a brand new owner password' }, 'garage@example.com');
    try {
      expect((await call(h, 'GET', '/api/admin/session', undefined, { cookie: before })).body).toEqual({ authenticated: false });
      expect((await signIn(h, 'a brand new owner password')).answer.status).toBe(200);
      expect((await signIn(h)).answer.status).toBe(401);
    } finally {
      await ensureOwner(h.orm.em.fork(), { ADMIN_EMAIL: TEST_ADMIN_EMAIL, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, 'garage@example.com');
      owner = (await signIn(h)).cookie!;
    }
  });
});

describe('two-step sign-in (TOTP, RFC 6238)', () => {
  it('enrols with a code from the app, then asks for a code at sign-in; each code and recovery code works once', async () => {
    const account = await createAccount(h, { password: 'totp account pass' });
    const cookie = (await signInWith(h, { email: account.email, password: 'totp account pass' })).cookie!;
    const setup = await call(h, 'POST', '/api/admin/account/two-factor/setup', undefined, { cookie });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toBe(`otpauth://totp/${encodeURIComponent(h.deps.business.name)}:${encodeURIComponent(account.email)}?issuer=${encodeURIComponent(h.deps.business.name)}&secret=${setup.body.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.body.qrSvg).toMatch(/^<svg [^>]*viewBox/);
    const secret = setup.body.secret as string;

    const wrong = await call(h, 'POST', '/api/admin/account/two-factor/confirm', { code: '000000' === totpCode(secret) ? '111111' : '000000', password: 'totp account pass' }, { cookie, headers: JSON_WRITE });
    expect(wrong.status).toBe(400);
    // The session alone cannot turn it on (a stolen cookie would lock the account's owner out): the password is asked for.
    const noPassword = await call(h, 'POST', '/api/admin/account/two-factor/confirm', { code: totpCode(secret) }, { cookie, headers: JSON_WRITE });
    expect(noPassword.status).toBe(400);
    const wrongPassword = await call(h, 'POST', '/api/admin/account/two-factor/confirm', { code: totpCode(secret), password: 'not the password' }, { cookie, headers: JSON_WRITE });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.issues).toEqual([{ path: 'password', message: messages.errors.currentPasswordWrong }]);
    expect((await call(h, 'GET', '/api/admin/account', undefined, { cookie })).body).toMatchObject({ twoFactor: false });
    const confirmed = await call(h, 'POST', '/api/admin/account/two-factor/confirm', { code: totpCode(secret), password: 'totp account pass' }, { cookie, headers: JSON_WRITE });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.account).toMatchObject({ twoFactor: true });
    const recovery = confirmed.body.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);

    const passwordOnly = await signInWith(h, { email: account.email, password: 'totp account pass' });
    expect(passwordOnly.answer.body).toEqual({ authenticated: false, secondFactorRequired: true });
    expect(passwordOnly.setCookie).toBeNull();
    const badCode = await signInWith(h, { email: account.email, password: 'totp account pass', code: '12345a' });
    expect(badCode.answer.status).toBe(401);
    expect(badCode.answer.body.message).toBe(messages.errors.wrongCode);
    // a right code with a wrong password is still a wrong password
    expect((await signInWith(h, { email: account.email, password: 'not the password', code: totpCode(secret, new Date(clock.now().getTime() + 30_000)) })).answer.status).toBe(401);

    clock.advance(30_000); // the confirming code's step is spent
    const code = totpCode(secret);
    expect((await signInWith(h, { email: account.email, password: 'totp account pass', code })).answer.status).toBe(200);
    expect((await signInWith(h, { email: account.email, password: 'totp account pass', code })).answer.status, 'a code works once').toBe(401);
    expect((await signInWith(h, { email: account.email, password: 'totp account pass', code: recovery[3]!.toUpperCase() })).answer.status).toBe(200);
    expect((await signInWith(h, { email: account.email, password: 'totp account pass', code: recovery[3]! })).answer.status, 'a recovery code works once').toBe(401);

    const renewed = await call(h, 'POST', '/api/admin/account/two-factor/recovery-codes', { password: 'totp account pass' }, { cookie, headers: JSON_WRITE });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await signInWith(h, { email: account.email, password: 'totp account pass', code: recovery[4]! })).answer.status, 'old recovery codes stop working').toBe(401);

    expect((await call(h, 'POST', '/api/admin/account/two-factor/disable', { password: 'wrong' }, { cookie, headers: JSON_WRITE })).status).toBe(400);
    expect((await call(h, 'POST', '/api/admin/account/two-factor/disable', { password: 'totp account pass' }, { cookie, headers: JSON_WRITE })).body).toMatchObject({ twoFactor: false });
    expect((await signInWith(h, { email: account.email, password: 'totp account pass' })).answer.body).toMatchObject({ authenticated: true });
  });
});

describe('OWNER_REQUIRE_2FA', () => {
  it('an owner without a second factor can only set one up; then everything opens, and it cannot be turned off', async () => {
    h.env.OWNER_REQUIRE_2FA = true;
    try {
      const account = await createAccount(h, { role: 'owner', password: 'second owner pass' });
      const signedIn = await signInWith(h, { email: account.email, password: 'second owner pass' });
      expect(signedIn.answer.body).toMatchObject({ authenticated: true, account: { twoFactor: false, twoFactorSetupRequired: true } });
      const cookie = signedIn.cookie!;
      const closed = await call(h, 'GET', '/api/admin/bookings', undefined, { cookie });
      expect(closed.status).toBe(403);
      expect(closed.body).toEqual({ message: messages.errors.twoFactorSetupRequired });

      const { secret } = (await call(h, 'POST', '/api/admin/account/two-factor/setup', undefined, { cookie })).body;
      expect((await call(h, 'POST', '/api/admin/account/two-factor/confirm', { code: totpCode(secret), password: 'second owner pass' }, { cookie, headers: JSON_WRITE })).status).toBe(200);
      expect((await call(h, 'GET', '/api/admin/bookings', undefined, { cookie })).status).toBe(200);
      const off = await call(h, 'POST', '/api/admin/account/two-factor/disable', { password: 'second owner pass' }, { cookie, headers: JSON_WRITE });
      expect(off.status).toBe(403);
      expect(off.body).toEqual({ message: messages.errors.twoFactorRequiredForOwner });
      // staff are not asked
      const staff = await createAccount(h, { password: 'plain staff pass' });
      expect((await signInWith(h, { email: staff.email, password: 'plain staff pass' })).answer.body.account.twoFactorSetupRequired).toBe(false);
    } finally {
      h.env.OWNER_REQUIRE_2FA = false;
    }
  });
});

describe('sign-in throttling that does not lock the office out', () => {
  const office = { 'x-forwarded-for': '192.0.2.10' };

  it('one person’s wrong passwords at the office’s address lock only their own account there', async () => {
    const h2 = await createHarness({ env: { TRUST_PROXY: 'true' } });
    try {
      const typo = await createAccount(h2, { password: 'typo account pass' });
      const colleague = await createAccount(h2, { password: 'colleague pass 1' });
      const statuses: number[] = [];
      for (let i = 0; i < 12 && statuses.at(-1) !== 429; i += 1) statuses.push((await signInWith(h2, { email: typo.email, password: `wrong ${i}` }, office)).answer.status);
      expect(statuses.at(-1)).toBe(429);
      expect((await signInWith(h2, { email: typo.email, password: 'typo account pass' }, office)).answer.status).toBe(429);
      expect((await signInWith(h2, { email: colleague.email, password: 'colleague pass 1' }, office)).answer.status).toBe(200);
      expect((await signInWith(h2, { password: TEST_ADMIN_PASSWORD }, office)).answer.status).toBe(200);
    } finally {
      await h2.close();
    }
  });

  it('guesses at one account from many addresses stop new devices, never one that signed in to it before', async () => {
    const h2 = await createHarness({ env: { TRUST_PROXY: 'true' } });
    try {
      const account = await createAccount(h2, { password: 'targeted account pw' });
      const device = (await signInWith(h2, { email: account.email, password: 'targeted account pw' }, office)).device!;
      expect(device).toMatch(/^rental_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
      // 60 guesses from 60 addresses, counted as the server counts them (without the cost of 60 password checks)
      for (let i = 0; i < 60; i += 1) await h2.deps.signInThrottle.attempt({ network: `198.51.100.${i}`, email: account.email, device: null }).catch(() => 'refused');

      const stranger = await signInWith(h2, { email: account.email, password: 'targeted account pw' }, { 'x-forwarded-for': '203.0.113.99' });
      expect(stranger.answer.status).toBe(429);
      expect(Number(stranger.answer.headers.get('retry-after'))).toBeGreaterThan(0);
      const known = await signInWith(h2, { email: account.email, password: 'targeted account pw' }, { ...office, cookie: device });
      expect(known.answer.status).toBe(200);
      // a device cookie of another account, or a forged one, does not count
      const forged = device.replace(/\.[A-Za-z0-9_-]{22}$/, '.AAAAAAAAAAAAAAAAAAAAAA');
      expect((await signInWith(h2, { email: account.email, password: 'targeted account pw' }, { ...office, cookie: forged })).answer.status).toBe(429);
    } finally {
      await h2.close();
    }
  });
});

describe('the cookie under https', () => {
  it('is __Host-prefixed, Secure, for the whole host, when PUBLIC_URL is https', async () => {
    const h2 = await createHarness({ env: { PUBLIC_URL: 'https://rent.example.ph' } });
    try {
      const signedIn = await signInWith(h2, { password: TEST_ADMIN_PASSWORD });
      expect(signedIn.setCookie).toMatch(/^__Host-rental_session=[^;]{20,};/);
      expect(signedIn.setCookie).toMatch(/__Host-rental_session=[^,]*; Path=\/; HttpOnly; Secure; SameSite=Strict/);
      expect(signedIn.setCookie).not.toMatch(/Domain=/i);
      expect(signedIn.device).toMatch(/^__Host-rental_device=/);
      expect((await call(h2, 'GET', '/api/admin/session', undefined, { cookie: signedIn.cookie! })).body.authenticated).toBe(true);
      // the plain name is not read under https
      const plain = signedIn.cookie!.replace('__Host-', '');
      expect((await call(h2, 'GET', '/api/admin/session', undefined, { cookie: plain })).body.authenticated).toBe(false);
    } finally {
      await h2.close();
    }
  });
});

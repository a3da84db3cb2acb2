import { StaffAccount } from '../../src/server/db/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/auth/access';
import { restRoutes } from '../../src/server/rest';
import { appRouter } from '../../src/server/trpc/root';
import { fileBytes } from '../utils/fixtures';
import { createHarness, TEST_API_TOKEN, type Harness } from '../utils/harness';
import { createAccount, mainOwnerAccount, newSecret, sessionCookie } from '../utils/staff';
import { heldDocument } from './helpers';

/**
 * Roles on every path: every REST route and every tRPC procedure, listed from the route table and
 * the router themselves, is called by each kind of caller, and must let in exactly those its
 * access level names (src/server/auth/access.ts). The table below says what each path should be:
 * a path added without a line here fails the first test, so none escapes.
 */
const REST: Record<string, Access> = {
  'GET /api/cars': 'public',
  'GET /api/cars/{carId}/booked-dates': 'public',
  'GET /api/cars/{idOrSlug}': 'public',
  'POST /api/admin/cars': 'staff',
  'PUT /api/admin/cars/{id}': 'staff',
  'DELETE /api/admin/cars/{id}': 'owner',
  'POST /api/bookings': 'public',
  'GET /api/admin/bookings': 'staff',
  'POST /api/admin/bookings': 'staff',
  'GET /api/admin/bookings/{id}': 'staff',
  'GET /api/admin/bookings/{id}/payments': 'staff',
  'PATCH /api/admin/bookings/{id}/status': 'staff',
  'PATCH /api/admin/bookings/{id}/dates': 'staff',
  'PATCH /api/admin/bookings/{id}/payment': 'staff',
  'POST /api/admin/bookings/{id}/payments/{paymentId}/void': 'owner',
  'POST /api/admin/bookings/{id}/document-request': 'staff',
  'POST /api/admin/bookings/{id}/apply-to-customer': 'staff',
  'PATCH /api/admin/bookings/{id}/email': 'staff',
  'POST /api/bookings/find': 'public',
  'POST /api/my-booking': 'public',
  'POST /api/my-booking/cancel': 'public',
  'POST /api/my-booking/document': 'public',
  // staff, or the renter with the booking's document token (checked by the service)
  'PUT /api/customers/{id}/documents': 'public',
  'GET /api/admin/customers': 'staff',
  'GET /api/admin/customers/export.csv': 'staff',
  'GET /api/admin/customers/deleted': 'staff',
  'GET /api/admin/customers/{id}': 'staff',
  'POST /api/admin/customers': 'staff',
  'PUT /api/admin/customers/{id}': 'staff',
  'DELETE /api/admin/customers/{id}': 'owner',
  'GET /api/blocked-names/check': 'public',
  'GET /api/admin/blocked-names': 'staff',
  'POST /api/admin/blocked-names': 'staff',
  'DELETE /api/admin/blocked-names/{id}': 'staff',
  'POST /api/contact': 'public',
  'POST /api/objects/upload': 'public',
  'POST /api/objects/check': 'public',
  'GET /api/site': 'public',
  'GET /api/health': 'public',
  'POST /api/admin/login': 'public',
  'POST /api/admin/logout': 'public',
  'GET /api/admin/session': 'public',
  'GET /api/admin/overview': 'staff',
  'GET /api/admin/schedule': 'staff',
  'GET /api/admin/audit': 'staff',
  'GET /api/admin/staff': 'accounts',
  'POST /api/admin/staff': 'accounts',
  'PUT /api/admin/staff/{id}': 'accounts',
  'POST /api/admin/staff/{id}/disable': 'accounts',
  'POST /api/admin/staff/{id}/enable': 'accounts',
  'POST /api/admin/staff/{id}/reset': 'accounts',
  'POST /api/admin/password-link': 'public',
  'POST /api/admin/password-link/password': 'public',
  'GET /api/admin/account': 'self',
  'POST /api/admin/account/password': 'self',
  'GET /api/admin/account/sessions': 'self',
  'DELETE /api/admin/account/sessions/{id}': 'self',
  'DELETE /api/admin/account/sessions': 'self',
  'POST /api/admin/account/two-factor/setup': 'self',
  'POST /api/admin/account/two-factor/confirm': 'self',
  'POST /api/admin/account/two-factor/disable': 'self',
  'POST /api/admin/account/two-factor/recovery-codes': 'self',
};

const TRPC: Record<string, Access> = {
  'cars.list': 'public',
  'cars.search': 'public',
  'cars.byId': 'public',
  'cars.bookedDates': 'public',
  'cars.create': 'staff',
  'cars.update': 'staff',
  'cars.delete': 'owner',
  'bookings.create': 'public',
  'bookings.list': 'staff',
  'bookings.byId': 'staff',
  'bookings.payments': 'staff',
  'bookings.voidPayment': 'owner',
  'bookings.createAdmin': 'staff',
  'bookings.updateStatus': 'staff',
  'bookings.updateDates': 'staff',
  'bookings.requestDocument': 'staff',
  'bookings.applyToCustomer': 'staff',
  'bookings.correctEmail': 'staff',
  'bookings.addPayment': 'staff',
  'myBooking.find': 'public',
  'myBooking.open': 'public',
  'myBooking.cancel': 'public',
  'myBooking.replaceDocument': 'public',
  'customers.list': 'staff',
  'customers.deletions': 'staff',
  'customers.byId': 'staff',
  'customers.create': 'staff',
  'customers.update': 'staff',
  'customers.erase': 'owner',
  'customers.saveDocuments': 'public',
  'customers.exportCsv': 'staff',
  'blocklist.check': 'public',
  'blocklist.list': 'staff',
  'blocklist.block': 'staff',
  'blocklist.unblock': 'staff',
  'contact.send': 'public',
  'uploads.request': 'public',
  'uploads.check': 'public',
  'admin.session': 'public',
  'admin.login': 'public',
  'admin.logout': 'public',
  'admin.overview': 'staff',
  'admin.schedule': 'staff',
  'admin.audit': 'staff',
  'account.me': 'self',
  'account.changePassword': 'self',
  'account.sessions': 'self',
  'account.endSession': 'self',
  'account.endAllSessions': 'self',
  'account.twoFactorSetup': 'self',
  'account.twoFactorConfirm': 'self',
  'account.twoFactorDisable': 'self',
  'account.recoveryCodes': 'self',
  'staff.list': 'accounts',
  'staff.create': 'accounts',
  'staff.update': 'accounts',
  'staff.disable': 'accounts',
  'staff.enable': 'accounts',
  'staff.reset': 'accounts',
  'staff.linkAccount': 'public',
  'staff.setPassword': 'public',
  'site.info': 'public',
};

const CALLERS = ['nobody', 'token', 'staff', 'owner', 'ownerBeforeSetup'] as const;
type CallerName = (typeof CALLERS)[number];

/**
 * Who gets in ('in': the answer is neither 401 nor 403) and who is turned away, by access level.
 * `ownerBeforeSetup` is an owner with no second factor while OWNER_REQUIRE_2FA is on.
 */
const EXPECTED: Record<Access, Record<CallerName, 'in' | 401 | 403>> = {
  public: { nobody: 'in', token: 'in', staff: 'in', owner: 'in', ownerBeforeSetup: 'in' },
  staff: { nobody: 401, token: 'in', staff: 'in', owner: 'in', ownerBeforeSetup: 403 },
  owner: { nobody: 401, token: 'in', staff: 403, owner: 'in', ownerBeforeSetup: 403 },
  accounts: { nobody: 401, token: 403, staff: 403, owner: 'in', ownerBeforeSetup: 403 },
  self: { nobody: 401, token: 403, staff: 'in', owner: 'in', ownerBeforeSetup: 'in' },
};

const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: 'query' | 'mutation' } }> }).procedures;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let h: Harness;
const accounts: Partial<Record<CallerName, string>> = {};

beforeAll(async () => {
  h = await createHarness({ env: { OWNER_REQUIRE_2FA: 'true' } });
  // The main owner has a second factor; a second owner has not set one up yet.
  const owner = await mainOwnerAccount(h);
  await h.orm.em.fork().nativeUpdate(StaffAccount, { id: owner.id }, { totpSecret: newSecret() });
  accounts.owner = owner.id;
  accounts.staff = (await createAccount(h, { role: 'staff' })).id;
  accounts.ownerBeforeSetup = (await createAccount(h, { role: 'owner' })).id;
});
afterAll(() => h.close());

/** The headers of one caller, with a session of its own made for this one call (a call may end it). */
async function headersOf(caller: CallerName): Promise<Record<string, string>> {
  if (caller === 'nobody') return {};
  if (caller === 'token') return { authorization: `Bearer ${TEST_API_TOKEN}` };
  return { cookie: await sessionCookie(h, accounts[caller]!) };
}

async function restStatus(method: string, path: string, caller: CallerName): Promise<number> {
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const headers: Record<string, string> = { ...(await headersOf(caller)), ...(withBody ? { 'content-type': 'application/json', 'content-length': '2' } : {}) };
  const response = await h.app.request(path.replace(/\{\w+\}/g, SOME_ID), { method, headers, ...(withBody ? { body: '{}' } : {}) });
  await response.arrayBuffer();
  return response.status;
}

async function trpcStatus(name: string, type: 'query' | 'mutation', caller: CallerName): Promise<number> {
  const headers = await headersOf(caller);
  const input = JSON.stringify({ json: {} });
  const response =
    type === 'query'
      ? await h.app.request(`/trpc/${name}?input=${encodeURIComponent(input)}`, { headers })
      : await h.app.request(`/trpc/${name}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: input });
  await response.arrayBuffer();
  return response.status;
}

function outcome(status: number): 'in' | 401 | 403 {
  return status === 401 || status === 403 ? status : 'in';
}

describe('roles on every path', () => {
  it('has an access level for every REST route and every tRPC procedure, and none for a path that is gone', () => {
    expect(restRoutes.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort()).toEqual(Object.keys(REST).sort());
    expect(Object.keys(procedures).sort()).toEqual(Object.keys(TRPC).sort());
  });

  it.each(restRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`] as const))('%s lets in exactly its callers', async (key) => {
    const access = REST[key]!;
    const [method, path] = key.split(' ') as [string, string];
    const seen: Record<string, 'in' | 401 | 403> = {};
    for (const caller of CALLERS) seen[caller] = outcome(await restStatus(method, path, caller));
    expect(seen, `${key} (${access})`).toEqual(EXPECTED[access]);
  });

  it.each(Object.entries(procedures).map(([name, procedure]) => [name, procedure._def.type] as const))('%s lets in exactly its callers', async (name, type) => {
    const access = TRPC[name]!;
    const seen: Record<string, 'in' | 401 | 403> = {};
    for (const caller of CALLERS) seen[caller] = outcome(await trpcStatus(name, type, caller));
    expect(seen, `${name} (${access})`).toEqual(EXPECTED[access]);
  });

  it('private documents are open to staff, the owner and the API token only', async () => {
    const { path } = await heldDocument(h, fileBytes('pdf', 300), { contentType: 'application/pdf' });
    const seen: Record<string, number> = {};
    for (const caller of CALLERS) {
      const response = await h.app.request(path, { headers: await headersOf(caller) });
      await response.arrayBuffer();
      seen[caller] = response.status;
    }
    expect(seen).toEqual({ nobody: 401, token: 200, staff: 200, owner: 200, ownerBeforeSetup: 401 });
  });
});

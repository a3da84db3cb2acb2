import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { AdminSession, AuditEntry, BlockedName, Car, ContactMessage, Customer, MailMessage, Payment, StaffAccount, Upload } from '../../src/server/db/entities';
import { ensureOwner } from '../../src/server/services/staff.service';
import { call, signIn } from '../rest/helpers';
import { createHarness, TEST_ADMIN_EMAIL, type Harness } from '../utils/harness';
import { mainOwnerAccount, sessionCookie } from '../utils/staff';
import { adminBooking, newCar, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => clock.reset());
afterAll(() => h.close());

const HOUR = 3_600_000;
const staff = () => h.caller({ staff: true });

/**
 * Moves the server's clock an hour on and runs `change`: what it stamps must be that time or later
 * (the computer's own time is an hour behind it, or more), as a booking's stamps are.
 */
async function stampedBy<T>(change: () => Promise<T>): Promise<{ mark: number; result: T }> {
  clock.advance(HOUR);
  const mark = clock.now().getTime();
  return { mark, result: await change() };
}

const car = (id: string) => h.orm.em.fork().findOneOrFail(Car, { id });
const customer = (id: string) => h.orm.em.fork().findOneOrFail(Customer, { id });
const account = (id: string) => h.orm.em.fork().findOneOrFail(StaffAccount, { id });

describe('records are stamped by the server’s clock', () => {
  it('a car added and a car changed', async () => {
    const { mark, result: made } = await stampedBy(() => newCar(h));
    const added = await car(made.id);
    expect(added.createdAt.getTime()).toBeGreaterThanOrEqual(mark);
    expect(added.updatedAt.getTime()).toBeGreaterThanOrEqual(mark);
    const changed = await stampedBy(() => staff().cars.update({ id: made.id, data: { seats: 7 } }));
    expect((await car(made.id)).updatedAt.getTime()).toBeGreaterThanOrEqual(changed.mark);
  });

  it('a customer added and a customer changed', async () => {
    const { mark, result } = await stampedBy(() => staff().customers.create({ fullName: 'Clock Reyes', email: uniqueEmail('clock'), phone: '0917 555 0101' }));
    const added = await customer(result.customer.id);
    expect(added.createdAt.getTime()).toBeGreaterThanOrEqual(mark);
    expect(added.updatedAt.getTime()).toBeGreaterThanOrEqual(mark);
    const changed = await stampedBy(() => staff().customers.update({ id: result.customer.id, data: { phone: '0917 555 0102' } }));
    expect((await customer(result.customer.id)).updatedAt.getTime()).toBeGreaterThanOrEqual(changed.mark);
  });

  it('a staff account added and changed by the owner, and the owner’s address changed at start', async () => {
    const owner = await mainOwnerAccount(h);
    const cookie = await sessionCookie(h, owner.id);
    const headers = { origin: 'http://localhost' };
    const { mark, result: created } = await stampedBy(() => call(h, 'POST', '/api/admin/staff', { name: 'Clock Staff', email: uniqueEmail('staff'), role: 'staff' }, { cookie, headers }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.account.id as string;
    const added = await account(id);
    expect(added.createdAt.getTime()).toBeGreaterThanOrEqual(mark);
    expect(added.updatedAt.getTime()).toBeGreaterThanOrEqual(mark);
    const changed = await stampedBy(() => call(h, 'PUT', `/api/admin/staff/${id}`, { name: `Clock ${uniqueWord()}` }, { cookie, headers }));
    expect(changed.result.status, JSON.stringify(changed.result.body)).toBe(200);
    expect((await account(id)).updatedAt.getTime()).toBeGreaterThanOrEqual(changed.mark);

    const moved = await stampedBy(() => ensureOwner(h.orm.em.fork(), { ADMIN_EMAIL: uniqueEmail('owner'), ADMIN_PASSWORD: undefined }, 'garage@example.com'));
    try {
      expect((await account(owner.id)).updatedAt.getTime()).toBeGreaterThanOrEqual(moved.mark);
    } finally {
      await ensureOwner(h.orm.em.fork(), { ADMIN_EMAIL: TEST_ADMIN_EMAIL, ADMIN_PASSWORD: undefined }, 'garage@example.com');
    }
  });

  it('a payment, its activity-log entry and e-mail, a blocked name, an enquiry, an upload address and a sign-in', async () => {
    const em = () => h.orm.em.fork();
    const booking = await adminBooking(h, { carId: (await newCar(h)).id, from: 12, to: 14, status: 'confirmed', email: uniqueEmail('clock-pay') });
    const paid = await stampedBy(() => staff().bookings.addPayment({ id: booking.id, payment: { amount: '500', method: 'cash' } }));
    expect((await em().findOneOrFail(Payment, { id: paid.result.payment.id })).createdAt.getTime()).toBeGreaterThanOrEqual(paid.mark);
    expect((await em().findOneOrFail(AuditEntry, { entityId: paid.result.payment.id })).at.getTime()).toBeGreaterThanOrEqual(paid.mark);
    const mails = await em().find(MailMessage, { to: booking.customerEmail }, { orderBy: { createdAt: 'desc' } });
    expect(mails[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(paid.mark);

    const name = `Clock ${uniqueWord()}`;
    const blocked = await stampedBy(() => staff().blocklist.block({ fullName: name }));
    expect((await em().findOneOrFail(BlockedName, { fullName: name })).createdAt.getTime()).toBeGreaterThanOrEqual(blocked.mark);

    const email = uniqueEmail('clock-enquiry');
    const sent = await stampedBy(() => h.caller().contact.send({ firstName: 'Clock', lastName: 'Reyes', email, message: 'Is the Vios free?' }));
    expect((await em().findOneOrFail(ContactMessage, { email })).createdAt.getTime()).toBeGreaterThanOrEqual(sent.mark);

    const asked = await stampedBy(() => staff().uploads.request({}));
    expect((await em().findOneOrFail(Upload, { id: asked.result.objectPath.split('/').pop()! })).createdAt.getTime()).toBeGreaterThanOrEqual(asked.mark);

    const signedIn = await stampedBy(() => signIn(h));
    expect(signedIn.result.answer.status).toBe(200);
    const [session] = await em().find(AdminSession, {}, { orderBy: { createdAt: 'desc' }, limit: 1 });
    expect(session!.createdAt.getTime()).toBeGreaterThanOrEqual(signedIn.mark);
  });
});

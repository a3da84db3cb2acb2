import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry, Booking, Customer, MailMessage } from '../../src/server/db/entities';
import { messages } from '../../src/shared/messages';
import { mailboxKey } from '../../src/shared/names';
import { createHarness, type Harness } from '../utils/harness';
import { adminBooking, auditEntry, auditOf, expectError, newCar, publicBooking, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const staff = () => h.caller({ staff: true });

/** The messages of one kind sent to one address, oldest first. */
async function mailsTo(to: string, kind: string) {
  return h.orm.em.fork().find(MailMessage, { to, kind }, { orderBy: { createdAt: 'asc' } });
}

/** The token of the "Manage your booking" link in the last e-mail of `kind` to `to`. */
async function linkIn(to: string, kind: string): Promise<string> {
  const mail = (await mailsTo(to, kind)).at(-1);
  const match = /\/my-booking#([\w.-]+)/.exec(mail?.text ?? '');
  expect(match, `an e-mail ${kind} to ${to} with the manage link`).not.toBeNull();
  return match![1]!;
}

const row = (id: string) => h.orm.em.fork().findOneOrFail(Booking, { id });
const customerOf = (email: string) => h.orm.em.fork().findOne(Customer, { email });

describe('staff correct a renter’s e-mail address', () => {
  it('sends the booking to the right address with a new link, and the links sent to the wrong one stop working', async () => {
    const car = await newCar(h);
    const typo = uniqueEmail('typo').replace('@', '@gmial.');
    const right = uniqueEmail('right');
    const { answer } = await publicBooking(h, car.id, { customer: { email: typo, fullName: 'Maricel Ocampo' } });
    const oldLink = await linkIn(typo, 'booking.confirmation');
    expect((await row(answer.booking.id)).holdUntil).not.toBeNull();

    const corrected = await staff().bookings.correctEmail({ id: answer.booking.id, email: `  ${right.toUpperCase()} ` });
    expect(corrected).toMatchObject({ customerEmail: right, customerName: 'Maricel Ocampo', emailProven: false, holdUntil: null, status: 'pending' });
    const stored = await row(answer.booking.id);
    expect(stored).toMatchObject({ renterEmail: right, renterMailboxKey: mailboxKey(right), linkVersion: 1, holdUntil: null });

    // The renter's receipt, with a link of the new version, saying that the garage corrected the
    // address (not as if they had just booked); the wrong address gets nothing more.
    const [receipt] = await mailsTo(right, 'booking.confirmation');
    expect(receipt!.text).toContain(answer.booking.reference);
    expect(receipt!.subject).toMatch(/^E-mail address corrected: .+ \(HI-[0-9A-Z]{6}\)$/);
    expect(receipt!.text).toContain('We have corrected the e-mail address on your booking to this one');
    expect(receipt!.html).toContain('We have corrected the e-mail address on your booking to this one');
    expect(receipt!.subject).not.toMatch(/^Booking received/);
    // (the one to the wrong address was still in the outbox, unsent: it is not sent now)
    expect(await mailsTo(typo, 'booking.confirmation')).toHaveLength(0);
    const newLink = await linkIn(right, 'booking.confirmation');
    const [id, expires, version, signature] = newLink.split('.') as [string, string, string, string];
    expect(version).toBe('1');
    // The version is signed: another one, or the earlier link's form, is no link.
    for (const forged of [`${id}.${expires}.2.${signature}`, `${id}.${expires}.0.${signature}`, `${id}.${expires}.${signature}`]) {
      await expectError(h.caller().myBooking.open({ token: forged }), 'UNAUTHORIZED', messages.errors.manageLinkInvalid);
    }

    // Whoever holds the earlier address's link can neither see nor cancel the booking, nor prove an address.
    await expectError(h.caller().myBooking.open({ token: oldLink }), 'UNAUTHORIZED', messages.errors.manageLinkInvalid);
    await expectError(h.caller().myBooking.cancel({ token: oldLink }), 'UNAUTHORIZED', messages.errors.manageLinkInvalid);
    expect((await row(answer.booking.id)).emailProvenAt).toBeNull();
    expect((await row(answer.booking.id)).status).toBe('pending');

    // The renter's new link opens it and proves the right address.
    expect((await h.caller().myBooking.open({ token: newLink })).booking).toMatchObject({ id: answer.booking.id, emailProven: true, customerEmail: right });
    // "Find my booking" answers for the right address only, with a link that works.
    await h.caller().myBooking.find({ reference: answer.booking.reference, email: right });
    await expect.poll(async () => (await mailsTo(right, 'booking.link')).length).toBe(1);
    expect((await h.caller().myBooking.open({ token: await linkIn(right, 'booking.link') })).booking.id).toBe(answer.booking.id);

    const entry = (await auditOf(h, 'booking', answer.booking.id)).find((e) => e.action === 'booking.renter_email');
    expect(entry).toMatchObject({ actor: 'test staff', before: expect.objectContaining({ customerEmail: typo }), after: expect.objectContaining({ customerEmail: right }) });
  });

  it('corrects the record made for a new renter’s mistyped address, and regroups a booking under the record of an address the garage knows', async () => {
    const car = await newCar(h);
    const typo = uniqueEmail('newtypo');
    const right = uniqueEmail('newright');
    const made = (await publicBooking(h, car.id, { customer: { email: typo } })).answer;
    await staff().bookings.correctEmail({ id: made.booking.id, email: right });
    // Its only booking was this one: the record was made for the typo, and is corrected with it.
    expect(await customerOf(typo)).toBeNull();
    expect((await customerOf(right))!.id).toBe(made.customer.id);
    expect((await auditOf(h, 'customer', made.customer.id)).find((e) => e.action === 'customer.update')).toMatchObject({ before: expect.objectContaining({ email: typo }), after: expect.objectContaining({ email: right }) });

    // A returning renter who typed a stranger's address: the booking joins the renter's own record; the stranger's keeps theirs.
    const stranger = uniqueEmail('stranger');
    const strangers = await adminBooking(h, { carId: car.id, from: 40, to: 42, email: stranger, name: 'Some Stranger', status: 'completed', total: '2000' });
    const slip = await adminBooking(h, { carId: car.id, from: 20, to: 22, email: stranger, name: 'Maricel Ocampo' });
    expect(slip.customerId).toBe(strangers.customerId);
    const moved = await staff().bookings.correctEmail({ id: slip.id, email: right });
    expect(moved.customerId).toBe(made.customer.id);
    expect((await customerOf(stranger))!.id).toBe(strangers.customerId);
    expect((await staff().customers.byId({ id: strangers.customerId })).bookings.map((b) => b.id)).toEqual([strangers.id]);
    expect((await staff().customers.byId({ id: made.customer.id })).bookings.map((b) => b.id).sort()).toEqual([made.booking.id, slip.id].sort());
    // Staff entered it: the renter is greeted by name, the booking pending, its e-mail the receipt.
    expect((await mailsTo(right, 'booking.confirmation')).at(-1)!.text).toContain('Maricel Ocampo');
  });

  it('makes a record for an address nobody has when the wrong one’s record has other bookings, and sends a confirmed booking as confirmed', async () => {
    const car = await newCar(h);
    const shared = uniqueEmail('shared');
    const right = uniqueEmail('own');
    await adminBooking(h, { carId: car.id, from: 50, to: 51, email: shared, name: 'Tito Reyes', status: 'completed', total: '1500' });
    const booking = await adminBooking(h, { carId: car.id, from: 10, to: 12, email: shared, name: 'Nena Reyes', status: 'confirmed' });
    const corrected = await staff().bookings.correctEmail({ id: booking.id, email: right });
    const record = (await customerOf(right))!;
    expect(record).toMatchObject({ fullName: 'Nena Reyes', phone: '09171234567' });
    expect(corrected).toMatchObject({ customerId: record.id, status: 'confirmed', customerEmail: right });
    expect((await customerOf(shared))!.id).toBe(booking.customerId);
    const [confirmed] = await mailsTo(right, 'booking.confirmed');
    expect(await mailsTo(right, 'booking.confirmed')).toHaveLength(1);
    expect(confirmed!.subject).toMatch(/^E-mail address corrected: /);
    expect(confirmed!.text).toContain('We have corrected the e-mail address on your booking to this one');
    expect(confirmed!.text).toContain('your booking is confirmed');
    // The new record is in the activity log, as one staff add is.
    expect(await auditEntry(h, 'customer', record.id, 'customer.create')).toMatchObject({ actor: 'test staff', before: null, after: { id: record.id, fullName: 'Nena Reyes', email: right } });
  });

  it('refuses the address the booking has, a closed booking, an erased renter’s booking and what is no address, changing nothing', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('refused');
    const open = await adminBooking(h, { carId: car.id, from: 10, to: 12, email });
    await expectError(staff().bookings.correctEmail({ id: open.id, email: email.toUpperCase() }), 'BAD_REQUEST', messages.errors.sameRenterEmail);
    for (const bad of ['', 'not an address', `${'a'.repeat(250)}@example.com`, 'a\u0000b@example.com']) {
      await expectError(staff().bookings.correctEmail({ id: open.id, email: bad }), 'BAD_REQUEST');
    }
    await staff().bookings.updateStatus({ id: open.id, status: 'cancelled' });
    await expectError(staff().bookings.correctEmail({ id: open.id, email: uniqueEmail('late') }), 'CONFLICT', messages.errors.bookingClosed);
    expect(await row(open.id)).toMatchObject({ renterEmail: email, linkVersion: 0 });

    // A pending booking whose days have passed does not stop an erasure; its renter has no address left to correct.
    const past = await adminBooking(h, { carId: car.id, from: -10, to: -8, email: uniqueEmail('gone') });
    await staff().customers.erase({ id: past.customerId });
    await expectError(staff().bookings.correctEmail({ id: past.id, email: uniqueEmail('back') }), 'CONFLICT', messages.errors.customerErased);

    await expectError(staff().bookings.correctEmail({ id: '00000000-0000-4000-8000-000000000000', email: uniqueEmail('none') }), 'NOT_FOUND');
    await expectError(h.caller().bookings.correctEmail({ id: open.id, email: uniqueEmail('stranger') }), 'UNAUTHORIZED');
    expect(await mailsTo(email, 'booking.confirmation')).toHaveLength(1);
  });
});

describe('the customer record a corrected booking joins, and erasure after it', () => {
  it('does not leave the record made for the booking alone behind, with the renter’s data under the wrong address, where erasing the renter cannot reach it', async () => {
    const car = await newCar(h);
    const name = `Maricel ${uniqueWord('Oc')}`;
    const typo = uniqueEmail('orphan').replace('@', '@gmial.');
    const right = uniqueEmail('known');
    // The renter rented before, with the right address: the garage has their record.
    const past = await adminBooking(h, { carId: car.id, from: -30, to: -28, email: right, name, status: 'completed', total: '2000' });
    // This time they mistyped it: the booking makes a record for the typo, with their details and documents.
    const { answer } = await publicBooking(h, car.id, { customer: { email: typo, fullName: name } });
    expect(answer.customer.id).not.toBe(past.customerId);

    const corrected = await staff().bookings.correctEmail({ id: answer.booking.id, email: right });
    expect(corrected.customerId).toBe(past.customerId);

    // The record made for the typo has no booking left, yet still holds the renter's name, phone,
    // documents under someone else's address (a later booking by that address's owner joins it).
    expect(await customerOf(typo)).toBeNull();

    // And the renter's erasure (the booking cancelled, so it is allowed) does not reach it.
    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'cancelled' });
    await staff().customers.erase({ id: past.customerId });
    expect(await h.orm.em.fork().find(Customer, { fullName: name })).toEqual([]);
  });

  it('does not give a staff-made record of the wrong address (its owner’s details, no booking yet) to the renter who typed that address', async () => {
    const car = await newCar(h);
    const stranger = uniqueEmail('walkin');
    const right = uniqueEmail('renter');
    // Staff registered a walk-in customer; no booking yet.
    const { customer: strangers } = await staff().customers.create({ fullName: 'Rosa Stranger', email: stranger, phone: '09998887777', address: 'Lingayen', license: 'N01-23-456789' });
    // Someone else books on the website with that address (mistyped, or not theirs): it joins Rosa's record.
    const { answer } = await publicBooking(h, car.id, { customer: { email: stranger, fullName: 'Maricel Ocampo' } });
    expect(answer.customer.id).toBe(strangers.id);

    await staff().bookings.correctEmail({ id: answer.booking.id, email: right });

    // Rosa's record must stay Rosa's, under her address; the renter gets a record of their own.
    const rosa = await customerOf(stranger);
    expect(rosa?.id).toBe(strangers.id);
    const renters = await customerOf(right);
    expect(renters).toMatchObject({ fullName: 'Maricel Ocampo' });
    expect(renters!.license).not.toBe('N01-23-456789');
  });

  it('erasing the owner of the wrong address removes that address from the activity log of the booking that was moved away from them', async () => {
    const car = await newCar(h);
    const stranger = uniqueEmail('owner');
    const right = uniqueEmail('fixed');
    const theirs = await adminBooking(h, { carId: car.id, from: -40, to: -38, email: stranger, name: 'Some Stranger', status: 'completed', total: '2000' });
    const slip = await adminBooking(h, { carId: car.id, from: 20, to: 22, email: stranger, name: 'Maricel Ocampo' });
    expect(slip.customerId).toBe(theirs.customerId);
    await staff().bookings.correctEmail({ id: slip.id, email: right });

    await staff().customers.erase({ id: theirs.customerId });

    // The stranger's address is their personal data: the booking made with it, and the entry that
    // moved it, still name it.
    const entries = await h.orm.em.fork().find(AuditEntry, { entityId: slip.id });
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries.map((entry) => [entry.before, entry.after]))).not.toContain(stranger);
  });
});

describe('the e-mails a correction leaves unsent', () => {
  it('does not leave the booking’s unsent e-mail to the wrong address in the outbox, for the mail worker to send to a stranger', async () => {
    const car = await newCar(h);
    const wrong = uniqueEmail('stranger');
    const right = uniqueEmail('renter');
    const { answer } = await publicBooking(h, car.id, { customer: { email: wrong, fullName: 'Maricel Ocampo' } });
    // The mail worker has not sent it yet (an SMTP outage, a retry waiting): the renter calls, staff correct the address.
    const queued = () => h.orm.em.fork().find(MailMessage, { to: wrong, status: 'queued' });
    expect((await queued()).map((mail) => mail.kind)).toContain('booking.confirmation');
    await staff().bookings.correctEmail({ id: answer.booking.id, email: right });
    await h.mailWorker.runOnce();
    const toStranger = await h.orm.em.fork().find(MailMessage, { to: wrong, status: 'sent' });
    expect(toStranger.filter((mail) => mail.text.includes(answer.booking.reference)), 'the renter’s booking, sent to the wrong address after the correction').toEqual([]);
    // The renter's own e-mail still goes.
    expect(await h.orm.em.fork().count(MailMessage, { to: right, kind: 'booking.confirmation' })).toBe(1);
  });
});

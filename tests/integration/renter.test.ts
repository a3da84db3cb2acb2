import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeAuditEntry } from '../../src/client/features/admin/helpers';
import { clock } from '../../src/server/clock';
import { openOrm } from '../../src/server/db/orm';
import { Booking, MailMessage, Upload } from '../../src/server/db/entities';
import { releaseExpiredHolds, sendPickupReminders } from '../../src/server/services/booking-jobs.service';
import { makeDocumentToken, makeManageToken } from '../../src/server/services/booking-tokens';
import { formatLongDate } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { REFERENCE_PATTERN } from '../../src/shared/reference';
import { MAX_UNPROVEN_BOOKINGS } from '../../src/shared/schemas/booking.schema';
import { bookingPayload, daysFromToday, fileBytes, upload, uploadDocuments, uniquePhone } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { adminBooking, auditEntry, auditOf, expectError, issuesOf, newCar, openTransaction, outcome, publicBooking, sessionsWaitingOnALock, startWhileLocked, uniqueEmail } from './helpers';

let h: Harness;
let second: MikroORM;
beforeAll(async () => {
  h = await createHarness();
  // A second instance's connections to the same database, for the jobs that several instances run.
  second = await openOrm(h.databaseUrl, 4);
});
afterEach(() => clock.reset());
afterAll(async () => {
  await second.close(true);
  await h.close();
});

const staff = () => h.caller({ staff: true });
const HOUR = 3_600_000;

/** The messages of one kind sent to one address, oldest first. */
async function mailsTo(to: string, kind: string) {
  return h.orm.em.fork().find(MailMessage, { to, kind }, { orderBy: { createdAt: 'asc' } });
}

/** The token of the "Manage your booking" link in a renter e-mail. */
function linkToken(text: string): string {
  const match = /\/my-booking#([\w.-]+)/.exec(text);
  expect(match, 'the e-mail carries the manage link').not.toBeNull();
  return match![1]!;
}

/** The private files in local storage (identity documents), by name. */
async function storedDocumentFiles(): Promise<string[]> {
  return (await readdir(join(h.dataDir, 'objects', 'private'))).filter((name) => !name.endsWith('.meta.json'));
}

async function confirmationToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email, 'booking.confirmation');
  return linkToken(mail!.text);
}

describe('what a booking makes the garage send, and to whom', () => {
  it('quotes none of the requester’s words to an address nobody has proven: a stranger’s inbox gets no lure in the garage’s name', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('stranger');
    const lure = 'verify at gcash-verify.example';
    const { answer } = await publicBooking(h, car.id, {
      customer: { email, fullName: `Customer Your GCash is locked ${lure}` },
      booking: { pickupDate: daysFromToday(10), returnDate: daysFromToday(11), wantsDelivery: true, deliveryArea: 'alaminos_city', deliveryAddress: `URGENT\n${lure}\nCall 0999 000 0000` },
    });
    const [received] = await mailsTo(email, 'booking.confirmation');
    for (const part of [received!.text, received!.html]) {
      expect(part).not.toContain('gcash-verify');
      expect(part).not.toContain('0999 000 0000');
      expect(part).toContain(answer.booking.reference);
      expect(part).toContain('Alaminos City (the address is on your booking page)');
    }
    expect(received!.text.startsWith('Hello,\n')).toBe(true);
    // The garage's own notice has it all, for staff to judge.
    expect((await mailsTo('garage@example.com', 'booking.garage')).find((mail) => mail.text.includes(answer.booking.reference))!.text).toContain(lure);

    // Once the renter has opened their link, the address is theirs: later e-mails greet them by name and show their address.
    await h.caller().myBooking.open({ token: linkToken(received!.text) });
    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'confirmed' });
    const [confirmed] = await mailsTo(email, 'booking.confirmed');
    expect(confirmed!.text.startsWith(`Hi Customer Your GCash is locked ${lure},`)).toBe(true);
    expect(confirmed!.text).toContain('0999 000 0000');
  });

  it('greets by name the renter of a booking staff entered', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('walkin');
    await adminBooking(h, { carId: car.id, from: 10, to: 12, email, name: 'Maria Walk-In', status: 'confirmed' });
    const [mail] = await mailsTo(email, 'booking.confirmed');
    expect(mail!.text.startsWith('Hi Maria Walk-In,')).toBe(true);
  });
});

describe('booking references', () => {
  it('gives every booking a short, unambiguous reference that staff find in any spelling', async () => {
    const car = await newCar(h);
    const references = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(3 + 2 * i), returnDate: daysFromToday(4 + 2 * i) } });
      expect(answer.booking.reference).toMatch(REFERENCE_PATTERN);
      references.add(answer.booking.reference);
    }
    expect(references.size).toBe(6);
    const reference = [...references][0]!;
    for (const typed of [reference, reference.toLowerCase(), reference.slice(3), reference.replace('-', ' ').replace(/0/g, 'o')]) {
      const page = await staff().bookings.list({ q: typed });
      expect(page.items.map((b) => b.reference), typed).toContain(reference);
    }
  });
});

describe('Find my booking', () => {
  it('answers the same whether or not the reference and e-mail match, and e-mails the link only to a match', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('finder');
    const { answer } = await publicBooking(h, car.id, { customer: { email } });
    const matched = await h.caller().myBooking.find({ reference: answer.booking.reference.toLowerCase(), email: email.toUpperCase() });
    const unmatched = await h.caller().myBooking.find({ reference: 'HI-000000', email });
    const wrongAddress = await h.caller().myBooking.find({ reference: answer.booking.reference, email: uniqueEmail('stranger') });
    expect(matched).toEqual({ message: messages.myBooking.findSent });
    expect(unmatched).toEqual(matched);
    expect(wrongAddress).toEqual(matched);
    await vi.waitFor(async () => expect(await mailsTo(email, 'booking.link')).toHaveLength(1), { timeout: 5_000 });
    const [link] = await mailsTo(email, 'booking.link');
    expect(link!.text).toContain(answer.booking.reference);
    expect((await h.caller().myBooking.open({ token: linkToken(link!.text) })).booking.id).toBe(answer.booking.id);
  });

  it('refuses what cannot be a reference', async () => {
    await expectError(h.caller().myBooking.find({ reference: 'not a reference', email: 'a@example.com' }), 'BAD_REQUEST');
  });
});

describe('the manage-booking link', () => {
  it('opens the booking from its e-mail, proves the address once (audited), and shows its payments', async () => {
    const car = await newCar(h, { dailyRate: '1800' });
    const email = uniqueEmail('opener');
    const { answer } = await publicBooking(h, car.id, { customer: { email } });
    expect(answer.booking).toMatchObject({ status: 'pending', emailProven: false });
    expect(answer.booking.holdUntil).not.toBeNull();
    await staff().bookings.addPayment({ id: answer.booking.id, payment: { amount: '1000', method: 'gcash' } });

    const token = await confirmationToken(email);
    const view = await h.caller().myBooking.open({ token });
    expect(view.booking).toMatchObject({ id: answer.booking.id, reference: answer.booking.reference, emailProven: true, amountPaid: '1000.00' });
    expect(view.payments).toEqual([{ kind: 'payment', amount: '1000.00', method: 'gcash', createdAt: expect.any(String) }]);
    expect(view.cancellation.canCancel).toBe(true);
    // A payment voided as entered by mistake is not money: the renter's page no longer lists it.
    const typo = await staff().bookings.addPayment({ id: answer.booking.id, payment: { amount: '800', method: 'cash' } });
    await staff().bookings.voidPayment({ id: answer.booking.id, paymentId: typo.payment.id, reason: 'Recorded twice' });
    expect((await h.caller().myBooking.open({ token })).payments.map((payment) => payment.amount)).toEqual(['1000.00']);
    await h.caller().myBooking.open({ token });
    expect((await auditOf(h, 'booking', answer.booking.id)).filter((entry) => entry.action === 'booking.email_proven')).toEqual([
      expect.objectContaining({ actor: 'Renter (booking link)' }),
    ]);
  });

  it('records whose booking the opened link proved, and the hold it stopped', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('proof-entry');
    const { answer } = await publicBooking(h, car.id, { customer: { email } });
    expect(answer.booking.holdUntil).toEqual(expect.any(String));
    const whose = { reference: answer.booking.reference, customerName: answer.booking.customerName };
    await h.caller().myBooking.open({ token: await confirmationToken(email) });
    const entry = await auditEntry(h, 'booking', answer.booking.id, 'booking.email_proven');
    expect(entry).toMatchObject({
      before: { ...whose, emailProven: false, holdUntil: answer.booking.holdUntil },
      after: { ...whose, emailProven: true, holdUntil: null },
    });
    expect(describeAuditEntry(entry)).toMatch(new RegExp(`^Proved the e-mail address of booking ${whose.reference} for ${whose.customerName}: hold \\w{3} \\d+, \\d{4}, \\d+:\\d\\d [AP]M → —$`));
  });

  it('clears the hold once the renter opened the link: it no longer runs out, as after a payment', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('hold-cleared');
    const { answer } = await publicBooking(h, car.id, { customer: { email } });
    expect(answer.booking.holdUntil).not.toBeNull();
    const view = await h.caller().myBooking.open({ token: await confirmationToken(email) });
    expect(view.booking).toMatchObject({ emailProven: true, holdUntil: null });
    expect(await staff().bookings.byId({ id: answer.booking.id })).toMatchObject({ status: 'pending', emailProven: true, holdUntil: null });
  });

  it('records the proof once when the link is opened twice at the same moment', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('twice');
    const { answer } = await publicBooking(h, car.id, { customer: { email } });
    const token = await confirmationToken(email);
    // Both opens start while another change holds the booking's row, then meet it together.
    const held = await openTransaction(h, (em) => em.findOneOrFail(Booking, { id: answer.booking.id }, { lockMode: LockMode.PESSIMISTIC_WRITE }));
    const first = await startWhileLocked(h, () => h.caller().myBooking.open({ token }));
    await vi.waitFor(async () => expect(await sessionsWaitingOnALock(h)).toBe(1), { timeout: 10_000 });
    const second = h.caller().myBooking.open({ token });
    await vi.waitFor(async () => expect(await sessionsWaitingOnALock(h)).toBe(2), { timeout: 10_000 });
    await held.commit();
    for (const view of await Promise.all([first.running, second])) expect(view.booking.emailProven).toBe(true);
    expect((await auditOf(h, 'booking', answer.booking.id)).filter((entry) => entry.action === 'booking.email_proven')).toHaveLength(1);
  });

  it('refuses a forged, altered or other-purpose token', async () => {
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id);
    const token = makeManageToken(h.deps.signingSecret, { id: answer.booking.id, linkVersion: 0 });
    const [id, expires, signature] = token.split('.');
    for (const bad of [`${id}.${expires}.${signature!.slice(0, -2)}xx`, `${id}.${Number(expires) + 1}.${signature}`, makeDocumentToken(h.deps.signingSecret, answer.booking), `${'0'.repeat(36)}.${expires}.${signature}`]) {
      await expectError(h.caller().myBooking.open({ token: bad }), 'UNAUTHORIZED', messages.errors.manageLinkInvalid);
    }
  });

  it('lets the renter cancel free until 24 hours before pick-up: the dates are free again and both sides are told', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('canceller');
    const { answer } = await publicBooking(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(5), returnDate: daysFromToday(7) } });
    const token = await confirmationToken(email);
    const view = await h.caller().myBooking.cancel({ token });
    expect(view.booking).toMatchObject({ status: 'cancelled', cancelledBy: 'renter' });
    expect(view.cancellation.canCancel).toBe(false);
    expect(await h.caller().cars.bookedDates({ carId: car.id })).toEqual([]);
    expect(await mailsTo(email, 'booking.cancelled')).toHaveLength(1);
    expect((await mailsTo('garage@example.com', 'booking.garage_cancelled')).some((mail) => mail.text.includes(answer.booking.reference))).toBe(true);
    await expectError(h.caller().myBooking.cancel({ token }), 'CONFLICT', messages.errors.cannotCancelOnline);
    // The next visitor can take the same days.
    expect((await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(5), returnDate: daysFromToday(7) } })).answer.booking.status).toBe('pending');
  });

  it('tells a renter who cancels after paying what the terms give back, and the garage what to give back', async () => {
    const car = await newCar(h, { dailyRate: '2000' });
    const email = uniqueEmail('paidcanceller');
    const { answer } = await publicBooking(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(6), returnDate: daysFromToday(8) } });
    await staff().bookings.addPayment({ id: answer.booking.id, payment: { amount: '1500', method: 'gcash' } });
    await h.caller().myBooking.cancel({ token: await confirmationToken(email) });
    const [told] = await mailsTo(email, 'booking.cancelled');
    expect(told!.text).toContain('You have paid ₱1,500 on this booking: as our terms say, ₱1,500 of it is given back to you.');
    expect(told!.text).not.toContain('Nothing more is due');
    const garage = (await mailsTo('garage@example.com', 'booking.garage_cancelled')).find((mail) => mail.text.includes(answer.booking.reference));
    expect(garage!.text).toContain('To give back (the terms): ₱1,500');
  });

  it('does not cancel online inside 24 hours of pick-up', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('late');
    const { answer } = await publicBooking(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(5), pickupTime: '10:00 AM' } });
    const token = await confirmationToken(email);
    await h.caller().myBooking.open({ token });
    clock.advance(2 * 24 * HOUR + 12 * HOUR);
    const view = await h.caller().myBooking.open({ token });
    expect(view.cancellation.canCancel).toBe(false);
    await expectError(h.caller().myBooking.cancel({ token }), 'CONFLICT', messages.errors.cannotCancelOnline);
    expect((await staff().bookings.byId({ id: answer.booking.id })).status).toBe('pending');
  });
});

describe('unconfirmed holds', () => {
  it('releases a booking neither its renter nor staff confirmed (or recorded a payment for) in PENDING_HOLD_HOURS, once, audited and e-mailed, however many instances run the job', async () => {
    const car = await newCar(h);
    const unproven = uniqueEmail('unproven');
    const lapsed = await publicBooking(h, car.id, { customer: { email: unproven }, booking: { pickupDate: daysFromToday(10), returnDate: daysFromToday(12) } });
    const opened = uniqueEmail('opened');
    const kept = await publicBooking(h, car.id, { customer: { email: opened }, booking: { pickupDate: daysFromToday(14), returnDate: daysFromToday(15) } });
    await h.caller().myBooking.open({ token: await confirmationToken(opened) });
    const confirmed = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(17), returnDate: daysFromToday(18) } });
    await staff().bookings.updateStatus({ id: confirmed.answer.booking.id, status: 'confirmed' });
    // A reservation fee paid (GCash, say) and recorded, but the booking not yet confirmed: staff have it in hand.
    const paid = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(20), returnDate: daysFromToday(21) } });
    const recorded = await staff().bookings.addPayment({ id: paid.answer.booking.id, payment: { amount: '500', method: 'gcash' } });
    expect(recorded.booking).toMatchObject({ status: 'pending', holdUntil: null });

    clock.advance((h.env.PENDING_HOLD_HOURS - 1) * HOUR);
    expect(await releaseExpiredHolds(h.deps)).toBe(0);
    clock.advance(2 * HOUR);
    const counts = await Promise.all([releaseExpiredHolds(h.deps), releaseExpiredHolds({ ...h.deps, orm: second })]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);

    expect(await staff().bookings.byId({ id: lapsed.answer.booking.id })).toMatchObject({ status: 'cancelled', cancelledBy: 'hold' });
    expect((await staff().bookings.byId({ id: kept.answer.booking.id })).status).toBe('pending');
    expect((await staff().bookings.byId({ id: confirmed.answer.booking.id })).status).toBe('confirmed');
    expect((await staff().bookings.byId({ id: paid.answer.booking.id })).status).toBe('pending');
    expect(await mailsTo(unproven, 'booking.cancelled')).toHaveLength(1);
    expect((await auditOf(h, 'booking', lapsed.answer.booking.id)).find((entry) => entry.action === 'booking.status')).toMatchObject({ actor: 'System' });
    expect((await h.caller().cars.bookedDates({ carId: car.id })).map((range) => range.start)).toEqual([daysFromToday(14), daysFromToday(17), daysFromToday(20)]);
    expect(await releaseExpiredHolds(h.deps)).toBe(0);
  });
});

/** A website booking from the day after tomorrow, confirmed by staff, for a new address named by `tag`. */
async function confirmedSoon(tag: string) {
  const car = await newCar(h);
  const email = uniqueEmail(tag);
  const { answer } = await publicBooking(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(2), returnDate: daysFromToday(4) } });
  await staff().bookings.updateStatus({ id: answer.booking.id, status: 'confirmed' });
  return { email, answer };
}

describe('the reminder the day before pick-up', () => {
  it('goes once per booking, across runs and two instances running at the same moment', async () => {
    const { email, answer } = await confirmedSoon('reminded');
    expect(await sendPickupReminders(h.deps)).toBe(0);

    clock.advance(24 * HOUR);
    const counts = await Promise.all([sendPickupReminders(h.deps), sendPickupReminders({ ...h.deps, orm: second }), sendPickupReminders(h.deps)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await sendPickupReminders(h.deps)).toBe(0);
    const reminders = await mailsTo(email, 'booking.reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(answer.booking.reference);
    expect(linkToken(reminders[0]!.text)).toBeTruthy();
  });
});

describe('the reminder after staff move the pick-up', () => {
  it('goes again the day before the new pick-up date, once', async () => {
    const { email, answer } = await confirmedSoon('moved');
    clock.advance(24 * HOUR);
    expect(await sendPickupReminders(h.deps)).toBe(1);

    // The renter asks to come a few days later: the reminder they had is for a day that no longer holds.
    await staff().bookings.updateDates({ id: answer.booking.id, dates: { pickupDate: daysFromToday(6), returnDate: daysFromToday(8) } });
    expect(await sendPickupReminders(h.deps)).toBe(0);
    clock.advance(4 * 24 * HOUR);
    expect(await sendPickupReminders(h.deps)).toBe(1);
    expect(await sendPickupReminders(h.deps)).toBe(0);
    const reminders = await mailsTo(email, 'booking.reminder');
    expect(reminders).toHaveLength(2);
    expect(reminders[1]!.text).toContain(formatLongDate(daysFromToday(6)));

    // Moving only the return day keeps the reminder already sent for this pick-up.
    await staff().bookings.updateDates({ id: answer.booking.id, dates: { pickupDate: daysFromToday(6), returnDate: daysFromToday(9) } });
    expect(await sendPickupReminders(h.deps)).toBe(0);
    // So does moving the pick-up away and back the same day: the reminder sent today is for that day.
    await staff().bookings.updateDates({ id: answer.booking.id, dates: { pickupDate: daysFromToday(7), returnDate: daysFromToday(9) } });
    await staff().bookings.updateDates({ id: answer.booking.id, dates: { pickupDate: daysFromToday(6), returnDate: daysFromToday(9) } });
    expect(await sendPickupReminders(h.deps)).toBe(0);
    expect(await mailsTo(email, 'booking.reminder')).toHaveLength(2);
  });
});

describe('limits on unconfirmed bookings and documents', () => {
  it(`holds at most ${MAX_UNPROVEN_BOOKINGS} unconfirmed bookings per e-mail address and per phone number`, async () => {
    const car = await newCar(h);
    const email = uniqueEmail('hoarder');
    const phone = uniquePhone();
    const days = (n: number) => ({ pickupDate: daysFromToday(3 * n + 2), returnDate: daysFromToday(3 * n + 3) });
    for (let n = 0; n < MAX_UNPROVEN_BOOKINGS; n += 1) await publicBooking(h, car.id, { customer: { email, phone }, booking: days(n) });
    await expectError(publicBooking(h, car.id, { customer: { email, phone: uniquePhone() }, booking: days(5) }), 'CONFLICT', messages.errors.unprovenLimit({ max: MAX_UNPROVEN_BOOKINGS }));
    await expectError(
      publicBooking(h, car.id, { customer: { email: uniqueEmail('other'), phone: phone.replace(/^0/, '+63 ') }, booking: days(6) }),
      'CONFLICT',
      messages.errors.unprovenLimit({ max: MAX_UNPROVEN_BOOKINGS }),
    );
    // Once the renter opens a booking's link, it no longer counts.
    await h.caller().myBooking.open({ token: await confirmationToken(email) });
    expect((await publicBooking(h, car.id, { customer: { email, phone }, booking: days(7) })).answer.booking.status).toBe('pending');
  });

  it('counts the spellings of one mailbox as one address: case, a +tag, and Gmail\'s dots', async () => {
    const car = await newCar(h);
    const [local, domain] = uniqueEmail('tagger').split('@') as [string, string];
    const days = (n: number) => ({ pickupDate: daysFromToday(3 * n + 2), returnDate: daysFromToday(3 * n + 3) });
    for (let n = 0; n < MAX_UNPROVEN_BOOKINGS; n += 1) await publicBooking(h, car.id, { customer: { email: `${local}+${n}@${domain}`, phone: uniquePhone() }, booking: days(n) });
    await expectError(publicBooking(h, car.id, { customer: { email: `${local.toUpperCase()}+other@${domain}`, phone: uniquePhone() }, booking: days(5) }), 'CONFLICT', messages.errors.unprovenLimit({ max: MAX_UNPROVEN_BOOKINGS }));
    // At Gmail the dots of the local part are one mailbox too; elsewhere they are not.
    const gmail = `${local.replace(/-/g, '')}@gmail.com`;
    for (let n = 0; n < MAX_UNPROVEN_BOOKINGS; n += 1) await publicBooking(h, car.id, { customer: { email: `${gmail.slice(0, 3 + n)}.${gmail.slice(3 + n)}`, phone: uniquePhone() }, booking: days(10 + n) });
    await expectError(publicBooking(h, car.id, { customer: { email: gmail.replace('@gmail.com', '@googlemail.com'), phone: uniquePhone() }, booking: days(15) }), 'CONFLICT', messages.errors.unprovenLimit({ max: MAX_UNPROVEN_BOOKINGS }));
    expect((await publicBooking(h, car.id, { customer: { email: `${local.slice(0, 3)}.${local.slice(3)}@${domain}`, phone: uniquePhone() }, booking: days(20) })).answer.booking.status).toBe('pending');
  });

  it(`lets exactly ${MAX_UNPROVEN_BOOKINGS} of 50 simultaneous bookings by one address through`, async () => {
    const email = uniqueEmail('racer');
    const cars = await Promise.all(Array.from({ length: 5 }, () => newCar(h)));
    const attempts = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const payload = bookingPayload(cars[i % 5]!.id, await uploadDocuments(h), {
          customer: { email, phone: uniquePhone() },
          booking: { pickupDate: daysFromToday(2 + 2 * Math.floor(i / 5)), returnDate: daysFromToday(3 + 2 * Math.floor(i / 5)) },
        });
        return outcome(h.caller().bookings.create(payload));
      }),
    );
    expect(attempts.filter((result) => result === 'ok')).toHaveLength(MAX_UNPROVEN_BOOKINGS);
    expect(attempts.filter((result) => result === 'CONFLICT')).toHaveLength(50 - MAX_UNPROVEN_BOOKINGS);
    expect(await h.orm.em.fork().count(Booking, { renterEmail: email })).toBe(MAX_UNPROVEN_BOOKINGS);
  });

  it(`lets exactly ${MAX_UNPROVEN_BOOKINGS} of 50 simultaneous bookings through for one mailbox however spelled, each spelling its own customer`, async () => {
    const [local, domain] = uniqueEmail('spellings').split('@') as [string, string];
    const cars = await Promise.all(Array.from({ length: 5 }, () => newCar(h)));
    const attempts = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const payload = bookingPayload(cars[i % 5]!.id, await uploadDocuments(h), {
          customer: { email: `${local}+${i}@${domain}`, phone: uniquePhone() },
          booking: { pickupDate: daysFromToday(2 + 2 * Math.floor(i / 5)), returnDate: daysFromToday(3 + 2 * Math.floor(i / 5)) },
        });
        return outcome(h.caller().bookings.create(payload));
      }),
    );
    expect(attempts.filter((result) => result === 'ok')).toHaveLength(MAX_UNPROVEN_BOOKINGS);
    expect(attempts.filter((result) => result === 'CONFLICT')).toHaveLength(50 - MAX_UNPROVEN_BOOKINGS);
    expect(await h.orm.em.fork().count(Booking, { renterMailboxKey: `${local}@${domain}` })).toBe(MAX_UNPROVEN_BOOKINGS);
  });

  it('refuses one file standing for two documents, by path or by bytes, storing nothing', async () => {
    const car = await newCar(h);
    const documents = await uploadDocuments(h);
    const copy = await upload(h, fileBytes('png'));
    const twin = await upload(h, fileBytes('png'));
    const before = await h.orm.em.fork().count(Booking, { car: car.id });
    const files = await storedDocumentFiles();
    // The later of the two is named, so the form asks for that document again.
    const named = [{ path: 'customer.photoId2Url', message: messages.errors.sameDocumentTwice }];
    const byPath = await expectError(h.caller().bookings.create(bookingPayload(car.id, { ...documents, photoId2Url: documents.photoId1Url! })), 'BAD_REQUEST');
    expect(issuesOf(byPath)).toEqual(named);
    const byBytes = await expectError(h.caller().bookings.create(bookingPayload(car.id, { ...documents, photoId1Url: copy, photoId2Url: twin })), 'BAD_REQUEST', messages.errors.sameDocumentTwice);
    expect(issuesOf(byBytes)).toEqual(named);
    expect(await h.orm.em.fork().count(Booking, { car: car.id })).toBe(before);
    expect((await h.orm.em.fork().findOne(Upload, { objectKey: copy.slice('/objects/'.length) }))?.attachedTo).toBeNull();
    // No copy of the refused files is left behind, where no record would name it and no clean-up would find it.
    expect((await storedDocumentFiles()).filter((file) => !files.includes(file))).toEqual([]);
  });

  it('leaves the uploads of a booking refused for two alike files ready for the next try', async () => {
    const car = await newCar(h);
    const documents = await uploadDocuments(h);
    const twin = await upload(h, fileBytes('png')); // the bytes of the first photo ID
    await expectError(h.caller().bookings.create(bookingPayload(car.id, { ...documents, photoId2Url: twin })), 'BAD_REQUEST', messages.errors.sameDocumentTwice);
    // The renter chooses another file for the second photo ID; the first one and the bill, sent before, still serve.
    const answer = await h.caller().bookings.create(bookingPayload(car.id, { ...documents, photoId2Url: await upload(h, fileBytes('jpeg'), { contentType: 'image/jpeg' }) }));
    expect(answer.booking.status).toBe('pending');
  });

  it('refuses a replacement document with the same bytes as one the booking keeps, leaving no copy of it behind', async () => {
    const car = await newCar(h);
    const { answer, documents } = await publicBooking(h, car.id);
    const twin = await upload(h, fileBytes('png')); // the bytes of the booking's first photo ID
    const files = await storedDocumentFiles();
    await expectError(
      h.caller().customers.saveDocuments({ id: answer.customer.id, documents: { ...documents, photoId2Url: twin }, documentToken: answer.documentToken }),
      'BAD_REQUEST',
      messages.errors.sameDocumentTwice,
    );
    expect(await staff().bookings.byId({ id: answer.booking.id })).toMatchObject(documents);
    expect((await storedDocumentFiles()).filter((file) => !files.includes(file))).toEqual([]);
  });
});

describe('staff follow-up and what the renter hears', () => {
  it('e-mails the renter on confirmation and on each payment (with the balance)', async () => {
    const car = await newCar(h, { dailyRate: '2000' });
    const email = uniqueEmail('told');
    const { answer } = await publicBooking(h, car.id, { customer: { email }, booking: { pickupDate: daysFromToday(6), returnDate: daysFromToday(8) } });
    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'confirmed' });
    expect(await mailsTo(email, 'booking.confirmed')).toHaveLength(1);
    await staff().bookings.addPayment({ id: answer.booking.id, payment: { amount: '1500', method: 'cash' } });
    const [paid] = await mailsTo(email, 'payment.recorded');
    expect(paid!.text).toContain('Amount: ₱1,500');
    expect(paid!.text).toContain('Balance: ₱3,000');
    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'cancelled' });
    expect((await mailsTo(email, 'booking.cancelled'))[0]!.text).toContain('cancelled by our staff');
  });

  it('lets staff ask for a new document; the renter sends it through their link and the garage hears of it', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('asked');
    const { answer, documents } = await publicBooking(h, car.id, { customer: { email } });
    const asked = await staff().bookings.requestDocument({ id: answer.booking.id, request: { field: 'proofOfBillingUrl', note: 'The bill is cut off at the bottom' } });
    expect(asked).toMatchObject({ requestedDocument: 'proofOfBillingUrl', documentRequestNote: 'The bill is cut off at the bottom' });
    const [request] = await mailsTo(email, 'booking.document_request');
    expect(request!.text).toContain('The bill is cut off at the bottom');
    const token = linkToken(request!.text);
    expect((await h.caller().myBooking.open({ token })).documentRequest).toMatchObject({ field: 'proofOfBillingUrl', note: 'The bill is cut off at the bottom' });

    // The document the booking already holds is not a new one: the request stays open, the garage is not told.
    await expectError(h.caller().myBooking.replaceDocument({ token, objectPath: documents.proofOfBillingUrl }), 'BAD_REQUEST', messages.errors.uploadInUse);
    expect((await h.caller().myBooking.open({ token })).documentRequest).toMatchObject({ field: 'proofOfBillingUrl' });
    expect((await mailsTo('garage@example.com', 'booking.garage_document')).some((mail) => mail.text.includes(answer.booking.reference))).toBe(false);

    const fresh = await upload(h, fileBytes('pdf', 999), { contentType: 'application/pdf' });
    const view = await h.caller().myBooking.replaceDocument({ token, objectPath: fresh });
    expect(view.documentRequest).toBeNull();
    const sent = view.booking.proofOfBillingUrl!;
    expect(sent).toMatch(/^\/objects\/private\//);
    expect(sent).not.toBe(documents.proofOfBillingUrl);
    expect((await h.orm.em.fork().findOne(Upload, { objectKey: sent.slice('/objects/'.length) }))?.attachedTo).toBe(`booking:${answer.booking.id}`);
    expect((await h.orm.em.fork().findOne(Upload, { objectKey: documents.proofOfBillingUrl!.slice('/objects/'.length) }))?.attachedTo).toBe('released');
    expect((await mailsTo('garage@example.com', 'booking.garage_document')).some((mail) => mail.text.includes(answer.booking.reference))).toBe(true);
    await expectError(h.caller().myBooking.replaceDocument({ token, objectPath: await upload(h, fileBytes('pdf', 998), { contentType: 'application/pdf' }) }), 'CONFLICT', messages.errors.noDocumentRequested);
  });

  it("shows staff where a returning renter's booking differs from the customer record, and applies it when asked (audited)", async () => {
    const car = await newCar(h);
    const email = uniqueEmail('returning');
    const first = await publicBooking(h, car.id, { customer: { email, fullName: 'Lorna Bautista', phone: '0917 000 2222' }, booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(4) } });
    await h.caller().myBooking.open({ token: await confirmationToken(email) });
    const second = await publicBooking(h, car.id, { customer: { email, fullName: 'Lorna B. Reyes', phone: '0917 000 3333' }, booking: { pickupDate: daysFromToday(8), returnDate: daysFromToday(9) } });
    const listed = (await staff().bookings.list({ q: second.answer.booking.reference })).items[0]!;
    expect(listed.customerDiffers).toEqual(['fullName', 'phone', 'photoId1Url', 'photoId2Url', 'proofOfBillingUrl']);
    expect((await staff().bookings.list({ q: first.answer.booking.reference })).items[0]!.customerDiffers).toEqual([]);

    const applied = await staff().bookings.applyToCustomer({ id: second.answer.booking.id });
    expect(applied.customerDiffers).toEqual([]);
    expect(await staff().customers.byId({ id: first.answer.customer.id })).toMatchObject({ fullName: 'Lorna B. Reyes', phone: '0917 000 3333', ...second.documents });
    const entry = (await auditOf(h, 'customer', first.answer.customer.id)).find((e) => e.action === 'customer.apply_booking')!;
    expect(entry).toMatchObject({ actor: 'test staff' });
    // The activity log says it in words: the booking it came from, the fields by their forms' names, no file addresses.
    expect(describeAuditEntry(entry)).toBe(
      `Copied the details of booking ${second.answer.booking.reference} to customer Lorna B. Reyes: name Lorna Bautista → Lorna B. Reyes, phone 0917 000 2222 → 0917 000 3333, Photo ID #1 replaced (+2 more)`,
    );
    // Both bookings keep the files they were made with.
    expect((await staff().bookings.byId({ id: first.answer.booking.id })).photoId1Url).toBe(first.documents.photoId1Url);
  });
});

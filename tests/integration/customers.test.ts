import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { Booking, Customer, CustomerDeletion, MailMessage, Payment, Upload } from '../../src/server/db/entities';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { formatLongDate, todayInManila } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { CUSTOMER_CSV_COLUMNS, ERASED_NAME, erasedAddress, type TCreateCustomerInput } from '../../src/shared/schemas/customer.schema';
import { bookingPayload, daysFromToday, uploadDocuments } from '../utils/fixtures';
import { DOCUMENT_FIELDS, type DocumentField } from '../../src/shared/schemas/booking.schema';
import { createHarness, staffActor, type Harness } from '../utils/harness';
import { exportCustomersCsv } from '../../src/server/services/customer.service';
import { ERASED_VALUE, eraseCustomer } from '../../src/server/services/erasure.service';
import { lockCustomer } from '../../src/server/services/booking-change.service';
import { parseCsv } from '../utils/csv';
import { adminBooking, adminBookingIn, auditEntry, auditOf, expectError, newCar, openTransaction, publicBooking, sessionsWaitingOnALock, startWhileLocked, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => clock.reset());

const staff = () => h.caller({ staff: true });

function phone(): string {
  return `0917${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

function customerInput(overrides: Partial<TCreateCustomerInput> = {}): TCreateCustomerInput {
  return { fullName: `Carlo ${uniqueWord()}`, email: uniqueEmail('carlo'), phone: phone(), ...overrides };
}

/** The three document paths an answer holds. */
function held(answer: Record<DocumentField, string | null>): Record<DocumentField, string> {
  return { photoId1Url: answer.photoId1Url!, photoId2Url: answer.photoId2Url!, proofOfBillingUrl: answer.proofOfBillingUrl! };
}

async function uploadAttachedTo(path: string | null): Promise<string | null | undefined> {
  const row = await h.orm.em.fork().findOne(Upload, { objectKey: keyFromObjectPath(path ?? '') ?? '' });
  return row ? row.attachedTo : undefined;
}

describe('customers.create', () => {
  it('adds a customer without a booking and audits it', async () => {
    const input = customerInput({ address: ' Poblacion, Alaminos City ', license: 'N01-23-456789', licenseExpiry: '2030-05-31' });
    const { customer, booking } = await staff().customers.create(input);
    expect(booking).toBeNull();
    expect(customer).toMatchObject({
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      address: 'Poblacion, Alaminos City',
      license: 'N01-23-456789',
      licenseExpiry: '2030-05-31',
      photoId1Url: null,
    });
    const entry = await auditEntry(h, 'customer', customer.id, 'customer.create');
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ id: customer.id, email: input.email });
  });

  it('stores blank optional fields as null', async () => {
    const { customer } = await staff().customers.create(customerInput({ address: '', license: '  ', licenseExpiry: '' }));
    expect(customer).toMatchObject({ address: null, license: null, licenseExpiry: null });
  });

  it('creates the initial booking with the customer, keeping the given total', async () => {
    const car = await newCar(h, { dailyRate: '2000' });
    const input = customerInput({ initialBooking: { carId: car.id, pickupDate: daysFromToday(5), returnDate: daysFromToday(8), total: '5500' } });
    const { customer, booking } = await staff().customers.create(input);
    expect(booking).toMatchObject({
      customerId: customer.id,
      customerEmail: input.email,
      carId: car.id,
      status: 'confirmed',
      source: 'admin',
      totalDays: 3,
      total: '5500.00',
      adjustment: '-1000.00',
    });
    const saved = await staff().customers.byId({ id: customer.id });
    expect(saved.bookings.map((b) => b.id)).toEqual([booking!.id]);
    // One entry for the record: its booking finds it made.
    await auditEntry(h, 'customer', customer.id, 'customer.create');
  });

  it('books the initial booking in the renter’s language staff chose: its e-mail, and the booking page its link opens', async () => {
    const car = await newCar(h);
    const input = customerInput({ initialBooking: { carId: car.id, pickupDate: daysFromToday(20), returnDate: daysFromToday(22), total: '4000', locale: 'fil' } });
    const { booking } = await staff().customers.create(input);
    expect(booking!.locale).toBe('fil');
    const [mail] = await h.orm.em.fork().find(MailMessage, { to: input.email });
    expect(mail!.subject).toMatch(/^Kumpirmado ang booking: /);
    expect(mail!.text).toMatch(/\/fil\/my-booking#\S+/);
    // Left out, the renter's language is English, as before.
    const english = await staff().customers.create(customerInput({ initialBooking: { carId: car.id, pickupDate: daysFromToday(30), returnDate: daysFromToday(31), total: '2000' } }));
    expect(english.booking!.locale).toBe('en');
  });

  it('creates neither the customer nor the booking when the initial booking conflicts', async () => {
    const car = await newCar(h);
    await adminBooking(h, { carId: car.id, from: 10, to: 14, status: 'confirmed' });
    const input = customerInput({ initialBooking: { carId: car.id, pickupDate: daysFromToday(12), returnDate: daysFromToday(16), total: '9000', status: 'pending' } });
    await expectError(staff().customers.create(input), 'CONFLICT', messages.errors.datesTaken);
    expect(await h.orm.em.fork().count(Customer, { email: input.email })).toBe(0);
    expect((await staff().customers.list({ q: input.email })).total).toBe(0);
    expect(await h.orm.em.fork().count(Booking, { car: car.id })).toBe(1);

    const unknownCar = customerInput({ initialBooking: { carId: randomUUID(), pickupDate: daysFromToday(2), returnDate: daysFromToday(3), total: '1000' } });
    await expectError(staff().customers.create(unknownCar), 'NOT_FOUND');
    expect(await h.orm.em.fork().count(Customer, { email: unknownCar.email })).toBe(0);
  });

  it('refuses an e-mail another customer uses, in any case', async () => {
    const email = uniqueEmail('dup');
    await staff().customers.create(customerInput({ email }));
    await expectError(staff().customers.create(customerInput({ email: email.toUpperCase() })), 'CONFLICT', messages.errors.emailTaken);
    expect(await h.orm.em.fork().count(Customer, { email })).toBe(1);
  });

  it('is refused to the public', async () => {
    const input = customerInput();
    await expectError(h.caller().customers.create(input), 'UNAUTHORIZED');
    expect(await h.orm.em.fork().count(Customer, { email: input.email })).toBe(0);
  });
});

describe('customers.list and customers.byId', () => {
  it('shows totals (total, paid, pending) and the booking history of each customer', async () => {
    const car = await newCar(h, { dailyRate: '1000' });
    const input = customerInput({ initialBooking: { carId: car.id, pickupDate: daysFromToday(3), returnDate: daysFromToday(5), total: '3000' } });
    const { customer, booking: first } = await staff().customers.create(input);
    const second = await adminBooking(h, { carId: car.id, from: 10, to: 13, email: input.email, name: 'Someone Else', total: '2000' });
    await staff().bookings.addPayment({ id: first!.id, payment: { amount: '1000' } });
    await staff().bookings.addPayment({ id: second.id, payment: { amount: '250.50' } });

    const page = await staff().customers.list({ q: input.fullName });
    expect(page.total).toBe(1);
    const listed = page.items[0]!;
    expect(listed.id).toBe(customer.id);
    expect(listed.fullName).toBe(input.fullName); // a staff booking does not rename the customer
    expect(listed.totals).toEqual({ bookings: 2, total: '5000.00', paid: '1250.50', pending: '3749.50' });
    expect(listed.bookings).toEqual([
      expect.objectContaining({ id: second.id, reference: second.reference, carName: car.name, pickupDate: daysFromToday(10), returnDate: daysFromToday(13), totalDays: 3, total: '2000.00', amountPaid: '250.50', status: 'pending' }),
      expect.objectContaining({ id: first!.id, reference: first!.reference, carName: car.name, totalDays: 2, total: '3000.00', amountPaid: '1000.00', status: 'confirmed' }),
    ]);
    expect(await staff().customers.byId({ id: customer.id })).toEqual(listed);
  });

  it('searches by name, e-mail and phone, and pages with a total', async () => {
    const word = uniqueWord('Pagination');
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push((await staff().customers.create(customerInput({ fullName: `${word} Person ${i}` }))).customer);

    const one = await staff().customers.list({ q: word.toUpperCase(), limit: 2 });
    const two = await staff().customers.list({ q: word, limit: 2, offset: 2 });
    expect([one.total, two.total]).toEqual([3, 3]);
    expect([one.items.length, two.items.length]).toEqual([2, 1]);
    expect([...one.items, ...two.items].map((c) => c.id).sort()).toEqual(made.map((c) => c.id).sort());

    expect((await staff().customers.list({ q: made[1]!.email })).items.map((c) => c.id)).toEqual([made[1]!.id]);
    expect((await staff().customers.list({ q: made[2]!.phone })).items.map((c) => c.id)).toEqual([made[2]!.id]);
    expect(await staff().customers.list({ q: `${word}-nobody` })).toEqual({ items: [], total: 0, totalCapped: false });

    const all = await staff().customers.list({ limit: 500 });
    expect(all.total).toBe(await h.orm.em.fork().count(Customer, {}));
  });

  it('matches accented names in any case, never across the name, e-mail and phone, and follows a change of name', async () => {
    const word = uniqueWord('Peñaflor');
    const { customer } = await staff().customers.create(customerInput({ fullName: `Niña ${word}`, phone: '+63 917 555 0142' }));
    expect((await staff().customers.list({ q: `NIÑA ${word.toUpperCase()}` })).items.map((c) => c.id)).toEqual([customer.id]);
    expect((await staff().customers.list({ q: '555 0142' })).items.map((c) => c.id)).toContain(customer.id);
    // A number typed as it is said over the phone, without the spaces it was stored with, or in the local form.
    for (const q of ['09175550142', '9175550142', '0917-555-0142', '+63 9175550142']) expect((await staff().customers.list({ q })).items.map((c) => c.id), q).toContain(customer.id);
    expect((await staff().customers.list({ q: `${word.toLowerCase()} ${customer.email}` })).total, 'name and e-mail run together').toBe(0);
    await staff().customers.update({ id: customer.id, data: { fullName: `Renamed ${word}` } });
    expect((await staff().customers.list({ q: `renamed ${word}` })).items.map((c) => c.id)).toEqual([customer.id]);
    expect((await staff().customers.list({ q: `Niña ${word}` })).total).toBe(0);
  });

  it('finds a name typed surname first, with or without a comma, and the customer of a booking by its reference', async () => {
    const word = uniqueWord('Reyes');
    const { customer } = await staff().customers.create(customerInput({ fullName: `Ana Maria ${word}` }));
    for (const q of [`${word} Ana Maria`, `${word}, Ana Maria`, `${word.toLowerCase()},ana maria`, `maria ${word} ana`, `Ana Maria ${word}`]) {
      expect((await staff().customers.list({ q })).items.map((c) => c.id), q).toEqual([customer.id]);
    }
    // Words are found together, in the name: not another order of them than the name's turns.
    expect((await staff().customers.list({ q: `Maria Ana ${word}` })).total).toBe(0);

    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 4, name: `Ben ${uniqueWord('Tolentino')}`, email: uniqueEmail('reference') });
    for (const q of [booking.reference, booking.reference.toLowerCase(), booking.reference.slice(3)]) {
      expect((await staff().customers.list({ q })).items.map((c) => c.id), q).toEqual([booking.customerId]);
    }
  });

  it('finds a whole e-mail address typed in the search box as that address, in any case; part of one anywhere', async () => {
    const word = uniqueWord('Whole').toLowerCase();
    const exact = (await staff().customers.create(customerInput({ email: `${word}@example.com` }))).customer;
    const longer = (await staff().customers.create(customerInput({ email: `ana${word}@example.com` }))).customer;
    expect((await staff().customers.list({ q: ` ${word.toUpperCase()}@Example.com ` })).items.map((c) => c.id)).toEqual([exact.id]);
    expect((await staff().customers.list({ q: `${word}@example.com` })).total).toBe(1);
    const part = await staff().customers.list({ q: `${word}@example` });
    expect(part.items.map((c) => c.id).sort()).toEqual([exact.id, longer.id].sort());
    expect(await staff().customers.list({ q: `nobody-${word}@example.com` })).toEqual({ items: [], total: 0, totalCapped: false });
  });

  it('answers NOT_FOUND for an unknown customer and UNAUTHORIZED to the public', async () => {
    await expectError(staff().customers.byId({ id: randomUUID() }), 'NOT_FOUND', messages.errors.customerNotFound);
    await expectError(h.caller().customers.list(), 'UNAUTHORIZED');
    await expectError(h.caller().customers.byId({ id: randomUUID() }), 'UNAUTHORIZED');
  });
});

describe('customers.update', () => {
  it('changes only the fields given and audits before and after', async () => {
    const { customer } = await staff().customers.create(customerInput({ address: 'Lucap, Alaminos' }));
    const newPhone = phone();
    const updated = await staff().customers.update({ id: customer.id, data: { phone: newPhone } });
    expect(updated).toEqual({ ...customer, phone: newPhone });
    const entry = await auditEntry(h, 'customer', customer.id, 'customer.update');
    expect(entry.before).toMatchObject({ phone: customer.phone, address: 'Lucap, Alaminos' });
    expect(entry.after).toMatchObject({ phone: newPhone, address: 'Lucap, Alaminos' });

    const email = uniqueEmail('moved');
    const moved = await staff().customers.update({ id: customer.id, data: { email: email.toUpperCase(), address: '' } });
    expect(moved).toMatchObject({ email, address: null, phone: newPhone });
    // Saved again as it is (the edit form's Save without a change): nothing logged.
    await staff().customers.update({ id: customer.id, data: { email, fullName: customer.fullName, phone: newPhone, address: '' } });
    expect((await auditOf(h, 'customer', customer.id)).filter((e) => e.action === 'customer.update')).toHaveLength(2);
  });

  it("refuses another customer's e-mail, and answers NOT_FOUND for an unknown customer", async () => {
    const a = (await staff().customers.create(customerInput())).customer;
    const b = (await staff().customers.create(customerInput())).customer;
    await expectError(staff().customers.update({ id: b.id, data: { email: a.email } }), 'CONFLICT', messages.errors.emailTaken);
    expect((await staff().customers.byId({ id: b.id })).email).toBe(b.email);
    // keeping one's own e-mail is fine
    expect((await staff().customers.update({ id: b.id, data: { email: b.email, fullName: 'Renamed Person' } })).fullName).toBe('Renamed Person');
    await expectError(staff().customers.update({ id: randomUUID(), data: { fullName: 'Ghost Person' } }), 'NOT_FOUND');
    await expectError(h.caller().customers.update({ id: a.id, data: { fullName: 'Hacker Person' } }), 'UNAUTHORIZED');
  });
});

/** How many rows of `table` hold `needle` anywhere (as the row reads as text, whatever the letter case). */
async function rowsHolding(table: 'audit_entry' | 'contact_message' | 'mail_message', needle: string): Promise<number> {
  const [row] = await h.orm.em.fork().getConnection().execute<Array<{ count: number }>>(`select count(*)::int as count from ${table} t where t::text ilike ?`, [`%${needle}%`]);
  return row!.count;
}

describe('customers.erase', () => {
  it('is refused while a booking is pending or confirmed ahead, then erases the personal data everywhere and keeps the bookings and payments', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('leaving');
    const name = `Leaving ${uniqueWord()}`;
    const past = await adminBooking(h, { carId: car.id, from: -30, to: -27, email, name, status: 'completed', total: '3000' });
    await staff().bookings.addPayment({ id: past.id, payment: { amount: '3000' } });
    const active = await adminBooking(h, { carId: car.id, from: 5, to: 7, email, name, status: 'confirmed' });
    const customerId = active.customerId;
    expect(past.customerId).toBe(customerId);
    await staff().customers.update({ id: customerId, data: { address: `${name}'s house, Poblacion`, license: 'N01-99-123456' } });
    await h.caller().contact.send({ firstName: 'Leaving', lastName: 'Renter', email: email.toUpperCase(), message: 'Can I extend?' });
    const someoneElse = uniqueEmail('staying');
    await h.caller().contact.send({ firstName: 'Staying', lastName: 'Renter', email: someoneElse, message: 'Hello' });

    await expectError(staff().customers.erase({ id: customerId }), 'CONFLICT', messages.errors.customerHasBookings);
    expect((await staff().customers.byId({ id: customerId })).fullName).toBe(name);

    await staff().bookings.updateStatus({ id: active.id, status: 'cancelled' });
    expect(await staff().customers.erase({ id: customerId })).toEqual({ ok: true, bookingsKept: 2 });

    const erased = await staff().customers.byId({ id: customerId });
    expect(erased).toMatchObject({ fullName: ERASED_NAME, email: erasedAddress(customerId), phone: '', license: null, address: null, erasedAt: expect.any(String) });
    expect(erased.bookings.map((b) => b.reference).sort()).toEqual([past.reference, active.reference].sort());
    expect(erased.totals).toMatchObject({ bookings: 2, paid: '3000.00' });
    expect(await staff().bookings.byId({ id: past.id })).toMatchObject({ reference: past.reference, total: '3000.00', amountPaid: '3000.00', status: 'completed', carName: past.carName });
    expect(await h.orm.em.fork().count(Payment, { booking: past.id })).toBe(1);

    // Nothing of theirs is left in the database: not in a row, not in the activity log, not in a sent e-mail or an enquiry.
    const [left] = (await h.orm.em.fork().getConnection().execute(
      `select (select count(*)::int from booking where customer_id = ? and (renter_name ilike ? or renter_email ilike ? or renter_phone <> '')) as bookings,
              (select count(*)::int from audit_entry where (before::text || coalesce(after::text, '')) ilike any(array[?, ?])) as log,
              (select count(*)::int from mail_message where "to" ilike ?) as mail,
              (select count(*)::int from contact_message where email ilike ?) as enquiries,
              (select count(*)::int from contact_message where email = ?) as others`,
      [customerId, `%${name}%`, `%${email}%`, `%${name}%`, `%${email}%`, `%${email}%`, `%${email}%`, someoneElse],
    )) as Array<Record<string, number>>;
    expect(left).toEqual({ bookings: 0, log: 0, mail: 0, enquiries: 0, others: 1 });
    // The log keeps who did what, with the personal data replaced.
    const created = await auditEntry(h, 'booking', past.id, 'booking.create');
    expect(created.after).toMatchObject({ reference: past.reference, total: '3000.00' });
    expect(JSON.stringify(created.after)).toContain(ERASED_VALUE);
    const entry = await auditEntry(h, 'customer', customerId, 'customer.erase');
    expect(entry).toMatchObject({ before: { bookingsKept: 2 }, after: { erasedAt: erased.erasedAt } });

    // Erasing again answers the same; the record can no longer be changed.
    expect(await staff().customers.erase({ id: customerId })).toEqual({ ok: true, bookingsKept: 2 });
    await expectError(staff().customers.update({ id: customerId, data: { fullName: name } }), 'CONFLICT', messages.errors.customerErased);
    await expectError(staff().customers.saveDocuments({ id: customerId, documents: await uploadDocuments(h) }), 'CONFLICT', messages.errors.customerErased);
    // Their bookings cannot be re-opened nor their renter asked for a document; staff may still
    // close one, record a refund (the accounts), and no message is ever queued to the erased renter.
    await expectError(staff().bookings.updateStatus({ id: active.id, status: 'confirmed' }), 'CONFLICT', messages.errors.customerErased);
    await expectError(staff().bookings.updateStatus({ id: active.id, status: 'pending' }), 'CONFLICT', messages.errors.customerErased);
    await expect(staff().bookings.updateStatus({ id: active.id, status: 'completed' })).resolves.toMatchObject({ status: 'completed' });
    await staff().bookings.addPayment({ id: past.id, payment: { kind: 'refund', amount: '100' } });
    expect(await h.orm.em.fork().count(MailMessage, { to: erasedAddress(customerId) })).toBe(0);

    // The renter may book again, as a new customer.
    const again = await adminBooking(h, { carId: car.id, from: 20, to: 22, email, name, status: 'confirmed' });
    expect(again.customerId).not.toBe(customerId);
    expect((await staff().customers.byId({ id: again.customerId })).fullName).toBe(name);
  });

  it('erases a customer whose confirmed booking is over though never closed, and then asks their renter for nothing', async () => {
    const car = await newCar(h);
    const over = await adminBooking(h, { carId: car.id, from: -10, to: -8, email: uniqueEmail('over'), status: 'confirmed' });
    expect(await staff().customers.erase({ id: over.customerId })).toEqual({ ok: true, bookingsKept: 1 });
    await expectError(staff().bookings.requestDocument({ id: over.id, request: { field: 'photoId1Url', note: 'Blurred' } }), 'CONFLICT', messages.errors.customerErased);
    expect(await staff().bookings.byId({ id: over.id })).toMatchObject({ status: 'confirmed', requestedDocument: null });
  });

  it('deletes a customer without bookings outright, and no form accepts the stand-in address', async () => {
    const { customer } = await staff().customers.create(customerInput());
    expect(await staff().customers.erase({ id: customer.id })).toEqual({ ok: true, bookingsKept: 0 });
    await expectError(staff().customers.byId({ id: customer.id }), 'NOT_FOUND');
    expect(JSON.stringify((await auditEntry(h, 'customer', customer.id, 'customer.create')).after)).not.toContain(customer.email);
    await expect(staff().customers.create(customerInput({ email: erasedAddress(randomUUID()) }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('waits for a booking being made for them at that moment, and is then refused, instead of erasing it', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('returning');
    const past = await adminBooking(h, { carId: car.id, from: -30, to: -27, email, status: 'completed' });
    // The renter books again: the booking's transaction has found their record and is about to commit.
    const booking = await openTransaction(h, (em) => adminBookingIn(h, em, { carId: car.id, from: 5, to: 7, email, name: 'Returning Renter', status: 'confirmed' }));
    const { running: erasure } = await startWhileLocked(h, () => staff().customers.erase({ id: past.customerId }));
    await booking.commit();

    await expectError(erasure, 'CONFLICT', messages.errors.customerHasBookings);
    expect(await staff().bookings.byId({ id: booking.result.id })).toMatchObject({ customerId: past.customerId, status: 'confirmed', customerName: 'Returning Renter' });

    // The other way round: a booking arriving while the erasure is committing waits for it, then gets a new record.
    await staff().bookings.updateStatus({ id: booking.result.id, status: 'cancelled' });
    const erasing = await openTransaction(h, (em) => eraseCustomer({ em, deps: h.deps, actor: staffActor }, past.customerId));
    const { running: again } = await startWhileLocked(h, () => adminBooking(h, { carId: car.id, from: 5, to: 7, email, status: 'confirmed' }));
    await erasing.commit();
    const rebooked = await again;
    expect(rebooked.customerId).not.toBe(past.customerId);
    expect((await staff().customers.byId({ id: rebooked.customerId })).bookings.map((b) => b.id)).toEqual([rebooked.id]);
  });

  it('waits for staff editing the record at that moment; the edit that comes second is refused, not written over the erasure', async () => {
    const car = await newCar(h);
    const past = await adminBooking(h, { carId: car.id, from: -30, to: -27, email: uniqueEmail('editing'), status: 'completed' });
    const erasing = await openTransaction(h, (em) => eraseCustomer({ em, deps: h.deps, actor: staffActor }, past.customerId));
    const { running: edit } = await startWhileLocked(h, () => staff().customers.update({ id: past.customerId, data: { fullName: 'Back Again' } }));
    await erasing.commit();
    await expectError(edit, 'CONFLICT', messages.errors.customerErased);
    expect((await staff().customers.byId({ id: past.customerId })).fullName).toBe(ERASED_NAME);
  });

  it('releases the erased customer’s documents for the clean-up', async () => {
    const car = await newCar(h);
    const { answer, documents } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(4) } });
    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'completed' });
    expect(await uploadAttachedTo(documents.photoId1Url)).toBe(`booking:${answer.booking.id}`);
    const own = held(await staff().customers.saveDocuments({ id: answer.customer.id, documents: await uploadDocuments(h) }));
    expect(await uploadAttachedTo(own.photoId1Url)).toBe(`customer:${answer.customer.id}`);
    const garageMails = () => h.orm.em.fork().count(MailMessage, { text: { $like: `%${answer.booking.reference}%` } });
    expect(await garageMails()).toBeGreaterThan(1);
    await staff().customers.erase({ id: answer.customer.id });
    // The garage's own e-mail about the booking named the renter: it goes too.
    expect(await garageMails()).toBe(0);
    for (const path of Object.values(own)) expect(await uploadAttachedTo(path)).toBe('released');
    for (const path of Object.values(documents)) expect(await uploadAttachedTo(path)).toBe('released');
    expect(await staff().bookings.byId({ id: answer.booking.id })).toMatchObject({ photoId1Url: null, photoId2Url: null, proofOfBillingUrl: null });
  });

  it('waits for a renter replacing their booking’s documents at that moment instead of deadlocking with them', async () => {
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(4) } });
    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'cancelled' });
    const replacement = await uploadDocuments(h);
    // Another change holds the customer's row: the erasure waits for it, then the renter comes.
    const holding = await openTransaction(h, (em) => lockCustomer(em, answer.customer.id));
    const { running: erasure } = await startWhileLocked(h, () => staff().customers.erase({ id: answer.customer.id }));
    const renter = h.caller().customers.saveDocuments({ id: answer.customer.id, documents: replacement, documentToken: answer.documentToken });
    renter.catch(() => undefined);
    await vi.waitFor(async () => expect(await sessionsWaitingOnALock(h)).toBe(2), { timeout: 10_000 });
    await holding.commit();

    await erasure;
    // The renter's change came second: it is refused (a deadlock would fail one of them with a 409 of another kind).
    await expectError(renter, 'CONFLICT', messages.errors.customerErased);
    expect(await staff().bookings.byId({ id: answer.booking.id })).toMatchObject({ customerName: ERASED_NAME, photoId1Url: null });
  });

  it('leaves no tombstone of a deletion that does not commit: the record, and a booking that was to leave it, stay as they were', async () => {
    const connection = h.orm.em.fork().getConnection();
    const refused = () => `Refused ${uniqueWord()}`;
    // PostgreSQL refuses, at COMMIT, a transaction that deleted the record of one of these names.
    await connection.execute(`create or replace function refuse_commit() returns trigger language plpgsql as $$ begin raise exception 'commit refused'; end $$`);
    await connection.execute(`create constraint trigger refuse_deletion after delete on customer deferrable initially deferred for each row when (old.full_name like 'Refused %') execute function refuse_commit()`);
    const { customer } = await staff().customers.create(customerInput({ fullName: refused() }));
    const car = await newCar(h);
    const right = await adminBooking(h, { carId: car.id, from: 10, to: 12, email: uniqueEmail('right') });
    const typo = await adminBooking(h, { carId: car.id, from: 20, to: 22, email: uniqueEmail('typo'), name: refused() });
    const tombstones = () => h.orm.em.fork().count(CustomerDeletion, { id: { $in: [customer.id, typo.customerId] } });
    try {
      await expectError(staff().customers.erase({ id: customer.id }), 'INTERNAL_SERVER_ERROR');
      await expectError(staff().bookings.correctEmail({ id: typo.id, email: right.customerEmail }), 'INTERNAL_SERVER_ERROR');
      expect(await tombstones()).toBe(0);
      expect((await staff().customers.byId({ id: customer.id })).fullName).toBe(customer.fullName);
      expect((await staff().bookings.byId({ id: typo.id })).customerId).toBe(typo.customerId);
    } finally {
      await connection.execute(`drop trigger refuse_deletion on customer`);
    }
    // Committed, each leaves its tombstone.
    await staff().customers.erase({ id: customer.id });
    await staff().bookings.correctEmail({ id: typo.id, email: right.customerEmail });
    expect(await tombstones()).toBe(2);
  });

  it('answers NOT_FOUND for an unknown customer and UNAUTHORIZED to the public', async () => {
    await expectError(staff().customers.erase({ id: randomUUID() }), 'NOT_FOUND');
    const { customer } = await staff().customers.create(customerInput());
    await expectError(h.caller().customers.erase({ id: customer.id }), 'UNAUTHORIZED');
    expect((await staff().customers.byId({ id: customer.id })).id).toBe(customer.id);
  });

  it('erases what the record held before staff corrected it, and its licence expiry, from the activity log', async () => {
    const oldEmail = uniqueEmail('typo');
    const oldAddress = `Purok ${uniqueWord()}, Alaminos`;
    const { customer } = await staff().customers.create(customerInput({ email: oldEmail, phone: '0917 222 3344', address: oldAddress, license: 'N01-11-111111', licenseExpiry: '2031-05-06' }));
    await staff().customers.update({ id: customer.id, data: { email: uniqueEmail('fixed'), phone: '0917 999 8877', address: 'Poblacion, Alaminos', license: 'N01-22-222222' } });
    const car = await newCar(h);
    await adminBooking(h, { carId: car.id, from: -10, to: -8, email: (await staff().customers.byId({ id: customer.id })).email, status: 'completed' });
    await staff().customers.erase({ id: customer.id });
    for (const value of [oldEmail, '0917 222 3344', oldAddress, 'N01-11-111111', '2031-05-06']) expect(await rowsHolding('audit_entry', value), value).toBe(0);
  });

  it('erases the garage’s copy of their enquiry (it replies to them) and their name from their payments’ notes', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('enquirer');
    const name = `Rosa ${uniqueWord()}`;
    const booking = await adminBooking(h, { carId: car.id, from: -20, to: -18, email, name, status: 'completed', total: '3000' });
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: '3000', method: 'gcash', note: `GCash from ${name}, ref 88231` } });
    await h.caller().contact.send({ firstName: 'Rosa', lastName: name.split(' ')[1]!, email, phone: '0917 555 0101', message: 'My new address is 12 Rizal St, Alaminos' });
    await staff().customers.erase({ id: booking.customerId });
    expect(await rowsHolding('contact_message', email)).toBe(0);
    expect(await rowsHolding('mail_message', email)).toBe(0);
    expect((await staff().bookings.payments({ id: booking.id }))[0]!.note).toBe(`GCash from ${ERASED_VALUE}, ref 88231`);
  });
});

describe('customers.saveDocuments', () => {
  it('lets staff replace a customer’s documents, releasing the files the record held, with an audit entry', async () => {
    const car = await newCar(h);
    const { answer, documents: first } = await publicBooking(h, car.id);
    const uploaded = await uploadDocuments(h);
    const saved = await staff().customers.saveDocuments({ id: answer.customer.id, documents: uploaded });
    const documents = held(saved);
    expect(saved).toEqual({ customerId: answer.customer.id, bookingId: null, ...documents });
    for (const field of DOCUMENT_FIELDS) expect(documents[field]).not.toBe(uploaded[field]);
    for (const path of Object.values(documents)) expect(await uploadAttachedTo(path)).toBe(`customer:${answer.customer.id}`);
    // The first booking's documents stay that booking's.
    for (const path of Object.values(first)) expect(await uploadAttachedTo(path)).toBe(`booking:${answer.booking.id}`);
    const entry = await auditEntry(h, 'customer', answer.customer.id, 'customer.documents');
    expect(entry.before).toMatchObject(first);
    expect(entry.after).toMatchObject(documents);

    const again = await uploadDocuments(h);
    await staff().customers.saveDocuments({ id: answer.customer.id, documents: again });
    for (const path of Object.values(documents)) expect(await uploadAttachedTo(path)).toBe('released');
  });

  it('lets the renter replace their documents with the token from the booking answer', async () => {
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id);
    const saved = await h.caller().customers.saveDocuments({ id: answer.customer.id, documents: await uploadDocuments(h), documentToken: answer.documentToken });
    const documents = held(saved);
    expect(saved).toEqual({ customerId: answer.customer.id, bookingId: answer.booking.id, ...documents });
    expect(await staff().bookings.byId({ id: answer.booking.id })).toMatchObject(documents);
    // The record this first booking created follows it; the replaced files are released.
    expect(await staff().customers.byId({ id: answer.customer.id })).toMatchObject(documents);
    for (const path of Object.values(documents)) expect(await uploadAttachedTo(path)).toBe(`booking:${answer.booking.id}`);
    // The renter's change is in the activity log, the booking's documents before and after.
    const entry = await auditEntry(h, 'booking', answer.booking.id, 'booking.document');
    expect(entry).toMatchObject({ actor: 'Renter (document token)', before: held(answer.booking), after: documents });
    expect(await auditEntry(h, 'customer', answer.customer.id, 'customer.documents')).toMatchObject({ actor: 'Renter (document token)', before: held(answer.booking), after: documents });
  });

  it('keeps no file of a replacement that lost a race: documents replaced twice at once leave every attached file on a record', async () => {
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id);
    const customerId = answer.customer.id;
    // Each replacement's files are sealed (copied) once both have read the record, or once one waits for the other.
    let arrived = 0;
    const seal = h.deps.storage.seal.bind(h.deps.storage);
    const sealing = vi.spyOn(h.deps.storage, 'seal').mockImplementation(async (from, to) => {
      arrived += 1;
      await vi.waitFor(async () => expect(arrived >= 6 || (await sessionsWaitingOnALock(h)) > 0).toBe(true), { timeout: 10_000 });
      return seal(from, to);
    });
    try {
      const [first, second] = [await uploadDocuments(h), await uploadDocuments(h)];
      const staffRace = await Promise.all([first, second].map((documents) => staff().customers.saveDocuments({ id: customerId, documents })));
      arrived = 0;
      const renterRace = await Promise.all([await uploadDocuments(h), await uploadDocuments(h)].map((documents) => h.caller().customers.saveDocuments({ id: customerId, documents, documentToken: answer.documentToken })));
      expect(staffRace.map((saved) => saved.customerId)).toEqual([customerId, customerId]);
      expect(renterRace.map((saved) => saved.bookingId)).toEqual([answer.booking.id, answer.booking.id]);
    } finally {
      sealing.mockRestore();
    }
    const customer = await staff().customers.byId({ id: customerId });
    const booking = await staff().bookings.byId({ id: answer.booking.id });
    const attached = async (owner: string) => (await h.orm.em.fork().find(Upload, { attachedTo: owner })).map((row) => `/objects/${row.objectKey}`).sort();
    expect(await attached(`customer:${customerId}`)).toEqual(Object.values(held(customer)).sort());
    expect(await attached(`booking:${answer.booking.id}`)).toEqual(Object.values(held(booking)).sort());
  });

  it('refuses the public without a token, with another customer’s token, or with a forged one', async () => {
    const car = await newCar(h);
    const mine = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(4) } });
    const theirs = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(6), returnDate: daysFromToday(7) } });
    const documents = await uploadDocuments(h);
    const id = mine.answer.customer.id;
    await expectError(h.caller().customers.saveDocuments({ id, documents }), 'UNAUTHORIZED', messages.errors.unauthorized);
    await expectError(h.caller().customers.saveDocuments({ id, documents, documentToken: theirs.answer.documentToken }), 'UNAUTHORIZED', messages.errors.badDocumentToken);
    const [booking, expires, signature] = mine.answer.documentToken.split('.');
    await expectError(h.caller().customers.saveDocuments({ id, documents, documentToken: `${booking}.${expires}.forged` }), 'UNAUTHORIZED');
    await expectError(h.caller().customers.saveDocuments({ id, documents, documentToken: `${booking}.${Number(expires) + 3600}.${signature}` }), 'UNAUTHORIZED');
    await expectError(h.caller().customers.saveDocuments({ id, documents, documentToken: `${theirs.answer.booking.id}.${expires}.${signature}` }), 'UNAUTHORIZED');
    expect(await staff().customers.byId({ id })).toMatchObject(mine.documents);
  });

  it('refuses an expired token (after an hour)', async () => {
    const car = await newCar(h);
    const { answer, documents: old } = await publicBooking(h, car.id);
    const documents = await uploadDocuments(h);
    clock.advance(61 * 60_000);
    try {
      await expectError(
        h.caller().customers.saveDocuments({ id: answer.customer.id, documents, documentToken: answer.documentToken }),
        'UNAUTHORIZED',
        messages.errors.badDocumentToken,
      );
    } finally {
      clock.reset();
    }
    expect(await staff().customers.byId({ id: answer.customer.id })).toMatchObject(old);
  });

  it('gives a retried create, however late, a token that ends an hour after the booking was made', async () => {
    const car = await newCar(h);
    const payload = bookingPayload(car.id, await uploadDocuments(h), { customer: { email: uniqueEmail('retry') }, booking: { pickupDate: daysFromToday(5), returnDate: daysFromToday(7) } });
    const idempotencyKey = randomUUID();
    const first = await h.caller().bookings.create({ ...payload, idempotencyKey });
    clock.advance(23 * 60 * 60_000);
    try {
      const retried = await h.caller().bookings.create({ ...payload, idempotencyKey });
      expect(retried.booking.id).toBe(first.booking.id);
      expect(retried.documentToken.split('.')[1]).toBe(first.documentToken.split('.')[1]);
      await expectError(
        h.caller().customers.saveDocuments({ id: first.customer.id, documents: await uploadDocuments(h), documentToken: retried.documentToken }),
        'UNAUTHORIZED',
        messages.errors.badDocumentToken,
      );
    } finally {
      clock.reset();
    }
    expect(await staff().bookings.byId({ id: first.booking.id })).toMatchObject({ photoId1Url: first.booking.photoId1Url, photoId2Url: first.booking.photoId2Url, proofOfBillingUrl: first.booking.proofOfBillingUrl });
  });

  it('lets the renter replace documents only while the booking is pending: once staff confirmed it, they are the garage’s to change', async () => {
    const car = await newCar(h);
    const { answer, documents: old } = await publicBooking(h, car.id);
    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'confirmed' });
    await expectError(
      h.caller().customers.saveDocuments({ id: answer.customer.id, documents: await uploadDocuments(h), documentToken: answer.documentToken }),
      'CONFLICT',
      messages.errors.documentsLocked,
    );
    expect(await staff().bookings.byId({ id: answer.booking.id })).toMatchObject(old);
    expect(await staff().customers.byId({ id: answer.customer.id })).toMatchObject(old);
  });

  it('refuses a document attached to another customer, and NOT_FOUND for an unknown customer', async () => {
    const car = await newCar(h);
    const a = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(3), returnDate: daysFromToday(4) } });
    const b = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(6), returnDate: daysFromToday(7) } });
    const documents = { ...(await uploadDocuments(h)), photoId2Url: a.documents.photoId2Url };
    await expectError(staff().customers.saveDocuments({ id: b.answer.customer.id, documents }), 'BAD_REQUEST', messages.errors.uploadInUse);
    expect(await staff().customers.byId({ id: b.answer.customer.id })).toMatchObject(b.documents);
    await expectError(staff().customers.saveDocuments({ id: randomUUID(), documents: await uploadDocuments(h) }), 'NOT_FOUND');
  });
});

describe('customers.exportCsv', () => {
  it('exports the spec columns with a row per customer, N/A for a missing license, and a dated file name', async () => {
    const car = await newCar(h);
    const input = customerInput({ fullName: `Export, "Quoted" ${uniqueWord()}` });
    await staff().customers.create(input);
    const booking = await adminBooking(h, { carId: car.id, from: 4, to: 6, email: input.email, total: '4200', status: 'confirmed' });
    const licensed = (await staff().customers.create(customerInput({ license: 'N09-99-000001' }))).customer;

    const { filename, csv } = await staff().customers.exportCsv();
    expect(filename).toBe(`customers-${todayInManila()}.csv`);
    // The byte order mark that makes Excel read UTF-8, then the header.
    expect(csv.startsWith('\uFEFFName,')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual([...CUSTOMER_CSV_COLUMNS]);
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'License', 'Total Bookings', 'Total Spent', 'Registration Date', 'Booking History']);
    expect(rows.length - 1).toBe(await h.orm.em.fork().count(Customer, {}));

    const row = rows.find((r) => r[1] === input.email);
    expect(row).toBeDefined();
    // Nothing paid yet: nothing spent, whatever was booked.
    expect(row!.slice(0, 6)).toEqual([input.fullName, input.email, input.phone, 'N/A', '1', '0.00']);
    expect(row![6]).toMatch(/^[A-Z][a-z]+ \d{2}, \d{4}$/); // 'MMMM dd, yyyy'; which day is checked below
    expect(row![7]).toContain(car.name);
    expect(row![7]).toContain(booking.pickupDate);
    expect(rows.find((r) => r[1] === licensed.email)?.[3]).toBe('N09-99-000001');
  });

  it('dates the registration in Asia/Manila, not UTC', async () => {
    // 02:00 in Manila is 18:00 UTC of the day before
    const target = new Date();
    target.setUTCHours(18, 0, 0, 0);
    if (target.getTime() <= Date.now()) target.setUTCDate(target.getUTCDate() + 1);
    clock.advance(target.getTime() - Date.now());
    try {
      const input = customerInput();
      await staff().customers.create(input);
      const manilaDay = todayInManila(clock.now());
      const { filename, csv } = await staff().customers.exportCsv();
      expect(filename).toBe(`customers-${manilaDay}.csv`);
      const row = parseCsv(csv).find((r) => r[1] === input.email);
      expect(row?.[6]).toBe(formatLongDate(manilaDay));
    } finally {
      clock.reset();
    }
  });

  it('leaves cancelled bookings out of the totals, on the customer card and in Total Spent (the payments received) alike', async () => {
    const car = await newCar(h);
    const input = customerInput();
    await staff().customers.create(input);
    const kept = await adminBooking(h, { carId: car.id, from: 4, to: 6, email: input.email, total: '3000', status: 'confirmed' });
    const dropped = await adminBooking(h, { carId: car.id, from: 8, to: 9, email: input.email, total: '1800', status: 'confirmed' });
    await staff().bookings.addPayment({ id: kept.id, payment: { amount: '1000' } });
    await staff().bookings.updateStatus({ id: dropped.id, status: 'cancelled' });

    const listed = (await staff().customers.list({ q: input.email })).items[0]!;
    expect(listed.totals).toEqual({ bookings: 2, total: '3000.00', paid: '1000.00', pending: '2000.00' });
    const row = parseCsv((await staff().customers.exportCsv()).csv).find((r) => r[1] === input.email);
    expect(row?.slice(4, 6)).toEqual(['2', listed.totals.paid]);
  });

  it('reads plain rows, never tracked entities: the request holds no customer or booking once the file is made', async () => {
    // Each tracked entity keeps a snapshot beside it: a garage's 30,000 customers and 100,000
    // bookings took the server from 160 MB to 1.3 GB for one export.
    const car = await newCar(h);
    const input = customerInput();
    await staff().customers.create(input);
    await adminBooking(h, { carId: car.id, from: 4, to: 6, email: input.email, total: '3000', status: 'confirmed' });
    const em = h.orm.em.fork();
    const { csv } = await exportCustomersCsv({ em, deps: h.deps, actor: staffActor });
    expect(parseCsv(csv.slice(1)).find((r) => r[1] === input.email)?.[4]).toBe('1');
    expect(em.getUnitOfWork().getIdentityMap().values()).toEqual([]);
  });

  it('is refused to the public', async () => {
    await expectError(h.caller().customers.exportCsv(), 'UNAUTHORIZED');
  });
});

describe('a phone search whose digits start with 63 (not a country code)', () => {
  it('finds the number by its last digits typed with a dash, and does not read "6312" as "012"', async () => {
    // The last seven digits start with 63: "63d-dddd" is how staff say them.
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
    const [d1, d4] = [digits(1), digits(4)];
    const tail = await staff().customers.create({ fullName: `Tail ${uniqueWord()}`, email: uniqueEmail('tail'), phone: `0917 63${d1} ${d4}` });
    expect((await staff().customers.list({ q: `63${d1}-${d4}` })).items.map((c) => c.id), 'last seven, dashed').toContain(tail.customer.id);

    // The last four digits start with 63: a search for them must not list every number holding "0" and the other two.
    const d2 = digits(2);
    const four = await staff().customers.create({ fullName: `Four ${uniqueWord()}`, email: uniqueEmail('four'), phone: `0917 ${digits(3)} 63${d2}` });
    const other = await staff().customers.create({ fullName: `Other ${uniqueWord()}`, email: uniqueEmail('other'), phone: `0918 0${d2} 7${digits(3)}` });
    const found = (await staff().customers.list({ q: `63${d2}`, limit: 100 })).items.map((c) => c.id);
    expect(found).toContain(four.customer.id);
    expect(found, `"63${d2}" is not in ${other.customer.phone}`).not.toContain(other.customer.id);

    // The bookings list reads the search the same way.
    const car = await newCar(h);
    const booked = await staff().bookings.createAdmin({ customerEmail: uniqueEmail('bk'), customerName: 'Dash Search', customerPhone: `0917 63${d1} ${d4}`, carId: car.id, pickupDate: daysFromToday(70), returnDate: daysFromToday(71) });
    expect((await staff().bookings.list({ q: `63${d1}-${d4}` })).items.map((b) => b.id)).toContain(booked.id);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAuditEntry } from '../../src/client/features/admin/helpers';
import { clock } from '../../src/server/clock';
import { releaseExpiredHolds } from '../../src/server/services/booking-jobs.service';
import { updateBookingStatus } from '../../src/server/services/booking-change.service';
import { Booking, MailMessage, Payment } from '../../src/server/db/entities';
import { formatLongDate } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { formatPeso } from '../../src/shared/money';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/shared/schemas/booking.schema';
import { daysFromToday } from '../utils/fixtures';
import { createHarness, staffActor, type Harness } from '../utils/harness';
import { adminBooking, auditEntry, auditOf, expectError, takenBy, issueMessages, money, newCar, openTransaction, outcome, publicBooking, startWhileLocked, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const staff = () => h.caller({ staff: true });

describe('bookings.list', () => {
  it('pages through the matches of a search, newest first, with the total', async () => {
    const car = await newCar(h);
    const word = uniqueWord('Zephyrine');
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await adminBooking(h, { carId: car.id, from: 3 + i * 3, to: 4 + i * 3, name: `${word} Renter${'x'.repeat(i)}` }));

    const first = await staff().bookings.list({ q: word, limit: 2 });
    const second = await staff().bookings.list({ q: word, limit: 2, offset: 2 });
    const last = await staff().bookings.list({ q: word, limit: 2, offset: 4 });
    expect([first.total, second.total, last.total]).toEqual([5, 5, 5]);
    expect([first.items.length, second.items.length, last.items.length]).toEqual([2, 2, 1]);
    const paged = [...first.items, ...second.items, ...last.items];
    expect(paged.map((b) => b.id).sort()).toEqual(made.map((b) => b.id).sort());
    const times = paged.map((b) => Date.parse(b.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await staff().bookings.list({ q: word, offset: 10 })).items).toEqual([]);
  });

  it('counts every booking when there is no search, and lists the spec fields', async () => {
    const car = await newCar(h);
    await adminBooking(h, { carId: car.id, from: 2, to: 3 });
    const all = await staff().bookings.list();
    expect(all.total).toBe(await h.orm.em.fork().count(Booking, {}));
    for (const field of ['id', 'customerName', 'customerEmail', 'carName', 'pickupDate', 'returnDate', 'total', 'amountPaid', 'status', 'wantsDelivery', 'deliveryAddress', 'driverService', 'distanceService', 'createdAt']) {
      expect(all.items[0]).toHaveProperty(field);
    }
  });

  it('finds bookings by customer name, e-mail (any case) and id prefix, and filters by status', async () => {
    const car = await newCar(h);
    const word = uniqueWord('Quillon');
    const email = uniqueEmail('quillon');
    const pending = await adminBooking(h, { carId: car.id, from: 2, to: 3, name: `Maria ${word}`, email, status: 'pending' });
    const confirmed = await adminBooking(h, { carId: car.id, from: 5, to: 6, name: `Maria ${word}`, email, status: 'confirmed' });
    const cancelled = await adminBooking(h, { carId: car.id, from: 8, to: 9, name: `Maria ${word}`, email, status: 'cancelled' });

    const byName = await staff().bookings.list({ q: word.toLowerCase() });
    expect(byName.items.map((b) => b.id).sort()).toEqual([pending.id, confirmed.id, cancelled.id].sort());
    // Surname first, as forms here ask for a name.
    for (const q of [`${word} Maria`, `${word}, Maria`]) expect((await staff().bookings.list({ q })).total, q).toBe(3);
    const byEmail = await staff().bookings.list({ q: email.toUpperCase() });
    expect(byEmail.total).toBe(3);
    expect(byEmail.items.map((b) => b.id).sort()).toEqual([pending.id, confirmed.id, cancelled.id].sort());
    expect((await staff().bookings.list({ q: email.slice(1) })).total, 'a whole address matches itself, not addresses ending in it').toBe(0);
    expect((await staff().bookings.list({ q: email.slice(0, -4) })).total, 'part of an address matches anywhere').toBe(3);

    const byId = await staff().bookings.list({ q: confirmed.id.slice(0, 8) });
    expect(byId.items.map((b) => b.id)).toContain(confirmed.id);
    expect(byId.items.every((b) => b.id.startsWith(confirmed.id.slice(0, 8)))).toBe(true);
    const byFullId = await staff().bookings.list({ q: confirmed.id.toUpperCase() });
    expect(byFullId.items.map((b) => b.id)).toEqual([confirmed.id]);

    for (const [status, booking] of [
      ['pending', pending],
      ['confirmed', confirmed],
      ['cancelled', cancelled],
    ] as const) {
      const page = await staff().bookings.list({ q: word, status });
      expect(page.total).toBe(1);
      expect(page.items[0]?.id).toBe(booking.id);
    }
    expect((await staff().bookings.list({ q: word, status: 'completed' })).total).toBe(0);

    const statuses = await staff().bookings.list({ status: 'cancelled', limit: 500 });
    expect(statuses.items.every((b) => b.status === 'cancelled')).toBe(true);
    expect(statuses.total).toBe(await h.orm.em.fork().count(Booking, { status: 'cancelled' }));
  });

  it('keeps every status total, the sums of totals and the customer count exact through public and staff bookings, status changes, re-dating, customer and car deletions', async () => {
    const em = () => h.orm.em.fork();
    const expectTotalsCounted = async (when: string) => {
      expect((await staff().bookings.list({ limit: 1 })).total, `all, ${when}`).toBe(await em().count(Booking, {}));
      for (const status of BOOKING_STATUSES) {
        expect((await staff().bookings.list({ status, limit: 1 })).total, `${status}, ${when}`).toBe(await em().count(Booking, { status }));
      }
      const [tally] = await em().execute<Array<{ n: number }>>(`select count(*)::int as n from booking_tally where bookings < 0`);
      expect(tally!.n, `no negative tally, ${when}`).toBe(0);
      // The overview's all-time figures come from the tallies: they must equal a count and sum of the rows themselves.
      const [direct] = await em().execute<Array<Record<string, string | number>>>(`
        select (select count(*)::int from customer) as customers, count(*)::int as bookings,
          count(*) filter (where status = 'pending')::int as pending,
          coalesce(sum(total) filter (where status = 'completed'), 0)::numeric(14,2)::text as earned,
          coalesce(sum(total) filter (where status in ('pending', 'confirmed')), 0)::numeric(14,2)::text as due
        from booking`);
      const figures = await staff().admin.overview();
      expect(
        { customers: figures.totalCustomers, bookings: figures.totalBookings, pending: figures.pendingBookings, earned: figures.totalEarnings, due: figures.pendingRevenue },
        `overview, ${when}`,
      ).toEqual(direct);
      for (const { status, count } of figures.bookingsByStatus) expect(count, `overview's ${status}, ${when}`).toBe(await em().count(Booking, { status }));
    };
    await expectTotalsCounted('at first');
    const car = await newCar(h);
    const other = await newCar(h);
    const email = uniqueEmail('tally');
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(2), returnDate: daysFromToday(3) } });
    const staffMade = await adminBooking(h, { carId: car.id, from: 5, to: 6, email, status: 'confirmed' });
    await adminBooking(h, { carId: other.id, from: 5, to: 6, email, status: 'cancelled' });
    await adminBooking(h, { carId: other.id, from: -9, to: -7, email, status: 'completed' });
    await expectTotalsCounted('after four bookings');

    await staff().bookings.updateStatus({ id: answer.booking.id, status: 'confirmed' });
    await staff().bookings.updateStatus({ id: staffMade.id, status: 'cancelled' });
    await staff().bookings.updateStatus({ id: staffMade.id, status: 'pending' });
    await staff().bookings.updateStatus({ id: staffMade.id, status: 'pending' });
    // Two days instead of one: a new total, which the overview's sums must follow.
    await staff().bookings.updateDates({ id: staffMade.id, dates: { pickupDate: daysFromToday(8), returnDate: daysFromToday(10) } });
    await staff().bookings.addPayment({ id: staffMade.id, payment: { amount: '100' } });
    await expectError(adminBooking(h, { carId: car.id, from: 8, to: 9 }), 'CONFLICT');
    await expectTotalsCounted('after status changes, a re-dating, a payment and a refused booking');

    await staff().cars.delete({ id: other.id });
    await staff().bookings.updateStatus({ id: staffMade.id, status: 'cancelled' });
    await staff().customers.erase({ id: staffMade.customerId });
    await expectTotalsCounted('after a car was deleted and a customer with three bookings erased');
  });

  it('finds a booking by its renter’s number however it is typed: with or without spaces, with the country code', async () => {
    const car = await newCar(h);
    const digits = `0917${String(Date.now()).slice(-7)}`;
    const spaced = `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
    const made = await staff().bookings.createAdmin({ customerEmail: uniqueEmail('phone'), customerName: 'Phone Search', customerPhone: spaced, carId: car.id, pickupDate: daysFromToday(60), returnDate: daysFromToday(61) });
    for (const q of [spaced, digits, `+63 ${digits.slice(1)}`, digits.slice(4)]) expect((await staff().bookings.list({ q })).items.map((b) => b.id), q).toContain(made.id);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await staff().bookings.list({ q: '%' })).total).toBe(0);
    expect((await staff().bookings.list({ q: '_' })).total).toBe(0);
  });
});

describe('bookings.byId', () => {
  it('returns one booking, and NOT_FOUND for an unknown id', async () => {
    const car = await newCar(h);
    const made = await adminBooking(h, { carId: car.id, from: 2, to: 4 });
    expect(await staff().bookings.byId({ id: made.id })).toEqual(made);
    await expectError(staff().bookings.byId({ id: randomUUID() }), 'NOT_FOUND', messages.errors.bookingNotFound);
  });
});

describe('bookings.createAdmin', () => {
  it('finds the car by name in any case and prices the booking from the list', async () => {
    const car = await newCar(h, { dailyRate: '2500' });
    const booking = await staff().bookings.createAdmin({
      customerEmail: uniqueEmail(),
      customerName: 'Phone Caller',
      carName: `  ${car.name.toUpperCase()} `,
      pickupDate: daysFromToday(3),
      returnDate: daysFromToday(6),
      status: 'confirmed',
    });
    expect(booking).toMatchObject({
      carId: car.id,
      carName: car.name,
      source: 'admin',
      status: 'confirmed',
      totalDays: 3,
      subtotal: '7500.00',
      insurance: '500.00',
      adjustment: '0.00',
      total: '8000.00',
    });
    const entry = await auditEntry(h, 'booking', booking.id, 'booking.create');
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ id: booking.id, total: '8000.00' });
  });

  it('logs the customer record a new renter’s booking makes, as an added customer is logged; a returning renter’s record gets no second entry', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('walkin');
    const first = await adminBooking(h, { carId: car.id, from: 3, to: 4, email, name: 'Rosa Walk-In' });
    const entry = await auditEntry(h, 'customer', first.customerId, 'customer.create');
    expect(entry).toMatchObject({ actor: 'test staff', before: null, after: { id: first.customerId, fullName: 'Rosa Walk-In', email, erasedAt: null } });
    expect(describeAuditEntry(entry)).toBe('Added customer Rosa Walk-In');
    const again = await adminBooking(h, { carId: car.id, from: 6, to: 7, email, name: 'Rosa Walk-In' });
    expect(again.customerId).toBe(first.customerId);
    await auditEntry(h, 'customer', first.customerId, 'customer.create');
  });

  it('keeps a given total and records the difference to the price list as the adjustment', async () => {
    const car = await newCar(h, { dailyRate: '2500' });
    const lower = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '5000' });
    expect(lower).toMatchObject({ total: '5000.00', subtotal: '5000.00', insurance: '500.00', adjustment: '-500.00' });
    const higher = await adminBooking(h, { carId: car.id, from: 8, to: 9, total: '4000.50' });
    expect(higher).toMatchObject({ total: '4000.50', adjustment: '1000.50' });
  });

  it('answers NOT_FOUND for an unknown car name, and CONFLICT for days already taken', async () => {
    const car = await newCar(h);
    await expectError(
      staff().bookings.createAdmin({ customerEmail: uniqueEmail(), customerName: 'Nobody', carName: `No Such Car ${uniqueWord()}`, pickupDate: daysFromToday(2), returnDate: daysFromToday(3) }),
      'NOT_FOUND',
    );
    const holder = await adminBooking(h, { carId: car.id, from: 10, to: 12, status: 'confirmed' });
    // Staff are told which booking holds the days.
    await expectError(adminBooking(h, { carId: car.id, from: 12, to: 14 }), 'CONFLICT', takenBy(holder));
    // cancelled and completed bookings may share days
    await adminBooking(h, { carId: car.id, from: 11, to: 13, status: 'cancelled' });
  });

  it('e-mails the renter of a pending or confirmed booking its receipt and manage link; not of a completed or cancelled one', async () => {
    const car = await newCar(h);
    const entered: Array<[BookingStatus, number, string | null]> = [
      ['pending', 2, 'booking.confirmation'],
      ['confirmed', 5, 'booking.confirmed'],
      ['completed', -9, null],
      ['cancelled', 8, null],
    ];
    for (const [status, from, kind] of entered) {
      const email = uniqueEmail(`staff-${status}`);
      const booking = await adminBooking(h, { carId: car.id, from, to: from + 1, email, status });
      const mails = await h.orm.em.fork().find(MailMessage, { to: email });
      expect(mails.map((mail) => mail.kind), status).toEqual(kind ? [kind] : []);
      if (kind) {
        expect(mails[0]!.subject).toContain(booking.reference);
        expect(mails[0]!.text).toContain(formatPeso(booking.total));
        expect(mails[0]!.text).toMatch(/\/my-booking#\S+/);
      }
    }
  });

  it('e-mails a renter booked at the counter in the language staff chose, and their link opens the booking page in it', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('counter-fil');
    const booking = await staff().bookings.createAdmin({ customerEmail: email, customerName: 'Lola Basyang', carId: car.id, pickupDate: daysFromToday(30), returnDate: daysFromToday(32), status: 'confirmed', locale: 'fil' });
    expect(booking.locale).toBe('fil');
    const [mail] = await h.orm.em.fork().find(MailMessage, { to: email });
    expect(mail!.subject).toMatch(/^Kumpirmado ang booking: /);
    expect(mail!.text).toMatch(/\/fil\/my-booking#\S+/);
    // Left out, the renter's language is English, as before.
    const english = await adminBooking(h, { carId: car.id, from: 40, to: 41, email: uniqueEmail('counter-en'), status: 'confirmed' });
    expect(english.locale).toBe('en');
    await expectError(staff().bookings.createAdmin({ customerEmail: uniqueEmail(), customerName: 'Nobody', carId: car.id, pickupDate: daysFromToday(50), returnDate: daysFromToday(51), locale: 'tl' as 'fil' }), 'BAD_REQUEST');
  });

  it('confirms a booking entered after its pick-up without promising the car for a day gone by', async () => {
    const car = await newCar(h);
    const ahead = await adminBooking(h, { carId: car.id, from: 3, to: 4, email: uniqueEmail('ahead'), status: 'confirmed' });
    const late = await adminBooking(h, { carId: car.id, from: -1, to: 1, email: uniqueEmail('late'), status: 'confirmed' });
    const leadOf = async (booking: typeof ahead) => (await h.orm.em.fork().findOneOrFail(MailMessage, { to: booking.customerEmail, kind: 'booking.confirmed' })).text;
    expect(await leadOf(ahead)).toContain(`ready for you on ${formatLongDate(ahead.pickupDate)}`);
    const text = await leadOf(late);
    expect(text).not.toContain('ready for you');
    expect(text).toContain(`Your booking is confirmed: the ${late.carName}, picked up on ${formatLongDate(late.pickupDate)} at ${late.pickupTime}.`);
  });

  it('is refused to the public', async () => {
    const car = await newCar(h);
    await expectError(adminBooking(h, { carId: car.id, from: 2, to: 3, caller: h.caller() }), 'UNAUTHORIZED');
    await expectError(h.caller().bookings.list(), 'UNAUTHORIZED');
    await expectError(h.caller().bookings.byId({ id: randomUUID() }), 'UNAUTHORIZED');
  });
});

describe('bookings.updateStatus', () => {
  it('allows any transition between the four statuses and audits each one', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 4, to: 6 });
    const path: BookingStatus[] = ['completed', 'pending', 'cancelled', 'confirmed', 'pending', 'completed', 'cancelled', 'completed', 'confirmed', 'cancelled', 'pending'];
    for (const status of path) {
      const updated = await staff().bookings.updateStatus({ id: booking.id, status });
      expect(updated.status).toBe(status);
      expect((await staff().bookings.byId({ id: booking.id })).status).toBe(status);
    }
    const entries = (await auditOf(h, 'booking', booking.id)).filter((e) => e.action === 'booking.status');
    expect(entries).toHaveLength(path.length);
    const transitions = entries.map((e) => `${(e.before as { status: string }).status}>${(e.after as { status: string }).status}`);
    const expected = path.map((status, i) => `${i === 0 ? 'pending' : path[i - 1]}>${status}`);
    expect(transitions.sort()).toEqual(expected.sort());
  });

  it('refuses to re-activate a cancelled booking whose days were taken since', async () => {
    const car = await newCar(h);
    const old = await adminBooking(h, { carId: car.id, from: 10, to: 13 });
    await staff().bookings.updateStatus({ id: old.id, status: 'cancelled' });
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(13), returnDate: daysFromToday(15) } });
    for (const status of ['pending', 'confirmed'] as const) {
      await expectError(staff().bookings.updateStatus({ id: old.id, status }), 'CONFLICT', takenBy(answer.booking));
    }
    expect((await staff().bookings.byId({ id: old.id })).status).toBe('cancelled');
    // completing it does not occupy days, so it is allowed
    expect((await staff().bookings.updateStatus({ id: old.id, status: 'completed' })).status).toBe('completed');
  });

  it('lets exactly one of 10 simultaneous re-activations of overlapping cancelled bookings succeed', async () => {
    const car = await newCar(h);
    const cancelled = [];
    for (let i = 0; i < 10; i += 1) cancelled.push(await adminBooking(h, { carId: car.id, from: 30 + (i % 4), to: 35 + (i % 3), status: 'cancelled' }));
    const results = await Promise.all(
      cancelled.map((b, i) => outcome(h.caller({ staff: true }).bookings.updateStatus({ id: b.id, status: i % 2 ? 'confirmed' : 'pending' }))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'CONFLICT')).toHaveLength(9);
    expect(await h.caller().cars.bookedDates({ carId: car.id })).toHaveLength(1);
    expect(await h.orm.em.fork().count(Booking, { car: car.id, status: { $in: ['pending', 'confirmed'] } })).toBe(1);
  });

  it('answers NOT_FOUND for an unknown booking and UNAUTHORIZED to the public', async () => {
    await expectError(staff().bookings.updateStatus({ id: randomUUID(), status: 'confirmed' }), 'NOT_FOUND');
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 2, to: 3 });
    await expectError(h.caller().bookings.updateStatus({ id: booking.id, status: 'cancelled' }), 'UNAUTHORIZED');
    expect((await staff().bookings.byId({ id: booking.id })).status).toBe('pending');
  });
});

describe('bookings.voidPayment', () => {
  it('voids a payment entered by mistake: the row stays, struck, what was paid goes down, the renter is e-mailed why, the log says so', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '6000' });
    const right = await staff().bookings.addPayment({ id: booking.id, payment: { amount: '500', method: 'gcash' } });
    const typo = await staff().bookings.addPayment({ id: booking.id, payment: { amount: '5000', method: 'cash' } });
    expect(typo.booking.amountPaid).toBe('5500.00');

    const voided = await staff().bookings.voidPayment({ id: booking.id, paymentId: typo.payment.id, reason: 'Typed 5000 instead of 500' });
    expect(voided.booking).toMatchObject({ amountPaid: '500.00', balance: '5500.00' });
    expect(voided.payment).toMatchObject({ id: typo.payment.id, amount: '5000.00', voidedBy: 'test staff', voidReason: 'Typed 5000 instead of 500', voidedAt: expect.any(String) });
    const ledger = await staff().bookings.payments({ id: booking.id });
    expect(ledger.map((p) => [p.amount, p.voidedAt !== null])).toEqual([
      ['500.00', false],
      ['5000.00', true],
    ]);
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('500.00');

    const entry = await auditEntry(h, 'payment', typo.payment.id, 'payment.void');
    expect(entry).toMatchObject({ before: { amountPaid: '5500.00' }, after: { amountPaid: '500.00', voidReason: 'Typed 5000 instead of 500', reference: booking.reference } });
    const mails = await h.orm.em.fork().find(MailMessage, { kind: 'payment.voided', to: booking.customerEmail });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Correction: ${formatPeso('5000')} for ${booking.reference}`);
    expect(mails[0]!.text).toContain(`A payment of ${formatPeso('5000')} recorded on`);
    expect(mails[0]!.text).toContain('Our note: Typed 5000 instead of 500');
    expect(mails[0]!.text).toMatch(/Paid so far\W+₱500/);

    // Once only; the right payment can still be voided, and then nothing is paid.
    await expectError(staff().bookings.voidPayment({ id: booking.id, paymentId: typo.payment.id, reason: 'Again' }), 'CONFLICT', messages.errors.paymentAlreadyVoided);
    await staff().bookings.voidPayment({ id: booking.id, paymentId: right.payment.id, reason: 'Wrong booking' });
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('0.00');
  });

  it('voids a refund entered by mistake: what was paid goes back up, never above the total', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '3000' });
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: '2000' } });
    const refund = await staff().bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: '1000' } });
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: '2000' } });
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('3000.00');
    // Back up to 4,000 of a 3,000 booking: refused, nothing changes.
    await expectError(
      staff().bookings.voidPayment({ id: booking.id, paymentId: refund.payment.id, reason: 'Never given back' }),
      'CONFLICT',
      messages.errors.voidAboveTotal({ paid: formatPeso('4000'), total: formatPeso('3000') }),
    );
    expect((await staff().bookings.payments({ id: booking.id })).every((p) => p.voidedAt === null)).toBe(true);
    expect(await h.orm.em.fork().count(MailMessage, { kind: 'payment.voided', to: booking.customerEmail })).toBe(0);

    const other = await adminBooking(h, { carId: car.id, from: 8, to: 10, total: '3000' });
    await staff().bookings.addPayment({ id: other.id, payment: { amount: '2000' } });
    const given = await staff().bookings.addPayment({ id: other.id, payment: { kind: 'refund', amount: '500' } });
    const voided = await staff().bookings.voidPayment({ id: other.id, paymentId: given.payment.id, reason: 'Recorded on the wrong booking' });
    expect(voided.booking.amountPaid).toBe('2000.00');
    const mail = await h.orm.em.fork().findOneOrFail(MailMessage, { kind: 'payment.voided', to: other.customerEmail });
    expect(mail.text).toContain(`A refund of ${formatPeso('500')} recorded on`);
  });

  it('refuses to void a payment that would leave less than nothing paid, until the refund after it is voided', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '3000' });
    const payment = await staff().bookings.addPayment({ id: booking.id, payment: { amount: '2000' } });
    const refund = await staff().bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: '1500' } });
    await expectError(staff().bookings.voidPayment({ id: booking.id, paymentId: payment.payment.id, reason: 'Wrong booking' }), 'CONFLICT', messages.errors.voidBelowZero);
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('500.00');
    await staff().bookings.voidPayment({ id: booking.id, paymentId: refund.payment.id, reason: 'Wrong booking' });
    await staff().bookings.voidPayment({ id: booking.id, paymentId: payment.payment.id, reason: 'Wrong booking' });
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('0.00');
  });

  it('answers NOT_FOUND for a payment of another booking or none, BAD_REQUEST without a reason, and changes nothing', async () => {
    const car = await newCar(h);
    const one = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '3000' });
    const two = await adminBooking(h, { carId: car.id, from: 8, to: 10, total: '3000' });
    const paid = await staff().bookings.addPayment({ id: one.id, payment: { amount: '1000' } });
    await expectError(staff().bookings.voidPayment({ id: two.id, paymentId: paid.payment.id, reason: 'Wrong booking' }), 'NOT_FOUND', messages.errors.paymentNotFound);
    await expectError(staff().bookings.voidPayment({ id: one.id, paymentId: randomUUID(), reason: 'Wrong booking' }), 'NOT_FOUND', messages.errors.paymentNotFound);
    await expectError(staff().bookings.voidPayment({ id: randomUUID(), paymentId: paid.payment.id, reason: 'Wrong booking' }), 'NOT_FOUND', messages.errors.bookingNotFound);
    for (const reason of ['', '  ', 'no', 'x'.repeat(301), 'bad\u0000reason']) {
      await expectError(staff().bookings.voidPayment({ id: one.id, paymentId: paid.payment.id, reason }), 'BAD_REQUEST');
    }
    expect((await staff().bookings.payments({ id: one.id }))[0]!.voidedAt).toBeNull();
    expect((await staff().bookings.byId({ id: one.id })).amountPaid).toBe('1000.00');
  });

  it('puts back the hold of a website booking whose only payment is voided: unconfirmed, its days are released when it runs out again', async () => {
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(20), returnDate: daysFromToday(22) } });
    const paid = await staff().bookings.addPayment({ id: answer.booking.id, payment: { amount: '1000', method: 'gcash' } });
    expect(paid.booking.holdUntil).toBeNull();

    const voided = await staff().bookings.voidPayment({ id: answer.booking.id, paymentId: paid.payment.id, reason: 'Paid for another booking' });
    expect(voided.booking.status).toBe('pending');
    const hours = (Date.parse(voided.booking.holdUntil!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await auditEntry(h, 'payment', paid.payment.id, 'payment.void')).before).toMatchObject({ holdUntil: null });

    clock.advance(25 * 3_600_000);
    try {
      await releaseExpiredHolds(h.deps);
    } finally {
      clock.reset();
    }
    expect((await staff().bookings.byId({ id: answer.booking.id })).status).toBe('cancelled');
    // The activity log says which booking ran out.
    const released = (await auditOf(h, 'booking', answer.booking.id)).filter((entry) => entry.action === 'booking.status');
    expect(released.map((entry) => [entry.actor, describeAuditEntry(entry)])).toEqual([
      ['System', `Changed status of booking ${answer.booking.reference} for ${answer.booking.customerName}: pending → cancelled`],
    ]);
  });

  it('leaves no hold on a booking still paid, proven or made by staff when a payment is voided', async () => {
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(24), returnDate: daysFromToday(26) } });
    const first = await staff().bookings.addPayment({ id: answer.booking.id, payment: { amount: '1000' } });
    await staff().bookings.addPayment({ id: answer.booking.id, payment: { amount: '500' } });
    expect((await staff().bookings.voidPayment({ id: answer.booking.id, paymentId: first.payment.id, reason: 'Counted twice' })).booking.holdUntil).toBeNull();

    const opened = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(27), returnDate: daysFromToday(28) } });
    await h.orm.em.fork().nativeUpdate(Booking, { id: opened.answer.booking.id }, { emailProvenAt: new Date() });
    const gcash = await staff().bookings.addPayment({ id: opened.answer.booking.id, payment: { amount: '1000' } });
    expect((await staff().bookings.voidPayment({ id: opened.answer.booking.id, paymentId: gcash.payment.id, reason: 'Wrong booking' })).booking.holdUntil).toBeNull();

    const staffMade = await adminBooking(h, { carId: car.id, from: 30, to: 31, total: '3000', status: 'pending' });
    const cash = await staff().bookings.addPayment({ id: staffMade.id, payment: { amount: '1000' } });
    expect((await staff().bookings.voidPayment({ id: staffMade.id, paymentId: cash.payment.id, reason: 'Wrong booking' })).booking.holdUntil).toBeNull();
  });

  it('never voids one row twice when two void it at once', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '3000' });
    const paid = await staff().bookings.addPayment({ id: booking.id, payment: { amount: '1000' } });
    const results = await Promise.all(Array.from({ length: 4 }, () => outcome(h.caller({ staff: true }).bookings.voidPayment({ id: booking.id, paymentId: paid.payment.id, reason: 'Typed twice' }))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'CONFLICT')).toBe(true);
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('0.00');
    expect(await h.orm.em.fork().count(MailMessage, { kind: 'payment.voided', to: booking.customerEmail })).toBe(1);
  });
});

describe('bookings.updateDates', () => {
  it('re-prices the booking for its new days, keeping services and the agreed adjustment', async () => {
    const car = await newCar(h, { dailyRate: '2000' });
    const booking = await adminBooking(h, { carId: car.id, from: 5, to: 7, driverService: 'within_pangasinan', total: '7000' });
    // list price for 2 days: 4000 + 3000 driver + 500 insurance = 7500, so the adjustment is -500
    expect(booking).toMatchObject({ totalDays: 2, adjustment: '-500.00', total: '7000.00' });

    const moved = await staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(10), returnDate: daysFromToday(14) } });
    expect(moved).toMatchObject({
      pickupDate: daysFromToday(10),
      returnDate: daysFromToday(14),
      totalDays: 4,
      subtotal: '8000.00',
      driverFee: '6000.00',
      insurance: '500.00',
      adjustment: '-500.00',
      total: '14000.00',
      driverService: 'within_pangasinan',
    });
    expect(await h.caller().cars.bookedDates({ carId: car.id })).toEqual([{ start: daysFromToday(10), end: daysFromToday(14) }]);
    const entry = await auditEntry(h, 'booking', booking.id, 'booking.dates');
    expect(entry.before).toMatchObject({ pickupDate: daysFromToday(5), total: '7000.00' });
    expect(entry.after).toMatchObject({ pickupDate: daysFromToday(10), total: '14000.00' });
  });

  it('e-mails the renter the new dates, time and price of an open booking; not of a cancelled one, nor when nothing moved', async () => {
    const car = await newCar(h, { dailyRate: '2000' });
    const email = uniqueEmail('moved');
    const booking = await adminBooking(h, { carId: car.id, from: 5, to: 7, email, name: 'Mila Moved', status: 'confirmed' });
    const mails = () => h.orm.em.fork().find(MailMessage, { to: email, kind: 'booking.dates_changed' }, { orderBy: { createdAt: 'asc' } });

    await staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(10), returnDate: daysFromToday(13) } });
    const [moved, ...more] = await mails();
    expect(more).toEqual([]);
    expect(moved!.subject).toContain(booking.reference);
    for (const text of [formatLongDate(daysFromToday(10)), formatLongDate(daysFromToday(13)), formatPeso('6500')]) expect(moved!.text).toContain(text);

    await staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(10), returnDate: daysFromToday(13) } });
    expect(await mails()).toHaveLength(1);
    // The same days, a later pick-up: the renter is told the new time; the price stays.
    const later = await staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(10), returnDate: daysFromToday(13), pickupTime: '2:00 PM' } });
    expect(later).toMatchObject({ pickupTime: '2:00 PM', total: '6500.00' });
    const [, retimed] = await mails();
    expect(retimed!.text).toContain(`${formatLongDate(daysFromToday(10))}, pick-up at 2:00 PM`);
    const retimes = (await auditOf(h, 'booking', booking.id)).filter((e) => e.action === 'booking.dates' && (e.after as { pickupTime?: string }).pickupTime === '2:00 PM');
    expect(retimes.map((e) => (e.before as { pickupTime?: string }).pickupTime)).toEqual(['9:00 AM']);
    await expectError(staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(10), returnDate: daysFromToday(13), pickupTime: '2:30 PM' as never } }), 'BAD_REQUEST');
    await staff().bookings.updateStatus({ id: booking.id, status: 'cancelled' });
    await staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(20), returnDate: daysFromToday(21) } });
    expect(await mails()).toHaveLength(2);
    expect((await staff().bookings.byId({ id: booking.id })).pickupTime).toBe('2:00 PM');
  });

  it('tells a renter who has paid part what they have paid and what is left at the new price', async () => {
    const car = await newCar(h, { dailyRate: '2000' });
    const email = uniqueEmail('paidmoved');
    const booking = await adminBooking(h, { carId: car.id, from: 5, to: 7, email, status: 'confirmed' }); // ₱4,500
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: '4500', method: 'gcash' } });
    await staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(5), returnDate: daysFromToday(8) } }); // ₱6,500
    const [moved] = await h.orm.em.fork().find(MailMessage, { to: email, kind: 'booking.dates_changed' });
    expect(moved!.text).toContain(`${formatPeso('6500')}`);
    expect(moved!.text).toContain(`Paid so far: ${formatPeso('4500')}`);
    expect(moved!.text).toContain(`Balance: ${formatPeso('2000')}`);
    expect(moved!.html).toContain(formatPeso('2000'));
  });

  it('refuses days that overlap another booking of the car and leaves the booking as it was', async () => {
    const car = await newCar(h);
    const a = await adminBooking(h, { carId: car.id, from: 5, to: 7 });
    const holder = await adminBooking(h, { carId: car.id, from: 10, to: 12, status: 'confirmed' });
    await expectError(staff().bookings.updateDates({ id: a.id, dates: { pickupDate: daysFromToday(6), returnDate: daysFromToday(10) } }), 'CONFLICT', takenBy(holder));
    expect(await staff().bookings.byId({ id: a.id })).toEqual(a);
    // moving within its own days is fine
    expect((await staff().bookings.updateDates({ id: a.id, dates: { pickupDate: daysFromToday(6), returnDate: daysFromToday(9) } })).totalDays).toBe(3);
  });

  it('refuses an inverted range', async () => {
    const car = await newCar(h);
    const a = await adminBooking(h, { carId: car.id, from: 5, to: 7 });
    const error = await expectError(staff().bookings.updateDates({ id: a.id, dates: { pickupDate: daysFromToday(9), returnDate: daysFromToday(9) } }), 'BAD_REQUEST');
    expect(issueMessages(error)).toContain(messages.validation.returnAfterPickup);
  });

  it('lets exactly one of several simultaneous re-datings onto the same free days succeed', async () => {
    const car = await newCar(h);
    const bookings = [];
    for (let i = 0; i < 6; i += 1) bookings.push(await adminBooking(h, { carId: car.id, from: 40 + i * 3, to: 41 + i * 3, status: 'confirmed' }));
    const target = { pickupDate: daysFromToday(70), returnDate: daysFromToday(72) };
    const results = await Promise.all(bookings.map((b) => outcome(h.caller({ staff: true }).bookings.updateDates({ id: b.id, dates: target }))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'CONFLICT')).toHaveLength(5);
    const ranges = await h.caller().cars.bookedDates({ carId: car.id });
    expect(ranges.filter((r) => r.start === target.pickupDate)).toHaveLength(1);
    expect(ranges).toHaveLength(6);
  });
});

describe('bookings.applyToCustomer after a booking staff entered', () => {
  it('a booking entered without a phone or licence differs only in what it holds, and applying it keeps the customer\'s phone and licence', async () => {
    const car = await newCar(h);
    const email = uniqueEmail('phoned');
    const { customer } = await staff().customers.create({ fullName: 'Perla Mendoza', email, phone: '0917 555 1234', license: 'N01-22-333444' });
    const booking = await staff().bookings.createAdmin({ customerEmail: email, customerName: 'Perla M. Mendoza', carId: car.id, pickupDate: daysFromToday(3), returnDate: daysFromToday(5) });
    const listed = (await staff().bookings.list({ q: booking.reference })).items[0]!;
    expect(listed.customerDiffers).toEqual(['fullName']);

    await staff().bookings.applyToCustomer({ id: booking.id });
    expect(await staff().customers.byId({ id: customer.id })).toMatchObject({ fullName: 'Perla M. Mendoza', phone: '0917 555 1234', license: 'N01-22-333444' });
  });
});

describe('bookings.addPayment and bookings.payments', () => {
  it('adds ledger rows, keeps amountPaid as their sum and lists them', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '6000' });
    const one = await staff().bookings.addPayment({ id: booking.id, payment: { amount: '1500', method: 'gcash', note: 'Deposit' } });
    expect(one.payment).toMatchObject({ bookingId: booking.id, amount: '1500.00', method: 'gcash', note: 'Deposit', recordedBy: 'test staff' });
    expect(one.booking).toMatchObject({ amountPaid: '1500.00', balance: '4500.00' });
    const two = await staff().bookings.addPayment({ id: booking.id, payment: { amount: 2000.25 } });
    expect(two.payment).toMatchObject({ amount: '2000.25', method: 'cash', note: null });
    expect(two.booking).toMatchObject({ amountPaid: '3500.25', balance: '2499.75' });

    const ledger = await staff().bookings.payments({ id: booking.id });
    expect(ledger.map((p) => p.id)).toEqual([one.payment.id, two.payment.id]);
    const sum = ledger.reduce((total, p) => total + Math.round(Number(p.amount) * 100), 0);
    expect(money(sum / 100)).toBe((await staff().bookings.byId({ id: booking.id })).amountPaid);

    const entry = await auditEntry(h, 'payment', one.payment.id, 'payment.create');
    expect(entry.before).toEqual({ amountPaid: '0.00' });
    expect(entry.after).toMatchObject({ amount: '1500.00', bookingId: booking.id });
    // The log says whose booking was paid, and what it then stood at.
    expect(entry.after).toMatchObject({ reference: booking.reference, customerName: booking.customerName, amountPaid: '1500.00' });
  });

  it('refuses a payment above the balance (BAD_REQUEST) and one on a fully paid booking (CONFLICT)', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '3000' });
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: '1000' } });
    await expectError(staff().bookings.addPayment({ id: booking.id, payment: { amount: '2000.01' } }), 'BAD_REQUEST', messages.errors.paymentAboveBalance({ balance: formatPeso('2000.00') }));
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: '2000' } });
    await expectError(staff().bookings.addPayment({ id: booking.id, payment: { amount: '1' } }), 'CONFLICT', messages.errors.nothingToPay);
    expect(await staff().bookings.payments({ id: booking.id })).toHaveLength(2);
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('3000.00');
  });

  it('refuses zero, negative and malformed amounts', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5 });
    for (const amount of ['0', '-100', 'abc', '10.001']) {
      await expectError(staff().bookings.addPayment({ id: booking.id, payment: { amount } }), 'BAD_REQUEST');
    }
    expect(await staff().bookings.payments({ id: booking.id })).toEqual([]);
  });

  it('refuses a payment on a cancelled booking', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, status: 'cancelled' });
    await expectError(staff().bookings.addPayment({ id: booking.id, payment: { amount: '100' } }), 'CONFLICT', messages.errors.paymentOnCancelled);
    expect(await staff().bookings.payments({ id: booking.id })).toEqual([]);
  });

  it('never lets simultaneous payments exceed the total', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '4000' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => outcome(h.caller({ staff: true }).bookings.addPayment({ id: booking.id, payment: { amount: '1000' } }))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(4);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'CONFLICT' || r === 'BAD_REQUEST')).toBe(true);
    const after = await staff().bookings.byId({ id: booking.id });
    expect(after.amountPaid).toBe('4000.00');
    expect(after.balance).toBe('0.00');
    expect(await h.orm.em.fork().count(Payment, { booking: booking.id })).toBe(4);
  });

  it('records a refund on a cancelled booking: what was paid goes down by it, the renter is e-mailed, the log says so', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5, total: '4000' });
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: '2000', method: 'gcash' } });
    const cancelled = await staff().bookings.updateStatus({ id: booking.id, status: 'cancelled' });
    expect(cancelled.cancelledAt).toEqual(expect.any(String));

    const refund = await staff().bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: '1000', method: 'gcash', note: 'Half, cancelled the day before' } });
    expect(refund.payment).toMatchObject({ kind: 'refund', amount: '1000.00', method: 'gcash', note: 'Half, cancelled the day before' });
    expect(refund.booking).toMatchObject({ status: 'cancelled', amountPaid: '1000.00' });
    expect((await staff().bookings.payments({ id: booking.id })).map((p) => [p.kind, p.amount])).toEqual([
      ['payment', '2000.00'],
      ['refund', '1000.00'],
    ]);
    const entry = await auditEntry(h, 'payment', refund.payment.id, 'payment.refund');
    expect(entry).toMatchObject({ before: { amountPaid: '2000.00' }, after: { kind: 'refund', amountPaid: '1000.00', reference: booking.reference } });
    const mails = await h.orm.em.fork().find(MailMessage, { kind: 'refund.recorded', to: booking.customerEmail });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refund: ${formatPeso('1000')} for ${booking.reference}`);
    // Paid after the refund, and no balance: the booking is cancelled.
    expect(mails[0]!.text).toMatch(/Paid, after the refund\W+₱1,000/);
    expect(mails[0]!.text).not.toMatch(/Balance/);

    // Never more than what was paid; nothing once nothing is left.
    await expectError(staff().bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: '1000.01' } }), 'BAD_REQUEST', messages.errors.refundAbovePaid({ paid: formatPeso('1000.00') }));
    await staff().bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: '1000' } });
    await expectError(staff().bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: '1' } }), 'CONFLICT', messages.errors.nothingToRefund);
    expect((await staff().bookings.byId({ id: booking.id })).amountPaid).toBe('0.00');
    await expectError(staff().bookings.addPayment({ id: booking.id, payment: { kind: 'gift' as never, amount: '1' } }), 'BAD_REQUEST');
  });

  it('lets a refund make room to move an overpaid booking to fewer days, and never lets simultaneous refunds give back more than was paid', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 7, total: String(4 * Number(car.dailyRate) + 500) });
    await staff().bookings.addPayment({ id: booking.id, payment: { amount: booking.total } });
    const shorter = { pickupDate: daysFromToday(3), returnDate: daysFromToday(5) };
    await expectError(staff().bookings.updateDates({ id: booking.id, dates: shorter }), 'CONFLICT');
    await staff().bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: String(2 * Number(car.dailyRate)) } });
    expect(await staff().bookings.updateDates({ id: booking.id, dates: shorter })).toMatchObject({ totalDays: 2, balance: '0.00' });

    const results = await Promise.all(
      Array.from({ length: 6 }, () => outcome(h.caller({ staff: true }).bookings.addPayment({ id: booking.id, payment: { kind: 'refund', amount: String(Number(car.dailyRate)) } }))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(2);
    const after = await staff().bookings.byId({ id: booking.id });
    expect(after.amountPaid).toBe('500.00');
  });

  it('answers NOT_FOUND for an unknown booking and UNAUTHORIZED to the public', async () => {
    await expectError(staff().bookings.addPayment({ id: randomUUID(), payment: { amount: '100' } }), 'NOT_FOUND');
    await expectError(staff().bookings.payments({ id: randomUUID() }), 'NOT_FOUND');
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 5 });
    await expectError(h.caller().bookings.addPayment({ id: booking.id, payment: { amount: '100' } }), 'UNAUTHORIZED');
    await expectError(h.caller().bookings.payments({ id: booking.id }), 'UNAUTHORIZED');
    await expectError(h.caller().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(8), returnDate: daysFromToday(9) } }), 'UNAUTHORIZED');
  });
});

describe('a booking whose car was deleted', () => {
  it('cannot be re-opened: it would hold days of no car, which the overlap rule cannot compare', async () => {
    const car = await newCar(h);
    const cancelled = await adminBooking(h, { carId: car.id, from: 10, to: 12, status: 'cancelled' });
    const twin = await adminBooking(h, { carId: car.id, from: 10, to: 12, status: 'cancelled' });
    await staff().cars.delete({ id: car.id });
    for (const booking of [cancelled, twin]) {
      for (const status of ['confirmed', 'pending'] as const) await expectError(staff().bookings.updateStatus({ id: booking.id, status }), 'CONFLICT', messages.errors.bookingCarGone);
    }
    // Closed it stays, and it can be moved (a record of the past).
    expect((await staff().bookings.updateStatus({ id: cancelled.id, status: 'completed' })).status).toBe('completed');
    expect((await staff().bookings.updateDates({ id: cancelled.id, dates: { pickupDate: daysFromToday(-12), returnDate: daysFromToday(-10) } })).pickupDate).toBe(daysFromToday(-12));
  });

  it('cannot be moved while it is open: one that ended unclosed before the car went stays in the past', async () => {
    const car = await newCar(h);
    const over = await adminBooking(h, { carId: car.id, from: -6, to: -4, status: 'confirmed' });
    await staff().cars.delete({ id: car.id });
    await expectError(staff().bookings.updateDates({ id: over.id, dates: { pickupDate: daysFromToday(10), returnDate: daysFromToday(12) } }), 'CONFLICT', messages.errors.bookingCarGone);
  });

  it('cannot be re-opened while the car is being deleted: the deletion waits for it, counts it and is refused', async () => {
    const car = await newCar(h);
    const cancelled = await adminBooking(h, { carId: car.id, from: 30, to: 32, status: 'cancelled' });
    const reopening = await openTransaction(h, (em) => updateBookingStatus({ em, deps: h.deps, actor: staffActor }, cancelled.id, { status: 'confirmed' }));
    const deletion = await startWhileLocked(h, () => staff().cars.delete({ id: car.id }));
    await reopening.commit();
    await expect(deletion.running).rejects.toMatchObject({ code: 'CONFLICT', message: messages.errors.carHasBookings });
    const row = await h.orm.em.fork().findOneOrFail(Booking, { id: cancelled.id });
    expect({ status: row.status, car: row.car?.id }).toEqual({ status: 'confirmed', car: car.id });
  });
});

describe('moving a booking, as the dashboard saw it', () => {
  it('refuses to move an erased customer’s booking onto days to come (an erased customer has no open booking)', async () => {
    const car = await newCar(h);
    const over = await adminBooking(h, { carId: car.id, from: -5, to: -3, email: uniqueEmail('gone'), status: 'confirmed' });
    expect(await staff().customers.erase({ id: over.customerId })).toEqual({ ok: true, bookingsKept: 1 });
    await expectError(staff().bookings.updateDates({ id: over.id, dates: { pickupDate: daysFromToday(10), returnDate: daysFromToday(14) } }), 'CONFLICT', messages.errors.customerErased);
    expect((await staff().bookings.byId({ id: over.id })).pickupDate).toBe(daysFromToday(-5));
  });

  it('stops the unconfirmed hold of a website booking staff moved: they have seen it', async () => {
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id, { booking: { pickupDate: daysFromToday(10), returnDate: daysFromToday(12) } });
    clock.advance(2 * 3_600_000);
    try {
      const moved = await staff().bookings.updateDates({ id: answer.booking.id, dates: { pickupDate: daysFromToday(15), returnDate: daysFromToday(17) } });
      expect(moved.holdUntil).toBeNull();
      clock.advance(h.env.PENDING_HOLD_HOURS * 3_600_000);
      await releaseExpiredHolds(h.deps);
    } finally {
      clock.reset();
    }
    expect((await staff().bookings.byId({ id: answer.booking.id })).status).toBe('pending');
  });

  it('refuses a move decided from a status the booking no longer has (expectedStatus), changing nothing', async () => {
    const car = await newCar(h);
    const booking = await adminBooking(h, { carId: car.id, from: 10, to: 12, status: 'pending' });
    await staff().bookings.updateStatus({ id: booking.id, status: 'cancelled' });
    await expectError(
      staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(20), returnDate: daysFromToday(22), expectedStatus: 'pending' } }),
      'CONFLICT',
      messages.errors.statusChangedMeanwhile({ status: 'Cancelled' }),
    );
    expect((await staff().bookings.byId({ id: booking.id })).pickupDate).toBe(daysFromToday(10));
    expect((await staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(20), returnDate: daysFromToday(22), expectedStatus: 'cancelled' } })).pickupDate).toBe(daysFromToday(20));
  });

  it('refuses (409, not a 500) new dates that would take the total past what a booking can hold', async () => {
    const car = await newCar(h, { dailyRate: '1000000' });
    const booking = await adminBooking(h, { carId: car.id, from: 3, to: 4, total: '9999999999.00', status: 'confirmed' });
    await expectError(
      staff().bookings.updateDates({ id: booking.id, dates: { pickupDate: daysFromToday(3), returnDate: daysFromToday(6) } }),
      'CONFLICT',
      messages.errors.totalTooLarge({ total: formatPeso(1_000_199_999_900, 'centavos'), max: formatPeso(999_999_999_999, 'centavos') }),
    );
    expect((await staff().bookings.byId({ id: booking.id })).total).toBe('9999999999.00');
  });
});

describe('a customer’s totals', () => {
  it('count as paid what a cancelled booking kept, and as owed nothing of it', async () => {
    const car = await newCar(h);
    const b = await adminBooking(h, { carId: car.id, from: 1, to: 3, email: uniqueEmail('late'), status: 'confirmed' });
    await staff().bookings.addPayment({ id: b.id, payment: { amount: '3000' } });
    await staff().bookings.updateStatus({ id: b.id, status: 'cancelled' });
    await staff().bookings.addPayment({ id: b.id, payment: { kind: 'refund', amount: '1500' } });
    expect((await staff().customers.byId({ id: b.customerId })).totals).toEqual({ bookings: 1, total: '0.00', paid: '1500.00', pending: '0.00' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../utils/harness';
import { newCar, uniqueEmail, uniqueWord } from './helpers';
import { daysFromToday } from '../utils/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const staff = () => h.caller({ staff: true });
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

describe('review: a phone search whose digits start with 63 (not a country code)', () => {
  it('finds the number by its last digits typed with a dash, and does not read "6312" as "012"', async () => {
    // The last seven digits start with 63: "63d-dddd" is how staff say them.
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

describe('review: correcting a renter’s e-mail address', () => {
  it('does not leave the booking’s unsent e-mail to the wrong address in the outbox, for the mail worker to send to a stranger', async () => {
    const { MailMessage } = await import('../../src/server/db/entities');
    const { publicBooking } = await import('./helpers');
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry, Customer } from '../../src/server/db/entities';
import { createHarness, type Harness } from '../utils/harness';
import { adminBooking, newCar, publicBooking, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const staff = () => h.caller({ staff: true });
const customerOf = (email: string) => h.orm.em.fork().findOne(Customer, { email });

describe('review: correcting a renter’s e-mail address', () => {
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

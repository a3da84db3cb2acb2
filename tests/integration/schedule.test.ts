import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { addDays, todayInManila } from '../../src/shared/dates';
import type { PickupTime } from '../../src/shared/schemas/booking.schema';
import { createHarness, type Harness } from '../utils/harness';
import { expectError, newCar, uniqueEmail } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => clock.reset());
afterAll(async () => {
  await h.close();
});

const staff = () => h.caller({ staff: true });

describe("a day's pick-ups and returns", () => {
  it('lists the day’s cars going out and coming back, by the hour, without cancelled bookings; today in Manila unless asked', async () => {
    const today = todayInManila(clock.now());
    // A car each: a booking's return day is one of its days, so a car back today cannot go out again today.
    const cars = await Promise.all(Array.from({ length: 6 }, () => newCar(h)));
    const book = async (name: string, car: number, from: number, to: number, pickupTime: PickupTime, status: 'pending' | 'confirmed' | 'completed' | 'cancelled') =>
      (
        await staff().bookings.createAdmin({
          customerEmail: uniqueEmail('schedule'),
          customerName: name,
          carId: cars[car]!.id,
          pickupDate: addDays(today, from),
          returnDate: addDays(today, to),
          pickupTime,
          status,
        })
      ).reference;
    const afternoon = await book('Afternoon Pickup', 0, 0, 2, '2:00 PM', 'confirmed');
    const morning = await book('Morning Pickup', 1, 0, 3, '9:00 AM', 'pending');
    await book('Cancelled Pickup', 2, 0, 1, '10:00 AM', 'cancelled');
    const back = await book('Coming Back', 3, -3, 0, '11:00 AM', 'confirmed');
    const returned = await book('Already Back', 4, -2, 0, '10:00 AM', 'completed');
    const tomorrow = await book('Tomorrow Pickup', 5, 1, 2, '3:00 PM', 'confirmed');
    const ours = (list: Array<{ reference: string; carId: string | null }>) => list.filter((b) => cars.some((car) => car.id === b.carId)).map((b) => b.reference);

    const day = await staff().admin.schedule({});
    expect(day.date).toBe(today);
    expect(ours(day.pickups)).toEqual([morning, afternoon]);
    expect(ours(day.returns)).toEqual([returned, back]);
    expect(day.pickups.find((b) => b.reference === morning)).toMatchObject({ customerName: 'Morning Pickup', status: 'pending', pickupTime: '9:00 AM', carName: cars[1]!.name });

    const next = await staff().admin.schedule({ date: addDays(today, 1) });
    expect(ours(next.pickups)).toEqual([tomorrow]);
    expect(ours(next.returns)).toEqual([]);

    // Manila's day, not the server's: at 23:30 UTC it is already tomorrow in Alaminos.
    const manilaMidnight = new Date(`${addDays(today, 1)}T00:30:00+08:00`).getTime();
    clock.advance(manilaMidnight - Date.now());
    expect((await staff().admin.schedule({})).date).toBe(addDays(today, 1));
  });

  it('refuses what is no day, and anyone but staff', async () => {
    for (const date of ['', 'tomorrow', '2026-02-30', '2026-1-5']) await expectError(staff().admin.schedule({ date }), 'BAD_REQUEST');
    await expectError(h.caller().admin.schedule({}), 'UNAUTHORIZED');
  });
});

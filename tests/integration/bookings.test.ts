import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, daysFromToday, firstCarId, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('bookings.create', () => {
  it('prices the booking on the server and stores it with its documents', async () => {
    const carId = await firstCarId(h);
    const docs = await uploadDocuments(h);
    const answer = await h.caller().bookings.create(
      bookingPayload(carId, docs, { booking: { driverService: 'outside_pangasinan', distanceService: 'over_250km_800', wantsDelivery: true, deliveryArea: 'lingayen', deliveryAddress: 'Poblacion, Lingayen' } }),
    );
    const car = await h.caller().cars.byId({ id: carId });
    const days = 3;
    const expected = Number(car.dailyRate) * days + 2000 * days + 800 * days + 500 + 500;
    expect(answer.booking.totalDays).toBe(days);
    expect(Number(answer.booking.total)).toBe(expected);
    expect(answer.booking.deliveryFee).toBe('500.00');
    // The booking keeps its documents under keys of their own (sealed as they were attached), and says so.
    expect(answer.customer.photoId1Url).toMatch(/^\/objects\/private\//);
    expect(answer.customer.photoId1Url).not.toBe(docs.photoId1Url);
    expect(answer.booking.photoId1Url).toBe(answer.customer.photoId1Url);
    expect(answer.booking.status).toBe('pending');
  });

  it('lets exactly one of 20 simultaneous overlapping bookings of one car succeed', async () => {
    const carId = await firstCarId(h, 1);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const docs = await uploadDocuments(h);
        const payload = bookingPayload(carId, docs, {
          customer: { email: `racer${i}@example.com`, fullName: `Racer Number ${i}` },
          booking: { pickupDate: daysFromToday(30 + (i % 3)), returnDate: daysFromToday(34) },
        });
        return h.caller().bookings.create(payload).then(
          () => 'ok',
          (error: { code?: string }) => error.code ?? 'error',
        );
      }),
    );
    expect(attempts.filter((a) => a === 'ok')).toHaveLength(1);
    expect(attempts.filter((a) => a === 'CONFLICT')).toHaveLength(19);
    const ranges = await h.caller().cars.bookedDates({ carId });
    expect(ranges).toHaveLength(1);
  });
});

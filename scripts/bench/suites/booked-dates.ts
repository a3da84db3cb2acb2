import { addDays, todayInManila } from '../../../src/shared/dates';
import { api, inParallel } from '../api';
import { alternate, startBareHono } from '../harness';
import type { Suite } from '../suite';
import { CONNECTIONS, ROUNDS, SLICE_SECONDS, WARMUP_SECONDS, againstBareHono, describeSides } from './common';

/** Bookings each car gets before the measurement: a realistic few. */
const BOOKINGS_PER_CAR = 4;

/** GET /api/cars/{id}/booked-dates across every car (answered from its cache), against B_hono. */
export const bookedDatesSuite: Suite = {
  name: 'booked-dates',
  title: 'GET /api/cars/{id}/booked-dates vs B_hono',
  run: async ({ load, startServer, log }) => {
    const server = await startServer();
    const cars = await api<Array<{ id: string }>>(server.baseURL, 'GET', '/api/cars');
    const today = todayInManila();
    const bookings = cars.flatMap((car, c) =>
      Array.from({ length: BOOKINGS_PER_CAR }, (_, k) => {
        const pickup = addDays(today, 3 + k * 12 + (c % 5));
        return { carId: car.id, pickupDate: pickup, returnDate: addDays(pickup, 2 + (k % 3)), customerName: `Bench Renter ${c}-${k}`, customerEmail: `bench-${c}-${k}@example.com`, status: k % 2 ? 'confirmed' : 'pending' };
      }),
    );
    await inParallel(bookings, 4, async (booking) => {
      await api(server.baseURL, 'POST', '/api/admin/bookings', booking, { admin: true });
    });
    log(`    ${bookings.length} bookings on ${cars.length} cars`);
    const bare = await startBareHono(server);
    try {
      const paths = cars.map((car) => `/api/cars/${car.id}/booked-dates`);
      const job = (baseUrl: string, list: string[]) => (round: number) => ({
        kind: 'http' as const,
        baseUrl,
        paths: list,
        connections: CONNECTIONS,
        seconds: round < 0 ? WARMUP_SECONDS : SLICE_SECONDS,
      });
      const {
        slices: [real, hono],
      } = await alternate(load, [{ name: 'booked-dates', job: job(server.baseURL, paths) }, { name: 'B_hono', job: job(bare.baseURL, ['/api/cars']) }], ROUNDS, log);
      return againstBareHono('booked-dates', 'booked-dates (cache hit)', real!, hono!, 0.5, describeSides({ 'booked-dates': real!, B_hono: hono! }));
    } finally {
      bare.stop();
    }
  },
};

import { addDays, todayInManila } from '../../../src/shared/dates';
import { BENCH_BASELINE_PATH } from '../../../src/server/rest/bench.rest';
import { api, inParallel } from '../api';
import { alternate, median, medianRatio, sum } from '../harness';
import type { Suite } from '../suite';
import { CONNECTIONS, ROUNDS, SLICE_SECONDS, WARMUP_SECONDS, describeSides } from './common';

/** Bookings each car gets before the measurement: a realistic few. */
const BOOKINGS_PER_CAR = 4;

/** GET /api/cars/{id}/booked-dates across every car, against the in-memory baseline. */
export const bookedDatesSuite: Suite = {
  name: 'booked-dates',
  title: 'GET /api/cars/{id}/booked-dates vs B_mem',
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
    const paths = cars.map((car) => `/api/cars/${car.id}/booked-dates`);
    const job = (list: string[]) => (round: number) => ({
      kind: 'http' as const,
      baseUrl: server.baseURL,
      paths: list,
      connections: CONNECTIONS,
      seconds: round < 0 ? WARMUP_SECONDS : SLICE_SECONDS,
    });
    const {
      slices: [real, base],
    } = await alternate(load, [{ name: 'booked-dates', job: job(paths) }, { name: 'B_mem', job: job([BENCH_BASELINE_PATH]) }], ROUNDS, log);
    const context = describeSides({ 'booked-dates': real!, B_mem: base! });
    return [
      { suite: 'booked-dates', name: 'booked-dates req/s ÷ B_mem', value: medianRatio(real!, base!, (s) => s.rps), unit: '×', goal: { op: '>=', target: 0.3 }, context },
      { suite: 'booked-dates', name: 'booked-dates p99 at 50 connections', value: median(real!.map((s) => s.p99)), unit: 'ms', goal: { op: '<=', target: 50 }, context: `B_mem p99 ${median(base!.map((s) => s.p99))} ms` },
      { suite: 'booked-dates', name: 'booked-dates errors + non-2xx', value: sum(real!, (s) => s.errors + s.non2xx), unit: 'requests', goal: { op: '<=', target: 0 } },
    ];
  },
};

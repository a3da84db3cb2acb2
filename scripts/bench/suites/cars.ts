import { BENCH_BASELINE_PATH } from '../../../src/server/rest/bench.rest';
import { alternate, median, medianRatio, sum } from '../harness';
import type { Suite } from '../suite';
import { CONNECTIONS, ROUNDS, SLICE_SECONDS, WARMUP_SECONDS, describeSides } from './common';

/** GET /api/cars against the in-memory baseline, 50 connections, alternating slices. */
export const carsSuite: Suite = {
  name: 'cars',
  title: 'GET /api/cars vs B_mem',
  run: async ({ load, startServer, log }) => {
    const server = await startServer();
    const job = (path: string) => (round: number) => ({
      kind: 'http' as const,
      baseUrl: server.baseURL,
      paths: [path],
      connections: CONNECTIONS,
      seconds: round < 0 ? WARMUP_SECONDS : SLICE_SECONDS,
    });
    const {
      slices: [real, base],
    } = await alternate(load, [{ name: 'cars', job: job('/api/cars') }, { name: 'B_mem', job: job(BENCH_BASELINE_PATH) }], ROUNDS, log);
    const context = describeSides({ 'GET /api/cars': real!, B_mem: base! });
    return [
      { suite: 'cars', name: 'GET /api/cars req/s ÷ B_mem', value: medianRatio(real!, base!, (s) => s.rps), unit: '×', goal: { op: '>=', target: 0.8 }, context },
      { suite: 'cars', name: 'GET /api/cars p99 ÷ B_mem p99', value: medianRatio(real!, base!, (s) => s.p99), unit: '×', goal: { op: '<=', target: 1.5 }, context: `p99 ${median(real!.map((s) => s.p99))} ms vs ${median(base!.map((s) => s.p99))} ms` },
      { suite: 'cars', name: 'GET /api/cars errors + non-2xx', value: sum(real!, (s) => s.errors + s.non2xx), unit: 'requests', goal: { op: '<=', target: 0 } },
    ];
  },
};

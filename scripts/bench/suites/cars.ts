import { BENCH_BASELINE_PATH } from '../../../src/server/rest/bench.rest';
import { alternate, medianRatio, startBareHono } from '../harness';
import type { Suite } from '../suite';
import { CONNECTIONS, ROUNDS, SLICE_SECONDS, WARMUP_SECONDS, againstBareHono, describeSides } from './common';

/**
 * GET /api/cars against B_hono (the same bytes from a bare Hono process) and, as a second
 * reference, B_mem (the in-app route that serializes the list per request), 50 connections,
 * alternating slices.
 */
export const carsSuite: Suite = {
  name: 'cars',
  title: 'GET /api/cars vs B_hono and B_mem',
  run: async ({ load, startServer, log }) => {
    const server = await startServer();
    const bare = await startBareHono(server);
    try {
      log(`    B_hono ${bare.baseURL}: ${Buffer.byteLength(bare.answer.body)} bytes, ${Object.keys(bare.answer.headers).length + 1} headers of its own`);
      const job = (baseUrl: string, path: string) => (round: number) => ({
        kind: 'http' as const,
        baseUrl,
        paths: [path],
        connections: CONNECTIONS,
        seconds: round < 0 ? WARMUP_SECONDS : SLICE_SECONDS,
      });
      const {
        slices: [real, hono, mem],
      } = await alternate(
        load,
        [
          { name: 'cars', job: job(server.baseURL, '/api/cars') },
          { name: 'B_hono', job: job(bare.baseURL, '/api/cars') },
          { name: 'B_mem', job: job(server.baseURL, BENCH_BASELINE_PATH) },
        ],
        ROUNDS,
        log,
      );
      const context = describeSides({ 'GET /api/cars': real!, B_hono: hono!, B_mem: mem! });
      return [
        ...againstBareHono('cars', 'GET /api/cars', real!, hono!, 0.5, context),
        {
          suite: 'cars',
          name: 'B_mem req/s ÷ B_hono',
          value: medianRatio(mem!, hono!, (s) => s.rps),
          unit: '×',
          context: 'context: the in-app reference (the list serialized per request, through the middleware of /api)',
        },
      ];
    } finally {
      bare.stop();
    }
  },
};

import { Hono } from 'hono';
import type { AppEnv } from '../http/variables';

/** The benchmark's reference path, mounted only with `BENCH_BASELINE` on. */
export const BENCH_BASELINE_PATH = '/api/bench/baseline';

/**
 * The fleet list answered from memory: the cars the fleet cache holds, serialized per request by
 * `c.json`, behind the same middleware as `GET /api/cars`. `npm run bench` states every figure as a
 * ratio to this path measured in the same run, so a busy machine slows both sides alike. It is not
 * part of the API: not in the OpenAPI document, and answered 404 unless the setting is on.
 */
export function benchBaselineApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(BENCH_BASELINE_PATH, async (c) => {
    const fleet = await c.get('deps').fleet.get();
    return c.json(fleet.cars);
  });
  return app;
}

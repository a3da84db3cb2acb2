import { median, medianRatio, sum } from '../harness';
import type { SliceResult } from '../protocol';
import type { Figure } from '../suite';

/** The load: 50 connections; slices of 3 s alternating with the baseline, six rounds, after a warm-up. */
export const CONNECTIONS = 50;
export const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
export const WARMUP_SECONDS = 2;
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

/** The most a cached read's p99 at 50 connections may be, as a multiple of B_hono's in the same rounds. */
export const P99_OVER_BARE = 2;

/** "name: 1234 req/s, p50 3 ms, p99 12 ms" per side, medians over the rounds. */
export function describeSides(sides: Record<string, SliceResult[]>): string {
  return Object.entries(sides)
    .map(([name, slices]) => {
      const busy = median(slices.map((s) => s.loadBusy ?? NaN));
      const load = Number.isFinite(busy) ? `, load generator ${(busy * 100).toFixed(0)}% busy` : '';
      return `${name}: ${median(slices.map((s) => s.rps)).toFixed(0)} req/s, p50 ${median(slices.map((s) => s.p50)).toFixed(1)} ms, p99 ${median(slices.map((s) => s.p99)).toFixed(1)} ms${load}`;
    })
    .join('; ');
}

/**
 * The three figures of a read measured against B_hono: its requests per second as a ratio (at
 * least `minRatio`), its p99 as a ratio (at most P99_OVER_BARE), and its errors and non-2xx
 * answers (none).
 */
export function againstBareHono(suite: string, label: string, real: SliceResult[], bare: SliceResult[], minRatio: number, context: string): Figure[] {
  return [
    { suite, name: `${label} req/s ÷ B_hono`, value: medianRatio(real, bare, (s) => s.rps), unit: '×', goal: { op: '>=', target: minRatio }, context },
    {
      suite,
      name: `${label} p99 ÷ B_hono p99 at ${CONNECTIONS} connections`,
      value: medianRatio(real, bare, (s) => s.p99),
      unit: '×',
      goal: { op: '<=', target: P99_OVER_BARE },
      context: `p99 ${median(real.map((s) => s.p99))} ms vs ${median(bare.map((s) => s.p99))} ms`,
    },
    { suite, name: `${label} errors + non-2xx`, value: sum(real, (s) => s.errors + s.non2xx), unit: 'requests', goal: { op: '<=', target: 0 } },
  ];
}

import { median } from '../harness';
import type { SliceResult } from '../protocol';

/** The load: 50 connections; slices of 3 s alternating with the baseline, six rounds, after a warm-up. */
export const CONNECTIONS = 50;
export const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
export const WARMUP_SECONDS = 2;
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

/** "name: 1234 req/s, p50 3 ms, p99 12 ms" per side, medians over the rounds. */
export function describeSides(sides: Record<string, SliceResult[]>): string {
  return Object.entries(sides)
    .map(([name, slices]) => `${name}: ${median(slices.map((s) => s.rps)).toFixed(0)} req/s, p50 ${median(slices.map((s) => s.p50)).toFixed(1)} ms, p99 ${median(slices.map((s) => s.p99)).toFixed(1)} ms`)
    .join('; ');
}

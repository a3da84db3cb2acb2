/**
 * `npx tsx scripts/bench/markdown.ts [bench-results.json]`: the figures of a run as the Markdown
 * table of BENCHMARKS.md, to paste over the old one after a new run.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface Result {
  name: string;
  value: number | null;
  unit: string;
  goal?: { op: string; target: number };
  met: boolean | null;
  context?: string;
}

const file = resolve(process.argv[2] ?? 'bench-results.json');
const results = JSON.parse(readFileSync(file, 'utf8')) as { at: string; machine: Record<string, unknown>; layout: string; figures: Result[] };
const show = (value: number | null, unit: string) =>
  value === null || !Number.isFinite(value) ? 'n/a' : unit === '×' ? `${value.toFixed(2)}×` : `${value.toFixed(0)} ${unit}`;
const lines = [
  `Run of ${results.at}: ${JSON.stringify(results.machine)}; ${results.layout}.`,
  '',
  '| figure | measured | goal | | context (absolute, this run only) |',
  '|---|---|---|---|---|',
  ...results.figures.map(
    (f) => `| ${f.name} | ${show(f.value, f.unit)} | ${f.goal ? `${f.goal.op} ${show(f.goal.target, f.unit)}` : ''} | ${f.met === null ? '' : f.met ? 'met' : '**missed**'} | ${f.context ?? ''} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);

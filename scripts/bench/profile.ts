/**
 * `npx tsx scripts/bench/profile.ts [path ...]`: the server under test as the benchmark runs it
 * (its core, its settings), loaded with 50 connections on `path` (default /api/cars; several are
 * used round-robin) for BENCH_PROFILE_SECONDS (10) after a 2 s warm-up, with V8's CPU profiler on
 * during the load alone. Writes server.cpuprofile (open it in Chrome's DevTools, Performance
 * panel) and prints its summary (profile-summary.ts). `PROFILE_HEADERS` (JSON) adds request headers.
 * `PROFILE_TARGET=bare` profiles B_hono (bare-hono.ts, answering as the server answers /api/cars)
 * instead, into bare.cpuprofile.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureClientBuilt } from '../../tests/e2e/support/server';
import { CPU, LoadGenerator, pin, startBareHono, startBenchServer } from './harness';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/api/cars'];
const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const headers = JSON.parse(process.env.PROFILE_HEADERS ?? '{}') as Record<string, string>;
const bareTarget = process.env.PROFILE_TARGET === 'bare';
const output = resolve(bareTarget ? 'bare.cpuprofile' : 'server.cpuprofile');
const profiler = `--import ${resolve(import.meta.dirname, 'cpu-profiler.mjs')}`;
const written = () => existsSync(output) && statSync(output).mtimeMs > started;
const started = Date.now();

await ensureClientBuilt();
if (CPU) pin(process.pid, CPU.load);
process.env.CPU_PROFILE_FILE = output;
const server = await startBenchServer(bareTarget ? {} : { NODE_OPTIONS: profiler, CPU_PROFILE_FILE: output });
const bare = bareTarget ? await startBareHono(server, paths[0], profiler.split(' ')) : null;
const load = new LoadGenerator();
const requests = await (async () => {
  const postmaster = Number(readFileSync(resolve(server.dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
  const target = bare ? bare.pid : Number(readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const job = (s: number) => ({ kind: 'http' as const, baseUrl: bare?.baseURL ?? server.baseURL, paths, headers, connections: 50, seconds: s });
  await load.run(job(2));
  process.kill(target, 'SIGUSR2');
  const result = await load.run(job(seconds));
  process.kill(target, 'SIGUSR2');
  process.stdout.write(`${bare ? 'B_hono' : paths.join(' ')}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.non2xx + result.errors} failed\n`);
  // The profile is written once the profiler stops.
  for (let i = 0; i < 100 && !written(); i += 1) await sleep(100);
  return result.requests;
})().finally(async () => {
  load.stop();
  bare?.stop();
  await server.stop();
  await server.removeData();
});
spawnSync(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'profile-summary.ts'), output, String(requests)], { stdio: 'inherit' });

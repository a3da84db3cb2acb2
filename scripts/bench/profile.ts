/**
 * `npx tsx scripts/bench/profile.ts [path ...]`: the server under test as the benchmark runs it
 * (its core, its settings), loaded with 50 connections on `path` (default /api/cars; several are
 * used round-robin) for BENCH_PROFILE_SECONDS (10) after a 2 s warm-up, with V8's CPU profiler on
 * during the load alone. Writes server.cpuprofile (open it in Chrome's DevTools, Performance
 * panel) and prints its summary (profile-summary.ts). `PROFILE_HEADERS` (JSON) adds request headers.
 * `PROFILE_TARGET=bare` profiles B_hono (bare-hono.ts, answering as the server answers /api/cars)
 * instead, into bare.cpuprofile.
 *
 * `npx tsx scripts/bench/profile.ts bookings`: `POST /api/bookings` instead, prepared as the
 * bookings suite prepares them (bookings-data.ts): a warm-up of 300, then BENCH_PROFILE_BOOKINGS
 * (2500) under the profiler, at 50 connections; the mail worker sends their e-mails meanwhile.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureClientBuilt } from '../../tests/e2e/support/server';
import { bookingBody, prepareBookings } from './bookings-data';
import { CPU, LoadGenerator, pin, startBareHono, startBenchServer } from './harness';
import type { LoadJob } from './protocol';

const bookings = process.argv[2] === 'bookings';
const paths = bookings ? ['/api/bookings'] : process.argv.slice(2).length ? process.argv.slice(2) : ['/api/cars'];
const BOOKINGS_WARMUP = 300;
const profiledBookings = Number(process.env.BENCH_PROFILE_BOOKINGS ?? 2500);
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
  const base = { kind: 'http' as const, baseUrl: bare?.baseURL ?? server.baseURL, paths, headers, connections: 50 };
  let job = (warmUp: boolean): LoadJob => ({ ...base, seconds: warmUp ? 2 : seconds });
  if (bookings) {
    const prepared = await prepareBookings(server, BOOKINGS_WARMUP + profiledBookings, (line) => process.stdout.write(`${line}\n`));
    const bodies = prepared.map((booking, i) => JSON.stringify(bookingBody(booking, `p${i}`)));
    job = (warmUp) => ({ ...base, method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, bodies: warmUp ? bodies.slice(0, BOOKINGS_WARMUP) : bodies.slice(BOOKINGS_WARMUP), amount: warmUp ? BOOKINGS_WARMUP : profiledBookings });
  }
  await load.run(job(true));
  process.kill(target, 'SIGUSR2');
  const result = await load.run(job(false));
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

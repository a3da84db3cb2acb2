import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_ARGS } from '../../src/server/command';
import { DEFAULT_DATABASE_POOL_MAX } from '../../src/server/env';
import { startE2EServer, type E2EServer } from '../../tests/e2e/support/server';
import type { BareAnswer } from './bare-hono';
import type { LoadJob, SliceResult } from './protocol';

/** The integrators' token the benchmark's servers accept (`ADMIN_API_TOKEN`), for admin paths. */
export const BENCH_API_TOKEN = 'bench-api-token-8c4e1f0a9b7d4e2f';
export const ADMIN_HEADERS = { authorization: `Bearer ${BENCH_API_TOKEN}` };
/** The database pool the benchmark's servers run with: the server's default (`DATABASE_POOL_MAX`). */
export const SERVER_POOL_MAX = Number(process.env.BENCH_POOL_MAX ?? DEFAULT_DATABASE_POOL_MAX);

/** The server (and its PostgreSQL) on one core, the load generator and this script on the other. */
export const CPU = availableParallelism() >= 2 ? { server: '0', load: '1' } : null;

/** Moves a running process, every thread of it, onto `cpus`. */
export function pin(pid: number, cpus: string): void {
  const done = spawnSync('taskset', ['-a', '-cp', cpus, String(pid)], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`taskset failed: ${done.stderr || done.error?.message}`);
}

export interface BenchServer extends E2EServer {
  /** Seconds from spawn to the first healthy answer. */
  startSeconds: number;
}

/**
 * The production server as `npm start` runs it (src/server/main.ts, embedded PostgreSQL, local
 * files, mail to files) in a fresh temporary DATA_DIR, on the server core, with the baseline route
 * on and the per-address limits off (every request comes from one address).
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const started = performance.now();
  const server = await startE2EServer({
    prefix: 'rental-bench-',
    ...(CPU ? { cpus: CPU.server } : {}),
    env: {
      BENCH_BASELINE: '1',
      RATE_LIMITS: 'off',
      ADMIN_API_TOKEN: BENCH_API_TOKEN,
      DATABASE_POOL_MAX: String(SERVER_POOL_MAX),
      LOG_LEVEL: 'warn',
      // e.g. "--import ./profile.mjs" (a module that starts node:inspector's profiler) to profile the server under load.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...env,
    },
  });
  return { ...server, startSeconds: (performance.now() - started) / 1000 };
}

/** Headers Node writes itself on every answer, and the request id, which B_hono makes per request. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id']);

export interface BareHono {
  baseURL: string;
  pid: number;
  /** The answer it repeats: its size and headers, for the report. */
  answer: BareAnswer;
  stop: () => void;
}

/**
 * B_hono, the bare-Hono reference (bare-hono.ts): a process of its own on the server's core, run by
 * Node with the server's own flags, answering every GET with the bytes and headers the server
 * answers `path` with (read from it now, `If-None-Match` absent) and a request id of its own.
 */
export async function startBareHono(server: BenchServer, path = '/api/cars', extraNodeFlags: string[] = []): Promise<BareHono> {
  const response = await fetch(`${server.baseURL}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_COPIED.has(name)) headers[name] = value;
  });
  const answer: BareAnswer = { status: response.status, headers, body: await response.text() };
  const nodeFlags = SERVER_NODE_ARGS.slice(0, SERVER_NODE_ARGS.indexOf('src/server/main.ts'));
  const child = fork(join(import.meta.dirname, 'bare-hono.ts'), [], { execArgv: [...nodeFlags, ...extraNodeFlags], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (CPU && child.pid) pin(child.pid, CPU.server);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`B_hono exited (${code})`)));
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.send(answer);
  });
  child.removeAllListeners('exit');
  return {
    baseURL: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    answer,
    stop: () => {
      if (child.connected) child.disconnect();
    },
  };
}

/** The load generator process (load.ts), pinned to the load core; one job at a time. */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private queue: Promise<unknown> = Promise.resolve();

  constructor() {
    this.child = fork(join(import.meta.dirname, 'load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    if (CPU && this.child.pid) pin(this.child.pid, CPU.load);
  }

  run(job: LoadJob): Promise<SliceResult> {
    const run = this.queue.then(
      () =>
        new Promise<SliceResult>((resolve, reject) => {
          const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
          this.child.once('exit', onExit);
          this.child.once('message', (answer: { ok: true; result: SliceResult } | { ok: false; error: string }) => {
            this.child.removeListener('exit', onExit);
            if (answer.ok) resolve(answer.result);
            else reject(new Error(answer.error));
          });
          this.child.send(job);
        }),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
  }
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Processor time used so far, in milliseconds, by the server's Node.js process and by its PostgreSQL. */
export interface CpuTimes {
  server: number;
  postgres: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime, stime, cutime, cstime and the parent's pid of a process, from /proc; null when it is gone. */
function procTimes(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [ppid, utime, stime, cutime, cstime] = [fields[1], fields[11], fields[12], fields[13], fields[14]].map(Number);
    return { own: (utime! + stime!) * TICK_MS, children: (cutime! + cstime!) * TICK_MS, ppid: ppid! };
  } catch {
    return null;
  }
}

/**
 * A meter of the processor time of a bench server started in `dataDir`: its PostgreSQL's
 * postmaster (pid in postmaster.pid) with every backend, live or exited (an exited backend's time
 * is added to the postmaster's children's time), and the postmaster's parent, the server. Linux
 * only; null elsewhere.
 */
export function cpuMeter(dataDir: string): (() => CpuTimes) | null {
  const pidFile = join(dataDir, 'postgres/postmaster.pid');
  if (!existsSync('/proc/self/stat') || !existsSync(pidFile)) return null;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const server = procTimes(postmaster)?.ppid;
  if (!server) return null;
  return () => {
    const main = procTimes(postmaster);
    let postgres = main ? main.own + main.children : 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const times = procTimes(Number(entry));
      if (times?.ppid === postmaster) postgres += times.own;
    }
    return { server: procTimes(server)?.own ?? 0, postgres };
  };
}

export interface Side {
  name: string;
  /** The job for round `round` (-1 is the warm-up). */
  job: (round: number) => LoadJob;
}

/**
 * Runs each side's warm-up, then `rounds` rounds in which every side runs one slice in turn, so
 * that whatever else the machine does in a moment weighs on both sides alike. Returns each side's
 * measured slices, round by round, and its warm-up.
 */
export async function alternate(
  load: LoadGenerator,
  sides: Side[],
  rounds: number,
  log: (line: string) => void,
  meter?: (() => CpuTimes) | null,
): Promise<{ slices: SliceResult[][]; warmups: SliceResult[] }> {
  const run = async (job: LoadJob): Promise<SliceResult> => {
    const before = meter?.();
    const result = await load.run(job);
    const after = meter?.();
    return before && after ? { ...result, cpu: { server: after.server - before.server, postgres: after.postgres - before.postgres } } : result;
  };
  const warmups: SliceResult[] = [];
  for (const side of sides) warmups.push(await run(side.job(-1)));
  const slices: SliceResult[][] = sides.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    const line: string[] = [];
    for (const [i, side] of sides.entries()) {
      const result = await run(side.job(round));
      slices[i]!.push(result);
      const failed = result.errors + result.non2xx;
      const busy = result.loadBusy === undefined ? '' : ` (load ${(result.loadBusy * 100).toFixed(0)}%)`;
      line.push(`${side.name} ${result.rps.toFixed(0)} req/s p99 ${result.p99.toFixed(1)} ms${busy}${failed ? ` FAILED ${failed} ${JSON.stringify(result.statuses)} ${JSON.stringify(result.samples ?? {})}` : ''}`);
    }
    log(`    round ${round + 1}/${rounds}: ${line.join(' | ')}`);
  }
  return { slices, warmups };
}

/** Median processor time per request of a side's slices: "2.9 ms Node.js + 2.0 ms PostgreSQL", or null without a meter. */
export function cpuPerRequest(slices: SliceResult[]): string | null {
  const measured = slices.filter((s) => s.cpu && s.requests);
  if (!measured.length) return null;
  const server = median(measured.map((s) => s.cpu!.server / s.requests));
  const postgres = median(measured.map((s) => s.cpu!.postgres / s.requests));
  return `${server.toFixed(2)} ms Node.js + ${postgres.toFixed(2)} ms PostgreSQL`;
}

/** The median over rounds of a per-round ratio between two sides' slices. */
export function medianRatio(a: SliceResult[], b: SliceResult[], value: (s: SliceResult) => number): number {
  return median(a.map((slice, i) => value(slice) / value(b[i]!)));
}

export const sum = (slices: SliceResult[], value: (s: SliceResult) => number): number => slices.reduce((total, s) => total + value(s), 0);

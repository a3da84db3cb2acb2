import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, rmdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_ARGS } from '../../../src/server/command';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_API_TOKEN } from './env';

const ROOT = resolve(import.meta.dirname, '../../..');
/** What `npm run build` makes: the browser app and the server's page renderer. */
const BUILD_OUTPUTS = [join(ROOT, 'dist/client/index.html'), join(ROOT, 'dist/server/entry-server.js')];
/** What the build is made from: any of these newer than an output means a rebuild. */
const CLIENT_SOURCES = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-precompress.ts', 'scripts/vite-messages.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function clientIsFresh(): boolean {
  if (!BUILD_OUTPUTS.every((output) => existsSync(output))) return false;
  const built = Math.min(...BUILD_OUTPUTS.map((output) => statSync(output).mtimeMs));
  return CLIENT_SOURCES.every((source) => newestMtime(join(ROOT, source)) <= built);
}

/**
 * Builds the front end as `npm run build` does, into dist/client and dist/server (what `npm start`
 * serves), when it is missing or older than its sources. A lock folder keeps two runs from
 * building at once, and old assets are kept (--emptyOutDir=false) so a server already running
 * from dist/client keeps its files.
 */
export async function ensureClientBuilt(): Promise<void> {
  if (clientIsFresh()) return;
  await mkdir(join(ROOT, 'dist'), { recursive: true });
  const lock = join(ROOT, 'dist/.e2e-build.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} is held for over two minutes; remove it if no build is running`);
      // Another process holds the lock and tells no one when it lets go: look again in half a second.
      await sleep(500);
    }
  }
  try {
    if (clientIsFresh()) return;
    for (const args of [[], ['--ssr']]) {
      const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--emptyOutDir=false', '--logLevel=error'], {
        cwd: ROOT,
        stdio: 'inherit',
        // The production build whatever the caller's mode: under Vitest (NODE_ENV=test) Vite would
        // build React's development JSX, which the production server cannot run.
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (build.status !== 0) throw new Error(`vite build ${args.join(' ')} failed (exit ${build.status ?? build.signal})`);
    }
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

/** A free TCP port on loopback, chosen by the operating system. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** The embedded database's address: its password is kept beside the cluster, its port in postmaster.pid. */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const { password } = JSON.parse(await readFile(join(dataDir, 'postgres-credentials.json'), 'utf8')) as { password: string };
  const port = (await readFile(join(dataDir, 'postgres/postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  if (!port) throw new Error('embedded PostgreSQL port not found in postmaster.pid');
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/rental`;
}

export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

export interface E2EServer {
  baseURL: string;
  dataDir: string;
  databaseUrl: string;
  logFile: string;
  /**
   * SIGTERM, then wait for the server (and so its embedded PostgreSQL) to stop. Resolves to a
   * problem found on the way (a non-zero exit, a database left running), or null for a clean stop.
   */
  stop: () => Promise<string | null>;
  /** Deletes the data folder (after stop). */
  removeData: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', () => done()));
}

export interface StartOptions {
  /** Settings added to (or replacing) the test settings below. */
  env?: Record<string, string>;
  /** CPUs the server runs on (`taskset -c`), e.g. "0"; its embedded PostgreSQL inherits them. */
  cpus?: string;
  /** Prefix of the temporary DATA_DIR's name. */
  prefix?: string;
}

/**
 * Starts the production entry point, `src/server/main.ts`, exactly as `npm start` does (built client
 * in dist/client, embedded PostgreSQL, local storage, mail to DATA_DIR/outbox), in a fresh
 * temporary DATA_DIR on a free loopback port, and waits until /api/health answers 200.
 */
export async function startE2EServer(options: StartOptions = {}): Promise<E2EServer> {
  const dataDir = await mkdtemp(join(tmpdir(), options.prefix ?? 'rental-e2e-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as its own user and must reach the folder
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The server must not pick up a developer's external services.
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_|S3_|SMTP_|MAIL_|GARAGE_|BUSINESS_|PUBLIC_URL$|TRUST_PROXY$)/.test(name)) delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    ADMIN_API_TOKEN: E2E_API_TOKEN,
    RATE_LIMITS: 'off',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    ...options.env,
  });

  const log = createWriteStream(logFile);
  // One process (node --import tsx), so SIGTERM reaches the server's own handler directly.
  // taskset execs node in its own place, so the pid (and SIGTERM) is still the server's.
  const command = SERVER_NODE_ARGS;
  const child = options.cpus
    ? spawn('taskset', ['-c', options.cpus, process.execPath, ...command], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, command, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const gone = exited(child);
  // Should the runner die without its teardown, the server still gets SIGTERM and stops its database.
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);

  let logClosed = false;
  const stop = async (): Promise<string | null> => {
    process.removeListener('exit', orphanGuard);
    let problem: string | null = null;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A time limit on the wait for the exit, not a pause; unreferenced, so it keeps no process alive.
      const stopped = await Promise.race([gone.then(() => true), sleep(20_000, false, { ref: false })]);
      if (!stopped) {
        problem = 'the server did not stop within 20 s of SIGTERM and was killed';
        child.kill('SIGKILL');
        await gone;
      }
    }
    if (!problem && child.exitCode !== 0) problem = `the server exited with ${child.exitCode ?? child.signalCode}`;
    if (await killLeftoverPostgres(dataDir)) problem ??= 'the server left its embedded PostgreSQL running';
    if (!logClosed) {
      logClosed = true;
      await new Promise<void>((done) => log.end(done));
    }
    return problem;
  };
  const removeData = () => rm(dataDir, { recursive: true, force: true });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const output = tail(logFile);
      await stop();
      await removeData();
      throw new Error(`the server exited while starting (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    const ok = await fetch(`${baseURL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      const output = tail(logFile);
      await stop();
      await removeData();
      throw new Error(`the server did not answer /api/health within two minutes:\n${output}`);
    }
    // The interval of this wait for /api/health; an exit is seen at the next look.
    await sleep(250);
  }

  return { baseURL, dataDir, databaseUrl: await embeddedDatabaseUrl(dataDir), logFile, stop, removeData };
}

/** If the server did not stop its PostgreSQL, stop it by the pid it wrote; true when it had to. */
async function killLeftoverPostgres(dataDir: string): Promise<boolean> {
  const pidFile = join(dataDir, 'postgres/postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!pid) return false;
  try {
    process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
  } catch {
    return false; // a stale pid file: not running
  }
  // PostgreSQL removes its pid file last when it stops; looked for every 100 ms, for at most 10 s.
  for (let i = 0; i < 100 && existsSync(pidFile); i += 1) await sleep(100);
  return true;
}

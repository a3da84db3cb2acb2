// The message catalogs first: modules below may read messages as they load.
import './i18n';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EnvError, parseEnv } from './env';
import { describeError, log, setLogLevel } from './logger';
import { startServer } from './server';

/** `npm start`: parse the settings, start everything, stop cleanly on SIGTERM/SIGINT. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  setLogLevel(env.LOG_LEVEL);
  const version = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string }).version;
  const running = await startServer(env, { clientDir: 'dist/client', version });

  process.stdout.write(`\n  Car rental site running at ${running.url}\n  API reference: ${running.url}/api/docs\n`);
  if (running.generatedPassword) {
    process.stdout.write(
      `\n  Owner sign-in at ${running.url}/admin (shown once; only the password's hash is stored):\n    e-mail:   ${running.ownerEmail}\n    password: ${running.generatedPassword}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n`,
    );
  }
  process.stdout.write('\n');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('server.stopping', { signal });
    const force = setTimeout(() => {
      log.error('server.stop.timeout', {});
      process.exit(1);
    }, 10_000);
    force.unref();
    running
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        log.error('server.stop.failed', describeError(error));
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  log.error('server.start.failed', describeError(error));
  process.exit(1);
});

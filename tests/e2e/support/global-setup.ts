import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { CHROMIUM_PATH, E2E_BUSINESS_CHANNELS } from './env';
import { ensureClientBuilt, startE2EServer, tail } from './server';

/**
 * Once per `playwright test` run: build the client if needed, start the real server on a free
 * port with a fresh DATA_DIR, and publish where it is (env.ts reads these in every worker). The
 * returned function is the teardown: it stops the server and its embedded PostgreSQL, keeps the
 * server's log as test-results/e2e-server.log and removes the data folder (E2E_KEEP_DATA=1 keeps it).
 */
export default async function globalSetup(config: FullConfig) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install Debian's (apt-get install chromium-headless-shell, or chromium) or set CHROMIUM_PATH. Playwright's own browsers are not used.`);
  }
  await ensureClientBuilt();
  const server = await startE2EServer({ env: E2E_BUSINESS_CHANNELS });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_DATABASE_URL = server.databaseUrl;

  return async () => {
    const problem = await server.stop();
    const outputDir = config.projects[0]?.outputDir ?? join(config.rootDir, 'test-results');
    await mkdir(outputDir, { recursive: true });
    const keptLog = join(outputDir, 'e2e-server.log');
    await copyFile(server.logFile, keptLog).catch(() => undefined);
    if (process.env.E2E_KEEP_DATA === '1') process.stdout.write(`\nE2E data kept in ${server.dataDir}\n`);
    else await server.removeData();
    // A server that does not shut down cleanly is a failure of the run, like a failing test.
    if (problem) throw new Error(`${problem} (log: ${keptLog}):\n${tail(keptLog)}`);
  };
}

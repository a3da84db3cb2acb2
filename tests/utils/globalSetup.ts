import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL without a database name, e.g. postgresql://u:p@127.0.0.1:5432 */
    pgServerUrl: string;
  }
}

/**
 * Starts one real PostgreSQL for the whole run: the embedded one in a temporary folder, or the
 * server named by TEST_DATABASE_URL (its database part is ignored; test databases are created).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '';
    project.provide('pgServerUrl', url.toString().replace(/\/$/, ''));
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'rental-test-pg-'));
  await chmod(dir, 0o755); // PostgreSQL runs as its own user and must reach the folder
  const db = await startEmbeddedPostgres(dir, { persistent: false });
  project.provide('pgServerUrl', db.url('').replace(/\/$/, ''));
  return async () => {
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * `npm run restore -- <backup folder>`: brings a backup made by `npm run backup` into an empty
 * site — a new DATA_DIR (embedded database and local objects), or the empty database of
 * DATABASE_URL and the empty bucket of S3_BUCKET — and checks every table and object against the
 * backup's manifest. Stop the server first; start it on the restored DATA_DIR afterwards.
 */
import { resolve } from 'node:path';
import { parseEnv } from '../src/server/env';
import { setLogLevel } from '../src/server/logger';
import { restore } from './backup-lib';

setLogLevel('warn');
const source = process.argv[2];
if (!source) {
  process.stderr.write('Usage: npm run restore -- <backup folder>\n');
  process.exit(2);
}
const env = parseEnv();
try {
  const manifest = await restore(env, resolve(source));
  const rows = Object.values(manifest.database.tables).reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Restored ${resolve(source)} (taken ${manifest.createdAt})\n  database: ${rows} rows in ${Object.keys(manifest.database.tables).length} tables, checked\n  objects: ${manifest.objects.count} files, ${manifest.objects.bytes} bytes, checked\n`,
  );
  process.exit(0);
} catch (error) {
  process.stderr.write(`Restore failed: ${(error as Error).message}\n`);
  process.exit(1);
}

/**
 * `npm run backup [-- <folder>]`: a dump of the database and a copy of every stored object into a
 * new dated folder under <folder> (default: BACKUP_DIR, else ./backups). Reads the same settings as
 * the server (DATA_DIR, DATABASE_URL, S3_*); safe while the site is running.
 */
import { resolve } from 'node:path';
import { parseEnv } from '../src/server/env';
import { setLogLevel } from '../src/server/logger';
import { backup, datedFolder, folderBytes } from './backup-lib';

setLogLevel('warn');
const env = parseEnv();
const root = resolve(process.argv[2] ?? process.env.BACKUP_DIR ?? 'backups');
const folder = datedFolder(root);
try {
  const manifest = await backup(env, folder);
  const rows = Object.values(manifest.database.tables).reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Backup written to ${folder}\n  database: ${rows} rows in ${Object.keys(manifest.database.tables).length} tables\n  objects: ${manifest.objects.count} files, ${manifest.objects.bytes} bytes (${manifest.objects.driver})\n  size on disk: ${await folderBytes(folder)} bytes\n`,
  );
  process.exit(0);
} catch (error) {
  process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
  process.exit(1);
}

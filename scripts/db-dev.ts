/**
 * Starts the embedded PostgreSQL of DATA_DIR (default .data) and prints its URL, for the MikroORM
 * CLI: `DATABASE_URL=<printed url> npm run db:migration:create`. Ctrl+C stops it.
 */
import { startEmbeddedPostgres } from '../src/server/db/embedded';

const dataDir = process.env.DATA_DIR ?? '.data';
const db = await startEmbeddedPostgres(dataDir);
process.stdout.write(`${db.url('rental')}\n`);
const stop = () => void db.stop().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);

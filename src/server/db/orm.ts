import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { log } from '../logger';
import { ormConfig, type DatabaseLimits } from './config';
import { FleetSeeder } from './seeders/FleetSeeder';

/** Creates the database named in `url` when it does not exist yet (embedded and fresh servers). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      log.info('database.created', { name });
    }
  } catch (error) {
    // Without rights on the maintenance database the target may still exist: let the ORM try.
    log.debug('database.ensure.skipped', { message: (error as Error).message });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens the one ORM of the process, brings the schema up to date with the committed migrations,
 * and seeds the fleet into an empty database.
 */
export async function openOrm(url: string, poolMax?: number, limits?: DatabaseLimits): Promise<MikroORM> {
  await ensureDatabase(url);
  await migrate(url);
  const orm = await MikroORM.init(ormConfig(url, poolMax, limits));
  await orm.getSeeder().seed(FleetSeeder);
  return orm;
}

/**
 * Runs the committed migrations through an ORM of their own, with one connection and without the
 * statement time limit of the serving pool: building an index over a large table may take longer
 * than any request may.
 */
async function migrate(url: string): Promise<void> {
  const orm = await MikroORM.init(ormConfig(url, 1));
  try {
    const applied = await orm.getMigrator().up();
    if (applied.length) log.info('database.migrated', { migrations: applied.map((m) => m.name) });
  } finally {
    await orm.close();
  }
}

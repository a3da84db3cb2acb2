import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { entities } from './entities';
import { migrationsList } from './migrations';

/** How long a request may wait for the database: for one statement, and for a free connection. */
export interface DatabaseLimits {
  statementTimeoutMs: number;
  poolTimeoutMs: number;
}

/**
 * The one ORM configuration, used by the server, the tests and the CLI (mikro-orm.config.ts).
 * Entities and migrations are listed explicitly so nothing depends on file globbing at run time.
 * See https://mikro-orm.io/docs/configuration.
 *
 * With `limits`, PostgreSQL cancels any statement that runs (or waits on a lock) longer than the
 * statement limit, and a request that finds every connection busy for longer than the pool limit
 * gives up: both answer 503 with Retry-After (src/server/errors.ts) instead of holding a
 * connection, or a visitor, for a minute. `statement_timeout` is a startup parameter of each `pg`
 * connection (https://node-postgres.com/apis/client); the pool's wait is knex's `acquireTimeoutMillis`.
 */
export function ormConfig(clientUrl: string, poolMax = 10, limits?: DatabaseLimits) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator, SeedManager],
    forceUtcTimezone: true,
    // Request-scoped forks only: using the global EntityManager is a bug we want to hear about.
    allowGlobalContext: false,
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000, ...(limits ? { acquireTimeoutMillis: limits.poolTimeoutMs } : {}) },
    driverOptions: {
      connection: {
        connectionTimeoutMillis: 5_000,
        ...(limits ? { statement_timeout: limits.statementTimeoutMs, idle_in_transaction_session_timeout: limits.statementTimeoutMs } : {}),
      },
    },
    debug: false,
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: 'src/server/db/migrations',
      pathTs: 'src/server/db/migrations',
      migrationsList,
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
      snapshot: false,
      silent: true,
      fileName: (timestamp: string, name?: string) => `Migration${timestamp}${name ? `_${name}` : ''}`,
    },
    seeder: { path: 'src/server/db/seeders', pathTs: 'src/server/db/seeders' },
  });
}

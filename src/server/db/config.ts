import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { entities } from './entities';
import { migrationsList } from './migrations';

/**
 * The one ORM configuration, used by the server, the tests and the CLI (mikro-orm.config.ts).
 * Entities and migrations are listed explicitly so nothing depends on file globbing at run time.
 * See https://mikro-orm.io/docs/configuration.
 */
export function ormConfig(clientUrl: string, poolMax = 10) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator, SeedManager],
    forceUtcTimezone: true,
    // Request-scoped forks only: using the global EntityManager is a bug we want to hear about.
    allowGlobalContext: false,
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    driverOptions: { connection: { connectionTimeoutMillis: 5_000 } },
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

import { defineConfig } from 'vitest/config';

/**
 * Unit, integration and REST tiers. One embedded PostgreSQL serves the run (tests/utils/globalSetup.ts);
 * each test file gets its own fresh database, migrated and seeded by the production code.
 */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/integration/**/*.test.ts', 'tests/rest/**/*.test.ts'],
    globalSetup: ['tests/utils/globalSetup.ts'],
    // fast-check: a random seed per test file (FC_SEED to replay one), printed with any failure;
    // the message catalogs, as the server loads them.
    setupFiles: ['tests/utils/fastCheckSetup.ts', 'src/server/i18n.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    environment: 'node',
  },
});

import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: the real server as its own process under load, SIGTERM and a
 * PostgreSQL outage (tests/reliability). Long-running, so kept out of `npm test`; `.ci/run` runs it.
 * LOAD_SECONDS (default 60) sets the length of the mixed load.
 */
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    environment: 'node',
  },
});

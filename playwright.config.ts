import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/env';

/**
 * End-to-end tier: Playwright drives Debian's Chromium (never a downloaded browser) against the
 * real production server, which tests/e2e/support/global-setup.ts builds and starts once per run
 * in a fresh DATA_DIR. Specs import `test`, `expect` and the helpers from tests/e2e/support.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Three on two cores (the server and its database share them too): each test's browser waits on
  // the server much of the time, and a third worker fills it: 5.4 against 6.1-6.7 minutes.
  workers: 3,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list', { printSteps: false }]] : [['list']],
  use: {
    // Set by the global setup before the workers start.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: 'en-PH',
    timezoneId: 'Asia/Manila',
    screenshot: 'only-on-failure',
    // A trace records the page all along (a screencast, and a snapshot at every action): kept for
    // every test, even to be thrown away, it cost the run a third of its processor time. So only a
    // retried test records one (CI retries once); to trace a failing test here, run it with
    // `--trace on`.
    trace: 'on-first-retry',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
});

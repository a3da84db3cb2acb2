import { existsSync } from 'node:fs';

/**
 * What every e2e spec may need to know about the server under test. The global setup
 * (global-setup.ts) starts the real server once per run and publishes its address, data folder and
 * database address through these environment variables; Playwright's workers inherit them.
 */

/** The main owner's e-mail address and password the server under test was started with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const E2E_ADMIN_EMAIL = 'owner@e2e.example';
export const E2E_ADMIN_PASSWORD = 'e2e staff passphrase 7d1c';

/** The integrators' bearer token the server under test was started with (ADMIN_API_TOKEN). */
export const E2E_API_TOKEN = 'e2e-api-token-5b0f2c9e8a7d41c3';

/** Debian's full browser (`apt-get install chromium`): what Lighthouse measures pages in. */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the end-to-end tests and the scripts drive, Debian's Chromium and never a downloaded
 * one: its headless build (`apt-get install chromium-headless-shell`, the same engine without the
 * desktop browser around it, the kind Playwright itself runs headless tests in) when it is
 * installed (about half the processor time a page), else the full `chromium`. CHROMIUM_PATH
 * overrides both.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

function published(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e specs through \`npx playwright test\`, whose global setup starts the server`);
  return value;
}

/** The server's address, e.g. http://127.0.0.1:41234 (also Playwright's `baseURL`). */
export const baseURL = (): string => published('E2E_BASE_URL');

/** The server's DATA_DIR: a fresh temporary folder for this run (objects, outbox, embedded PostgreSQL). */
export const dataDir = (): string => published('E2E_DATA_DIR');

/** Where the server writes outgoing mail as .eml files (no SMTP_URL in e2e runs). */
export const outboxDir = (): string => `${dataDir()}/outbox`;

/** postgresql:// address of the server's own (embedded) database `rental`. */
export const databaseUrl = (): string => published('E2E_DATABASE_URL');

/** The garage's chat channels, e-wallets and Facebook page as the e2e server has them (README, "Channels"). */
export const E2E_BUSINESS_CHANNELS = {
  BUSINESS_FACEBOOK_URL: 'https://www.facebook.com/hundredislandscarrental',
  BUSINESS_MESSENGER_URL: 'https://m.me/hundredislandscarrental',
  BUSINESS_VIBER_NUMBER: '+63 917 845 2301',
  BUSINESS_GCASH_NAME: 'Hundred Islands Car Rental',
  BUSINESS_GCASH_NUMBER: '0917 845 2301',
  BUSINESS_MAYA_NAME: 'Hundred Islands Car Rental',
  BUSINESS_MAYA_NUMBER: '0998 532 1140',
} as const;

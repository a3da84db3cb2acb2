/**
 * The e2e harness. Specs import everything from here:
 *
 *   import { test, expect, query, waitForMail, pngFile, signInAsStaff } from './support';
 *
 *   test('…', async ({ page, checkA11y }) => {
 *     await page.goto('/booking');                       // baseURL is the server under test
 *     await page.getByLabel('Photo ID #1').setInputFiles(pngFile());
 *     const rows = await query('select status from booking where id = $1', [id]);
 *     const mail = await waitForMail((m) => m.subject.includes('Booking'));
 *     await checkA11y();
 *   });
 *
 * One server serves the whole run (both workers, every spec), so data made by one test is seen by
 * the others: give what you create unique names, and never expect a table to be empty.
 *
 * Specs read the site's copy and messages (src/shared/messages, src/client/content) as the pages
 * show them: the catalogs are loaded here as the server loads them, English unless a spec asks.
 */
import '../../../src/server/i18n';

export { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_API_TOKEN, baseURL, dataDir, databaseUrl, outboxDir } from './env';
export { test, expect, clippedText, expectApart, expectTextWhole, expectFocusWithin, expectHydrated, linesOf, snap, type AxeCheckOptions, type E2EFixtures } from './fixtures';
export { query } from './db';
export { readOutbox, waitForMail, parseEml, manageLinkIn, type OutboxMail } from './mail';
export { pngFile, pdfFile, largeFile, largePhotoFile, fakeImageFile, vastPictureFile, type FilePayload } from './files';
export { signInAs, signInAsStaff, staffHeaders } from './staff';

import { readFile } from 'node:fs/promises';
import dayjs from 'dayjs';
import { addDays, todayInManila } from '../../src/shared/dates';
import { expect, query, test } from './support';
import { bookThroughPublicSite, choose, notice, openDashboard, pickDate, uniqueRenter } from './admin-helpers';

const SEARCH = 'Search by name, e-mail or phone';

test('staff add a customer with a first booking, edit them, and export the CSV', async ({ page }) => {
  const renter = uniqueRenter('Walkin');
  const [car] = await query<{ id: string; name: string }>("select id, name from car where available and name not like 'E2E %' order by random() limit 1");
  await openDashboard(page, 'customers');
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('Full name').fill(renter.fullName);
  await dialog.getByLabel('E-mail').fill(renter.email);
  await dialog.getByLabel('Phone').fill(renter.phone);
  await dialog.getByLabel("Driver's license number").fill('N02-11-223344');

  // A car without dates or total is not silently dropped.
  await choose(page, dialog.getByRole('combobox', { name: 'Car' }), new RegExp(`^${car!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(dialog.getByText('Fill in the car, both dates and the total, or choose "No booking".').first()).toBeVisible();
  expect(await query('select id from customer where email = $1', [renter.email])).toEqual([]);

  const pickup = addDays(todayInManila(), 40 + Math.floor(Math.random() * 280));
  await pickDate(page, dialog.getByLabel('Pick-up date'), pickup);
  await pickDate(page, dialog.getByLabel('Return date'), addDays(pickup, 2));
  await dialog.getByLabel('Total amount (₱)').fill('5200');
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(notice(page, `Customer and initial booking (${car!.name}) added successfully!`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: SEARCH }).fill(renter.email);
  const card = page.getByRole('article', { name: renter.fullName });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('history-entry')).toHaveCount(1);
  await expect(card.getByTestId('history-entry')).toContainText(car!.name);
  await expect(card.getByTestId('history-reference')).toHaveText(/^HI-[0-9A-Z]{6}$/);
  await expect(card.getByTestId('history-entry').getByTestId('status-badge')).toHaveText('Confirmed');
  await expect(card.getByTestId('total')).toHaveText('₱5,200');
  await expect(card.getByTestId('paid')).toHaveText('₱0');
  await expect(card.getByTestId('pending')).toHaveText('₱5,200');
  await expect(card.getByTestId('history-entry').getByTestId('payment-state')).toContainText('Not Paid');

  // Edit.
  await card.getByRole('button', { name: `Edit ${renter.fullName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(edit.getByLabel('E-mail')).toHaveValue(renter.email);
  await edit.getByLabel('Phone').fill('0998 765 4321');
  await edit.getByLabel('Address').fill('Poblacion, Alaminos City');
  const expiry = addDays(todayInManila(), 60);
  await pickDate(page, edit.getByLabel('License expiry'), expiry);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Customer updated successfully!')).toBeVisible();
  await expect(card).toContainText('0998 765 4321');
  await expect(card).toContainText('Poblacion, Alaminos City');
  await expect(card).toContainText(`License: N02-11-223344 (expires ${dayjs(expiry).format('MMM D, YYYY')})`);

  // Export.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`customers-${todayInManila()}.csv`);
  await expect(notice(page, 'Export Complete')).toBeVisible();
  const bytes = await readFile((await download.path())!);
  // The byte order mark that makes Excel read the file as UTF-8 survives the download.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Name,Email,Phone,License,Total Bookings,Total Spent,Registration Date,Booking History');
  const row = lines.find((line) => line.includes(renter.email));
  expect(row).toBeDefined();
  // Total Spent is what was paid: nothing yet on the ₱5,200 booking.
  expect(row).toContain(`${renter.fullName},${renter.email},0998 765 4321,N02-11-223344,1,0.00,`);
  expect(row).toContain(`${car!.name} (${pickup} to ${addDays(pickup, 2)}, confirmed, 5200.00)`);
});

test('a customer’s documents open in a new tab for staff only; a blocked pop-up shows the address', async ({ page, browser }) => {
  const renter = uniqueRenter('Documents');
  const booking = await bookThroughPublicSite(page.request, renter);
  await openDashboard(page, 'customers');
  await page.getByRole('searchbox', { name: SEARCH }).fill(renter.email);
  const card = page.getByRole('article', { name: renter.fullName });
  await expect(card).toBeVisible();

  const opening = page.waitForEvent('popup');
  await card.getByRole('button', { name: `View Photo ID #1 of ${renter.fullName}` }).click();
  const popup = await opening;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe(booking.documents.photoId1Url);
  const viaSession = await page.request.get(booking.documents.photoId1Url);
  expect(viaSession.status()).toBe(200);
  expect(viaSession.headers()['content-type']).toBe('image/png');
  const stranger = await browser.newContext();
  expect((await stranger.request.get(`${new URL(page.url()).origin}${booking.documents.photoId1Url}`)).status()).toBe(401);
  await stranger.close();

  await page.evaluate(() => {
    window.open = () => null;
  });
  await card.getByRole('button', { name: `View Proof of Billing of ${renter.fullName}` }).click();
  const blocked = page.getByRole('dialog', { name: 'Pop-up blocked' });
  await expect(blocked).toContainText('Your browser blocked the new tab. Please allow pop-ups for this site, or copy this address:');
  await expect(blocked.getByTestId('document-url')).toHaveText(new URL(booking.documents.proofOfBillingUrl, page.url()).toString());
});

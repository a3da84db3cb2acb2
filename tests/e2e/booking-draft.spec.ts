import type { Locator, Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { formatPeso } from '../../src/shared/money';
import { computePrice } from '../../src/shared/pricing';
import { test, expect, pdfFile, pngFile, query, staffHeaders, type FilePayload } from './support';
import { chooseDates, fillRenter, freeDates, newCarViaApi, newRenter } from './support/booking';
import { choose } from './admin-helpers';

const DOCUMENTS: Array<[label: string, file: FilePayload]> = [
  ['Photo ID #1', pngFile('license.png')],
  ['Photo ID #2', pngFile('umid.png')],
  ['Proof of Billing', pdfFile('meralco-bill.pdf')],
];

/** Uploads a document in its slot and waits until the slot says so; answers the object key the upload wrote. */
async function uploadIn(page: Page, form: Locator, label: string, file: FilePayload): Promise<string> {
  const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/objects/upload/'));
  await form.getByLabel(label, { exact: true }).setInputFiles(file);
  const key = decodeURIComponent(new URL((await put).url()).pathname.replace('/objects/upload/', ''));
  await expect(slot(form, label)).toHaveAttribute('data-state', 'uploaded');
  return key;
}

function slot(form: Locator, label: string): Locator {
  return form.locator('.document-slot').filter({ has: form.page().getByText(label, { exact: true }) });
}

/** What the browser's storage holds for the site: the tab's (sessionStorage) and what outlives it (localStorage). */
async function storage(page: Page): Promise<{ session: string; local: string }> {
  return page.evaluate(() => ({ session: JSON.stringify({ ...sessionStorage }), local: JSON.stringify({ ...localStorage }) }));
}

test.describe('the booking form keeps its draft in the tab', () => {
  test('after a reload the details, dates, options and uploaded documents are back, the terms are not ticked, and the booking made leaves an empty form', async ({ page, request }) => {
    test.slow();
    const car = await newCarViaApi(request, staffHeaders(), { dailyRate: '2100' });
    const { pickup, ret } = await freeDates(request, car.id, 3);
    const renter = newRenter('Liza');
    const expected = computePrice({ dailyRate: car.dailyRate, pickupDate: pickup, returnDate: ret, driverService: 'within_pangasinan', deliveryArea: 'bolinao' });

    // Chosen on the home page, as most renters do.
    await page.goto('/');
    await page.getByTestId('car-card').filter({ hasText: car.name }).getByRole('button', { name: 'Select This Car' }).click();
    const form = page.getByTestId('booking-form');
    await fillRenter(form, renter);
    await form.getByLabel("Driver's license number (optional)").fill('N01-23-456789');
    await chooseDates(page, pickup, ret);
    await choose(page, form.getByRole('combobox', { name: 'Pick-up time' }), '10:00 AM');
    await form.getByRole('radio', { name: 'With Driver - Within Pangasinan' }).check();
    await form.getByLabel('Deliver the car to my address').check();
    await choose(page, form.getByRole('combobox', { name: 'Delivery area' }), /^Bolinao/);
    await form.getByLabel('Delivery address').fill('12 Rizal Street, Barangay Germinal, Bolinao');
    for (const [label, file] of DOCUMENTS) await uploadIn(page, form, label, file);
    await form.getByLabel(/I have read and accept the rental terms/).check();

    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.reload();

    await expect(page.locator('#booking').getByTestId('selected-car')).toContainText(car.name);
    await expect(form.getByLabel('Full name')).toHaveValue(renter.fullName);
    await expect(form.getByLabel('E-mail')).toHaveValue(renter.email);
    await expect(form.getByLabel('Mobile number')).toHaveValue(renter.phone);
    await expect(form.getByLabel("Driver's license number (optional)")).toHaveValue('N01-23-456789');
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(form.getByTestId('summary-return')).toHaveText(formatLongDate(ret));
    await expect(form.getByRole('combobox', { name: 'Pick-up time' })).toHaveValue('10:00 AM');
    await expect(form.getByRole('radio', { name: 'With Driver - Within Pangasinan' })).toBeChecked();
    await expect(form.getByLabel('Deliver the car to my address')).toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Delivery area' })).toHaveValue(/^Bolinao/);
    await expect(form.getByLabel('Delivery address')).toHaveValue('12 Rizal Street, Barangay Germinal, Bolinao');
    await expect(form.getByTestId('price-summary-total')).toHaveText(formatPeso(expected.total));
    for (const [label, file] of DOCUMENTS) {
      await expect(slot(form, label)).toHaveAttribute('data-state', 'uploaded');
      await expect(slot(form, label)).toContainText(file.name);
    }
    await expect(form.getByLabel(/I have read and accept the rental terms/)).not.toBeChecked();
    expect(problems, 'the restored page hydrates without a mismatch').toEqual([]);
    const kept = await storage(page);
    expect(kept.session).toContain(renter.email);
    expect(kept.local, 'nothing of the renter in storage that outlives the tab').not.toContain(renter.email);
    expect(kept.session).not.toMatch(/acceptTerms|total/);

    // Ticked again, knowingly. While the sections below the form hydrate after the reload, their
    // layout can move under a click; the tick is tried until it holds.
    await expect(async () => {
      await form.getByLabel(/I have read and accept the rental terms/).check({ timeout: 2_000 });
    }).toPass({ timeout: 10_000 });
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    const receipt = page.getByRole('dialog', { name: 'Booking Receipt' });
    await expect(receipt.getByTestId('receipt-price-total')).toHaveText(formatPeso(expected.total));
    const [stored] = await query<{ photo_id1_url: string }>('select b.photo_id1_url from booking b join customer c on c.id = b.customer_id where c.email = $1', [renter.email]);
    expect(stored?.photo_id1_url).toMatch(/^\/objects\/private\//);
    expect((await storage(page)).session).not.toContain(renter.email);

    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForLoadState('load');
    await page.reload();
    const after = page.getByTestId('booking-form');
    if (await after.count()) {
      await expect(after.getByLabel('Full name')).toHaveValue('');
      await expect(after.locator('.document-slot[data-state="uploaded"]')).toHaveCount(0);
    }
    expect((await storage(page)).session).not.toContain(renter.email);
  });

  test('Back and Forward bring the form back as it was left', async ({ page, request }) => {
    const car = await newCarViaApi(request, staffHeaders());
    const { pickup, ret } = await freeDates(request, car.id, 2);
    const renter = newRenter('Nestor');
    await page.goto(`/booking?car=${car.id}`);
    const form = page.getByTestId('booking-form');
    await fillRenter(form, renter);
    await chooseDates(page, pickup, ret);
    await form.getByRole('radio', { name: 'With Driver - Within Pangasinan' }).check();
    await uploadIn(page, form, 'Photo ID #1', pngFile('license.png'));

    await page.getByRole('link', { name: 'Find my booking' }).first().click();
    await expect(page).toHaveURL(/\/find-booking/);
    await page.goBack();
    await expect(form.getByLabel('Full name')).toHaveValue(renter.fullName);
    await page.goForward();
    await expect(page).toHaveURL(/\/find-booking/);
    await page.goBack();
    await expect(form.getByLabel('Full name')).toHaveValue(renter.fullName);
    await expect(form.getByTestId('summary-return')).toHaveText(formatLongDate(ret));
    await expect(form.getByRole('radio', { name: 'With Driver - Within Pangasinan' })).toBeChecked();
    await expect(slot(form, 'Photo ID #1')).toHaveAttribute('data-state', 'uploaded');

    // Back past the site and Forward again: the page is loaded anew.
    await page.goto('about:blank');
    await page.goBack();
    await expect(form.getByLabel('E-mail')).toHaveValue(renter.email);
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(slot(form, 'Photo ID #1')).toContainText('license.png');
    await expect(slot(form, 'Photo ID #2')).toHaveAttribute('data-state', 'empty');
  });

  test('the renter’s details and documents follow them to another car, but one car’s dates and options stay with it', async ({ page, request }) => {
    const first = await newCarViaApi(request, staffHeaders());
    const second = await newCarViaApi(request, staffHeaders());
    const { pickup, ret } = await freeDates(request, first.id, 2);
    const renter = newRenter('Carmela');
    await page.goto(`/booking?car=${first.id}`);
    const form = page.getByTestId('booking-form');
    await fillRenter(form, renter);
    await chooseDates(page, pickup, ret);
    await form.getByLabel('Deliver the car to my address').check();
    await form.getByLabel('Delivery address').fill('Poblacion, Alaminos');
    await uploadIn(page, form, 'Photo ID #1', pngFile('license.png'));

    await page.goto(`/booking?car=${second.id}`);
    await expect(form).toHaveAttribute('aria-label', new RegExp(second.name));
    await expect(form.getByLabel('Full name')).toHaveValue(renter.fullName);
    await expect(slot(form, 'Photo ID #1')).toHaveAttribute('data-state', 'uploaded');
    await expect(form.getByTestId('summary-pickup')).toHaveText('Not selected');
    await expect(form.getByLabel('Deliver the car to my address')).not.toBeChecked();
    await expect(form.getByTestId('price-empty')).toBeVisible();

    await page.goto(`/booking?car=${first.id}`);
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(form.getByLabel('Delivery address')).toHaveValue('Poblacion, Alaminos');
  });

  test('a document whose upload has expired since is named in its slot, to be uploaded again', async ({ page, request }) => {
    test.slow();
    const car = await newCarViaApi(request, staffHeaders());
    const { pickup, ret } = await freeDates(request, car.id, 2);
    const renter = newRenter('Ramon');
    await page.goto(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    const form = page.getByTestId('booking-form');
    await fillRenter(form, renter);
    const keys: string[] = [];
    for (const [label, file] of DOCUMENTS) keys.push(await uploadIn(page, form, label, file));
    await page.reload();
    await expect(slot(form, 'Photo ID #2')).toHaveAttribute('data-state', 'uploaded');

    // A day later the clean-up has removed the upload no booking took.
    await query('delete from upload where object_key = $1', [keys[1]]);
    await form.getByLabel(/I have read and accept the rental terms/).check();
    await form.getByRole('button', { name: 'Confirm Booking' }).click();

    const stale = slot(form, 'Photo ID #2');
    await expect(stale.getByTestId('document-error')).toHaveText(messages.errors.uploadNotFound);
    await expect(stale).toHaveAttribute('data-state', 'empty');
    await expect(page.getByRole('alert').filter({ hasText: 'Photo ID #2' })).toBeVisible();
    for (const label of ['Photo ID #1', 'Proof of Billing']) await expect(slot(form, label)).toHaveAttribute('data-state', 'uploaded');

    await uploadIn(page, form, 'Photo ID #2', pngFile('passport.png'));
    await expect(stale.getByTestId('document-error')).toHaveCount(0);
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('dialog', { name: 'Booking Receipt' })).toBeVisible();
  });

  test('the same file chosen for a second document after a reload is named in that slot, to be chosen again', async ({ page, request }) => {
    test.slow();
    const car = await newCarViaApi(request, staffHeaders());
    const { pickup, ret } = await freeDates(request, car.id, 2);
    await page.goto(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    const form = page.getByTestId('booking-form');
    await fillRenter(form, newRenter('Dolores'));
    const license = pngFile('license.png');
    await uploadIn(page, form, 'Photo ID #1', license);
    await uploadIn(page, form, 'Proof of Billing', pdfFile('meralco-bill.pdf'));
    await page.reload();
    await expect(slot(form, 'Photo ID #1')).toHaveAttribute('data-state', 'uploaded');

    // The browser no longer has the first file's bytes to compare with: the server finds the twin.
    await uploadIn(page, form, 'Photo ID #2', license);
    await form.getByLabel(/I have read and accept the rental terms/).check();
    await form.getByRole('button', { name: 'Confirm Booking' }).click();

    const twin = slot(form, 'Photo ID #2');
    await expect(twin.getByTestId('document-error')).toHaveText(messages.errors.sameDocumentTwice);
    await expect(twin).toHaveAttribute('data-state', 'empty');
    await expect(page.getByRole('alert').filter({ hasText: `Photo ID #2: ${messages.errors.sameDocumentTwice}` })).toBeVisible();
    // Where the renter's eyes and keys are: on that slot, ready to choose another file.
    await expect(twin.getByRole('button', { name: 'Upload Photo ID #2' })).toBeFocused();
    await expect(twin).toBeInViewport();
    await expect(slot(form, 'Photo ID #1')).toHaveAttribute('data-state', 'uploaded');

    await uploadIn(page, form, 'Photo ID #2', pngFile('umid.png'));
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('dialog', { name: 'Booking Receipt' })).toBeVisible();
  });
});

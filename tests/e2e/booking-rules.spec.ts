import { randomUUID } from 'node:crypto';
import { addDays, formatLongDate, todayInManila } from '../../src/shared/dates';
import { test, expect, fakeImageFile, largeFile, pngFile, query, staffHeaders } from './support';
import { carByName, chooseDates, freeDates, newRenter } from './support/booking';

const CAR = 'Mitsubishi Xpander GLS';

async function openForm(page: import('@playwright/test').Page, request: import('@playwright/test').APIRequestContext) {
  const car = await carByName(request, CAR);
  await page.goto(`/booking?car=${car.id}`);
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible();
  return { car, form };
}

test.describe('the booking form refuses what it must', () => {
  test('every missing or invalid field shows its own message, and nothing is stored', async ({ page, request }) => {
    const { car, form } = await openForm(page, request);
    const renter = newRenter('Lorna');
    const submit = form.getByRole('button', { name: 'Confirm Booking' });

    await submit.click();
    await expect(form.getByText('Full name is required')).toBeVisible();
    await expect(form.getByText('Valid email is required')).toBeVisible();
    await expect(form.getByText('Valid phone number is required')).toBeVisible();
    await expect(form.getByTestId('calendar-message')).toHaveText('Pick-up date is required');
    await expect(form.getByText('You must accept the terms and conditions')).toBeVisible();
    await expect(form.getByTestId('documents-error')).toHaveText('Please upload both Photo IDs and Proof of Billing before submitting your booking.');
    // The first wrong field takes the focus, so a keyboard or screen-reader user lands on it.
    await expect(form.getByLabel('Full name')).toBeFocused();

    await form.getByLabel('Full name').fill(renter.fullName);
    await form.getByLabel('E-mail').fill('lorna@');
    await form.getByLabel('Mobile number').fill('0917 12');
    await submit.click();
    await expect(form.getByText('Full name is required')).toHaveCount(0);
    await expect(form.getByText('Valid email is required')).toBeVisible();
    await expect(form.getByText('Valid phone number is required')).toBeVisible();

    await form.getByLabel('E-mail').fill(renter.email);
    await form.getByLabel('Mobile number').fill(renter.phone);
    const { pickup, ret } = await freeDates(request, car.id, 2);
    await chooseDates(page, pickup, ret);
    await form.getByLabel(/I have read and accept/).check();
    await form.getByLabel('Deliver the car to my address').check();
    await submit.click();
    await expect(form.getByText('Choose a delivery area')).toBeVisible();
    await expect(form.getByText('Delivery address is required when delivery is wanted')).toBeVisible();

    // Everything right but the documents: the spec's notice, and no request reaches the server.
    await form.getByLabel('Deliver the car to my address').uncheck();
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Documents Required' })).toContainText('Please upload both Photo IDs and Proof of Billing before submitting your booking.');
    await form.getByLabel(/I have read and accept/).uncheck();
    await submit.click();
    await expect(form.getByText('You must accept the terms and conditions')).toBeVisible();

    expect(await query('select 1 from customer where email = $1', [renter.email])).toHaveLength(0);
  });

  test('a blocked name shows the alert and the blocked label, and cannot book', async ({ page, request }) => {
    const tag = randomUUID().slice(0, 6);
    const blocked = await request.post('/api/admin/blocked-names', { headers: staffHeaders(), data: { fullName: `Ramon Villanueva ${tag}`, reason: 'Unpaid damage' } });
    expect(blocked.status(), await blocked.text()).toBe(201);

    const { form } = await openForm(page, request);
    // Case, spacing and accents do not matter.
    await form.getByLabel('Full name').fill(`  RAMÓN   villanueva ${tag} `);
    await expect(form.getByTestId('blocked-alert')).toHaveText('Your name is blocked. Do you think this is a mistake? Please contact us.');
    const submit = form.getByTestId('booking-submit');
    await expect(submit).toHaveText('Booking Blocked - Contact Us');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Booking Not Allowed' })).toBeVisible();
    expect(await query('select 1 from customer where full_name ilike $1', [`%${tag}%`])).toHaveLength(0);

    await form.getByLabel('Full name').fill(`Ramona Villanueva ${tag}`);
    await expect(form.getByTestId('blocked-alert')).toHaveCount(0);
    await expect(submit).toHaveText('Confirm Booking');
  });

  test('a file of the wrong kind or over 5 MB is refused with a notice and not kept', async ({ page, request }) => {
    const { form } = await openForm(page, request);
    const slot = form.locator('[data-field=photoId1Url]');

    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert').filter({ hasText: 'Documents must be JPG, PNG or PDF files' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-state', 'empty');

    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(largeFile());
    await expect(page.getByRole('alert').filter({ hasText: 'Documents must be at most 5 MB' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-state', 'empty');

    // Named and typed as a PNG, but its bytes are HTML: the server reads them and refuses.
    const before = await query<{ n: string }>('select count(*)::text as n from upload where verified_type is not null');
    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(fakeImageFile());
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to upload image' })).toContainText('Documents must be JPG, PNG or PDF files');
    await expect(slot).toHaveAttribute('data-state', 'empty');
    expect(await query<{ n: string }>('select count(*)::text as n from upload where verified_type is not null')).toEqual(before);

    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(pngFile());
    await expect(page.getByRole('alert').filter({ hasText: 'Photo ID #1 Uploaded' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-state', 'uploaded');
  });
});

test.describe('/booking', () => {
  test('asks for a car first, then lists the fleet, highlights the chosen car and shows its form', async ({ page }) => {
    await page.goto('/booking');
    await expect(page.getByTestId('no-car-selected')).toContainText('Please select a car to continue with booking');
    const options = page.getByTestId('vehicle-option');
    await expect(options.nth(19)).toBeVisible();
    await expect(options.filter({ hasText: 'Nissan Navara VL' })).toBeDisabled();

    await options.filter({ hasText: CAR }).click();
    await expect(options.filter({ hasText: CAR })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/booking\?car=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('selected-car')).toContainText(CAR);
    await expect(page.getByTestId('booking-form')).toBeVisible();

    await options.filter({ hasText: 'Toyota Avanza 1.5 G' }).click();
    await expect(options.filter({ hasText: CAR })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('selected-car')).toContainText('Toyota Avanza 1.5 G');
  });

  test('dates can be chosen with the keyboard alone', async ({ page, request }) => {
    await openForm(page, request);
    const today = todayInManila();
    const calendar = page.getByTestId('rental-calendar');
    const tabStop = calendar.locator('button[tabindex="0"]');
    await expect(tabStop).toHaveAttribute('data-date', today);
    await tabStop.focus();
    // A week on, back five days, then pick up; two days on, then return.
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(addDays(today, 2)));
    await expect(page.getByTestId('summary-return')).toHaveText(formatLongDate(addDays(today, 4)));
  });
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BUSINESS, telHref } from '../../src/shared/business';
import { addDays, formatDate, formatLongDate, rangesOverlap, todayInManila } from '../../src/shared/dates';
import { test, expect, dataDir, fakeImageFile, largeFile, largePhotoFile, pngFile, query, staffHeaders, vastPictureFile } from './support';
import { bookViaApi, bookedRanges, calendarDay, carByName, chooseDates, fillRenter, freeDates, newCarViaApi, newRenter, showMonth } from './support/booking';
import calendarEn from '../../src/client/content/calendar.en';

const CAR = 'Mitsubishi Xpander GLS';

async function openForm(page: import('@playwright/test').Page, request: import('@playwright/test').APIRequestContext) {
  const car = await carByName(request, CAR);
  await page.goto(`/booking?car=${car.id}`);
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible();
  return { car, form };
}

test.describe('the rental calendar on a slow phone', () => {
  test('a new range started right after one was chosen holds when the address catches up with the first', async ({ page, request }) => {
    const { car } = await openForm(page, request);
    const { pickup, ret } = await freeDates(request, car.id, 2);
    // The return's month, which shows the pick-up's too: a range may run into the next month
    // (January 31 to February 2), which the pick-up's month and the one before would not show.
    await showMonth(page, ret);
    await expect(calendarDay(page, pickup)).toBeVisible();
    // A phone eight times slower: /booking writes a chosen range into the address, and its page renders that late.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await calendarDay(page, pickup).click();
    await calendarDay(page, ret).click();
    // At once, the pick-up of a new range: the return is still to choose.
    await calendarDay(page, pickup).click();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The page has drawn the address's range: its list says which cars are free for it.
    await expect(page.getByRole('heading', { name: /cars? (is|are) free for your dates/ })).toBeVisible();
    await expect(page.getByTestId('calendar-prompt')).toHaveText('Select return date');
    await expect(calendarDay(page, pickup)).toHaveAttribute('aria-pressed', 'true');
    await expect(calendarDay(page, ret)).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('the booking form makes a large photo fit', () => {
  test('a photo over 5 MB is made smaller in the browser and uploaded as a JPEG within the limit', async ({ page, request }) => {
    const { form } = await openForm(page, request);
    const slot = form.locator('[data-field=photoId1Url]');
    const photo = largePhotoFile();
    expect(photo.buffer.length).toBeGreaterThan(5 * 1024 * 1024);
    const put = page.waitForRequest((sent) => sent.method() === 'PUT' && sent.url().includes('/objects/upload/'));
    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(photo);
    await expect(page.getByRole('alert').filter({ hasText: 'Photo ID #1 Uploaded' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-state', 'uploaded');
    const sent = await put;
    expect(sent.headers()['content-type']).toBe('image/jpeg');
    const key = new URL(sent.url()).pathname.slice('/objects/upload/'.length);
    expect(await query('select content_type from upload where object_key = $1', [key])).toEqual([{ content_type: 'image/jpeg' }]);
    const stored = readFileSync(join(dataDir(), 'objects', key));
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.length).toBeLessThanOrEqual(5 * 1024 * 1024);
  });
});

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
    const alert = form.getByTestId('blocked-alert');
    await expect(alert).toContainText('Your name is blocked. Do you think this is a mistake? Please contact us.');
    // ... and says how: both numbers to call and the address to write to, as links.
    await expect(alert.getByTestId('blocked-contact')).toHaveText(`Call ${DEFAULT_BUSINESS.phonePrimary} or ${DEFAULT_BUSINESS.phoneSecondary}, or e-mail ${DEFAULT_BUSINESS.email}.`);
    await expect(alert.getByRole('link', { name: DEFAULT_BUSINESS.phonePrimary, exact: true })).toHaveAttribute('href', telHref(DEFAULT_BUSINESS.phonePrimary));
    await expect(alert.getByRole('link', { name: DEFAULT_BUSINESS.phoneSecondary, exact: true })).toHaveAttribute('href', telHref(DEFAULT_BUSINESS.phoneSecondary));
    await expect(alert.getByRole('link', { name: DEFAULT_BUSINESS.email, exact: true })).toHaveAttribute('href', `mailto:${DEFAULT_BUSINESS.email}`);
    const submit = form.getByTestId('booking-submit');
    await expect(submit).toHaveText('Booking Blocked - Contact Us');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Booking Not Allowed' })).toBeVisible();
    expect(await query('select 1 from customer where full_name ilike $1', [`%${tag}%`])).toHaveLength(0);

    await form.getByLabel('Full name').fill(`Ramona Villanueva ${tag}`);
    await expect(form.getByTestId('blocked-alert')).toHaveCount(0);
    await expect(submit).toHaveText('Confirm Booking');
  });

  test('a file of the wrong kind, over 5 MB, of too many pixels, or held by another slot is refused with a notice, said in its slot, and not kept', async ({ page, request }) => {
    const { form } = await openForm(page, request);
    const slot = form.locator('[data-field=photoId1Url]');

    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert').filter({ hasText: 'Documents must be JPG, PNG or PDF files' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-state', 'empty');
    // The reason stays in the slot after the notice has gone, and is read with the field.
    await expect(slot.getByTestId('document-error')).toHaveText('Documents must be JPG, PNG or PDF files');
    await expect(form.getByLabel('Photo ID #1', { exact: true })).toHaveAccessibleDescription(/Documents must be JPG, PNG or PDF files/);

    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(largeFile());
    await expect(page.getByRole('alert').filter({ hasText: 'Documents must be at most 5 MB' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-state', 'empty');
    await expect(slot.getByTestId('document-error')).toHaveText('Documents must be at most 5 MB');

    // Named and typed as a PNG, but its bytes are HTML: the server reads them and refuses.
    const put = page.waitForRequest((sent) => sent.method() === 'PUT' && sent.url().includes('/objects/upload/'));
    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(fakeImageFile());
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to upload image' })).toContainText('Documents must be JPG, PNG or PDF files');
    await expect(slot).toHaveAttribute('data-state', 'empty');
    const key = new URL((await put).url()).pathname.slice('/objects/upload/'.length);
    expect(await query('select attached_to from upload where object_key = $1', [key])).toEqual([{ attached_to: null }]);

    // A real PNG header declaring 50,000 × 50,000 pixels: refused before anyone's browser opens it.
    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(vastPictureFile());
    // Its own notice: the one of the file before may still show.
    await expect(page.getByRole('alert').filter({ hasText: 'Pictures must be at most 16,384 pixels wide and high' })).toContainText('Failed to upload image');
    await expect(slot).toHaveAttribute('data-state', 'empty');
    await expect(slot.getByTestId('document-error')).toContainText('Pictures must be at most 16,384 pixels wide and high');

    const photo = pngFile();
    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(photo);
    await expect(page.getByRole('alert').filter({ hasText: 'Photo ID #1 Uploaded' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-state', 'uploaded');
    await expect(slot.getByTestId('document-error')).toHaveCount(0);

    // The same file again, under another name, for the second photo ID: refused in its slot, never uploaded.
    const second = form.locator('[data-field=photoId2Url]');
    const uploadCalls: string[] = [];
    page.on('request', (sent) => {
      if (/\/trpc\/[^?]*uploads\.|\/objects\/upload/.test(sent.url())) uploadCalls.push(sent.url());
    });
    await form.getByLabel('Photo ID #2', { exact: true }).setInputFiles({ ...photo, name: 'copy.png' });
    const sameFile = 'The same file cannot be used for two documents. Please upload each document separately.';
    await expect(page.getByRole('alert').filter({ hasText: sameFile })).toBeVisible();
    await expect(second.getByTestId('document-error')).toHaveText(sameFile);
    await expect(second).toHaveAttribute('data-state', 'empty');
    await expect(form.getByLabel('Photo ID #2', { exact: true })).toHaveAccessibleDescription(new RegExp(sameFile.slice(0, 30)));
    expect(uploadCalls).toEqual([]);
    await form.getByLabel('Photo ID #2', { exact: true }).setInputFiles(pngFile('passport.png'));
    await expect(second).toHaveAttribute('data-state', 'uploaded');
    await expect(second.getByTestId('document-error')).toHaveCount(0);
    // The same watch sees an upload when one is made.
    expect(uploadCalls.length).toBeGreaterThan(0);
  });

  test('dates someone else books while the renter fills the form: the refusal shows the calendar, which clears them and says why', async ({ page, request }) => {
    const car = await carByName(request, CAR);
    const { pickup, ret } = await freeDates(request, car.id, 2);
    await page.goto(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    const form = page.getByTestId('booking-form');
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await fillRenter(form, newRenter('Carmela'));
    for (const label of ['Photo ID #1', 'Photo ID #2', 'Proof of Billing']) {
      await form.getByLabel(label, { exact: true }).setInputFiles(pngFile(`${label}.png`));
      await expect(form.getByRole('button', { name: `Replace ${label}` })).toBeVisible();
    }
    await form.getByLabel(/I have read and accept the rental terms/).check();
    await bookViaApi(request, car.id, pickup, ret);

    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Those dates are no longer available for this car' })).toBeVisible();
    await expect(form.getByText(calendarEn.noLongerFree)).toBeInViewport();
    await expect(form.getByTestId('summary-pickup')).toHaveText(calendarEn.notChosen);
  });
});

test.describe('a booking whose answer is lost', () => {
  test('the renter presses Confirm Booking again and sees the booking made, not "dates taken"; one booking exists', async ({ page, request }) => {
    // A car of its own: no other test can take its days between the two presses.
    const car = await newCarViaApi(request, staffHeaders());
    const pickup = addDays(todayInManila(), 10);
    const ret = addDays(pickup, 2);
    const renter = newRenter('Rosario');
    await page.goto(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    const form = page.getByTestId('booking-form');
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await fillRenter(form, renter);
    for (const label of ['Photo ID #1', 'Photo ID #2', 'Proof of Billing']) {
      await form.getByLabel(label, { exact: true }).setInputFiles(pngFile(`${label}.png`));
      await expect(form.getByRole('button', { name: `Replace ${label}` })).toBeVisible();
    }
    await form.getByLabel(/I have read and accept the rental terms/).check();

    // The first call reaches the server, which books, but its answer never reaches the browser (a phone losing signal).
    let calls = 0;
    let firstAnswer = 0;
    await page.route('**/trpc/bookings.create**', async (route) => {
      calls += 1;
      if (calls > 1) return route.continue();
      firstAnswer = (await route.fetch()).status();
      return route.abort('connectionreset');
    });
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Booking Failed' })).toBeVisible();
    expect(firstAnswer, 'the server booked on the first press').toBe(200);
    const stored = () => query<{ id: string; reference: string }>('select b.id, b.reference from booking b where b.renter_email = $1', [renter.email]);
    expect(await stored()).toHaveLength(1);

    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    const receipt = page.getByRole('dialog', { name: 'Booking Receipt' });
    await expect(receipt).toBeVisible();
    const [booking] = await stored();
    await expect(receipt.getByTestId('receipt-reference')).toHaveText(booking!.reference);
    expect(await stored()).toHaveLength(1);
    expect(calls).toBe(2);
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

  test('dates can be chosen with the keyboard alone; the arrows pass over booked days', async ({ page, request }) => {
    const car = await carByName(request, 'Toyota Innova 2.8 E');
    // A month from next month on whose first two weeks are free; then its 10th and 11th are booked.
    const booked = await bookedRanges(request, car.id);
    let month = formatDate(addDays(todayInManila(), 31), 'YYYY-MM');
    while (booked.some((range) => rangesOverlap(range, { start: `${month}-01`, end: `${month}-14` }))) month = formatDate(addDays(`${month}-01`, 31), 'YYYY-MM');
    const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
    await bookViaApi(request, car.id, day(10), day(11));

    await page.goto(`/booking?car=${car.id}`);
    await showMonth(page, day(1));
    // Nothing chosen and today not in that month: its first free day is the one in the tab order.
    await expect(calendarDay(page, day(1))).toHaveAttribute('tabindex', '0');
    await calendarDay(page, day(1)).focus();

    await page.keyboard.press('ArrowDown');
    await expect(calendarDay(page, day(8))).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(calendarDay(page, day(9))).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(day(9)));
    await expect(page.getByTestId('calendar-prompt')).toHaveText('Select return date');

    // The booked 10th and 11th are disabled, so the arrow goes on to the 12th; a return there is refused.
    await page.keyboard.press('ArrowRight');
    await expect(calendarDay(page, day(12))).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('calendar-message')).toContainText('Your rental cannot run over booked dates');
    await expect(page.getByTestId('summary-return')).toHaveText('Not selected');

    // Back before the pickup: that day starts over, and the next one ends the rental.
    await page.keyboard.press('ArrowLeft');
    await expect(calendarDay(page, day(9))).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(day(8)));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('summary-return')).toHaveText(formatLongDate(day(9)));
    await expect(page.getByTestId('summary-duration')).toHaveText('1 day');
    await expect(page.getByTestId('calendar-message')).toHaveCount(0);
  });

  test('past days are disabled; a pickup too far ahead and a rental too long are refused with a hint', async ({ page, request }) => {
    const car = await carByName(request, 'Toyota Camry 2.5 V');
    const today = todayInManila();
    await page.goto(`/booking?car=${car.id}`);
    const calendar = page.getByTestId('rental-calendar');

    // The calendar opens on this month and goes no further back.
    await expect(calendarDay(page, today)).toBeVisible();
    await expect(calendarDay(page, today)).toHaveAttribute('aria-label', /today/);
    await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    if (formatDate(today, 'D') !== '1') {
      const yesterday = addDays(today, -1);
      await expect(calendarDay(page, yesterday)).toBeDisabled();
      await expect(calendarDay(page, yesterday)).toHaveAttribute('aria-label', /\(past\)$/);
      await calendarDay(page, yesterday).click({ force: true });
      await expect(page.getByTestId('summary-pickup')).toHaveText('Not selected');
    }

    // A pickup more than 365 days ahead.
    const tooFar = addDays(today, 370);
    await showMonth(page, tooFar);
    await expect(calendarDay(page, tooFar)).toHaveAttribute('aria-label', /not open for booking yet/);
    await calendarDay(page, tooFar).click();
    await expect(calendar.getByTestId('calendar-message')).toHaveText('Bookings can start at most 365 days ahead');
    await expect(page.getByTestId('summary-pickup')).toHaveText('Not selected');

    // A return more than 90 days after the pickup (both days free of bookings).
    const booked = await bookedRanges(request, car.id);
    let pickup = addDays(today, 30);
    while (booked.some((range) => rangesOverlap(range, { start: pickup, end: pickup }) || rangesOverlap(range, { start: addDays(pickup, 91), end: addDays(pickup, 91) }))) pickup = addDays(pickup, 1);
    await showMonth(page, pickup);
    await calendarDay(page, pickup).click();
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await showMonth(page, addDays(pickup, 91));
    await expect(calendarDay(page, addDays(pickup, 91))).toHaveAttribute('aria-label', /too long a rental/);
    await calendarDay(page, addDays(pickup, 91)).click();
    await expect(calendar.getByTestId('calendar-message')).toHaveText('A rental can last at most 90 days. For a longer rental, please contact us.');
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(page.getByTestId('summary-return')).toHaveText('Not selected');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the calendar shows one month at a time, and a rental can run into the next month', async ({ page, request }) => {
      const car = await carByName(request, 'Toyota Vios 1.3 J');
      const booked = await bookedRanges(request, car.id);
      // The last day of a month from next month on, free with the two days after it.
      let next = formatDate(addDays(todayInManila(), 31), 'YYYY-MM');
      let pickup = addDays(`${next}-01`, -1);
      while (pickup <= todayInManila() || booked.some((range) => rangesOverlap(range, { start: pickup, end: addDays(pickup, 2) }))) {
        next = formatDate(addDays(`${next}-01`, 31), 'YYYY-MM');
        pickup = addDays(`${next}-01`, -1);
      }
      const ret = addDays(pickup, 2);

      await page.goto(`/booking?car=${car.id}`);
      const calendar = page.getByTestId('rental-calendar');
      await chooseDates(page, pickup, ret);
      await expect(calendar.locator('[data-month-level]')).toHaveCount(1);
      await expect(calendar.getByText(formatDate(ret, 'MMMM YYYY'))).toBeVisible();
      await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
      await expect(page.getByTestId('summary-return')).toHaveText(formatLongDate(ret));
      await expect(page.getByTestId('summary-duration')).toHaveText('2 days');
    });
  });
});

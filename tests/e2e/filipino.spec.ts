import type { Page } from '@playwright/test';
import bookingFormFil from '../../src/client/content/bookingForm.fil';
import calendarFil from '../../src/client/content/calendar.fil';
import homeFil from '../../src/client/content/home.fil';
import myBookingFil from '../../src/client/content/myBooking.fil';
import siteFil from '../../src/client/content/site.fil';
import labelsFil from '../../src/shared/labels.fil';
import messagesFil from '../../src/shared/messages.fil';
import { formatPeso } from '../../src/shared/money';
import { computePrice } from '../../src/shared/pricing';
import { test, expect, expectHydrated, fakeImageFile, pdfFile, pngFile, query, staffHeaders, waitForMail, snap } from './support';
import { carByName, freeDates, newCarViaApi, newRenter } from './support/booking';
import { E2E_BUSINESS_CHANNELS } from './support/env';

/**
 * A renter who reads Filipino: the pages under /fil, the booking made there, its receipt and its
 * e-mail, all in Filipino; the switch between the languages keeps the page. The expected words come
 * from the Filipino catalogs, so the test reads what the renter reads.
 */

/** Clicks a day of the rental calendar, moving month by month with its Filipino buttons. */
async function pickDay(page: Page, date: string): Promise<void> {
  const calendar = page.getByTestId('rental-calendar');
  const day = calendar.locator(`button[data-date="${date}"]:visible`);
  for (let i = 0; i < 16 && !(await day.isVisible()); i += 1) {
    const firstShown = (await calendar.locator('button[data-date]:visible').first().getAttribute('data-date')) ?? '';
    await calendar.getByRole('button', { name: date < firstShown ? calendarFil.previous : calendarFil.next }).click();
  }
  await day.click();
}

test.describe('in Filipino', () => {
  test('a booking made on /fil/ has a Filipino form, receipt and e-mail, and keeps its language', async ({ page, request }) => {
    test.slow();
    // A car of its own: a test booking a car of the fleet at the same time could take the same free days first.
    const car = await newCarViaApi(request, staffHeaders());
    const { pickup, ret } = await freeDates(request, car.id, 3);
    const renter = newRenter('Liza');
    const expected = computePrice({ dailyRate: car.dailyRate, pickupDate: pickup, returnDate: ret, driverService: 'none' });
    const f = bookingFormFil.fields;

    await page.goto('/fil/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await page.getByTestId('car-card').filter({ hasText: car.name }).getByRole('button', { name: siteFil.fleet.select }).click();
    const form = page.getByTestId('booking-form');
    await expect(form).toBeVisible();
    await expect(form.getByRole('heading', { name: bookingFormFil.sections.personal })).toBeVisible();

    await form.getByLabel(f.fullName).fill(renter.fullName);
    await form.getByLabel(f.email).first().fill(renter.email);
    await form.getByLabel(f.phone).fill(renter.phone);
    // Month and weekday names in Filipino.
    const calendar = page.getByTestId('rental-calendar');
    await expect(calendar.getByText(/^(Enero|Pebrero|Marso|Abril|Mayo|Hunyo|Hulyo|Agosto|Setyembre|Oktubre|Nobyembre|Disyembre) \d{4}$/).first()).toBeVisible();
    await expect(calendar.getByText(/^Lun$/i).first()).toBeVisible();
    await pickDay(page, pickup);
    await expect(page.getByTestId('calendar-prompt')).toHaveText(calendarFil.selectReturn);
    await pickDay(page, ret);
    await expect(form.getByTestId('summary-duration')).toHaveText('3 araw');
    await expect(form.getByTestId('price-summary-total')).toHaveText(formatPeso(expected.total));

    // A file the server reads and refuses: its reason comes back in Filipino too.
    await form.getByLabel('Photo ID #1', { exact: true }).setInputFiles(fakeImageFile());
    await expect(form.locator('[data-field=photoId1Url]').getByTestId('document-error')).toContainText(messagesFil.errors.documentType);

    const uploads = [
      ['Photo ID #1', pngFile('license.png'), messagesFil.upload.uploaded.photoId1Url],
      ['Photo ID #2', pngFile('passport.png'), messagesFil.upload.uploaded.photoId2Url],
      ['Proof of Billing', pdfFile('meralco-bill.pdf'), messagesFil.upload.uploaded.proofOfBillingUrl],
    ] as const;
    for (const [label, file, notice] of uploads) {
      await form.getByLabel(label, { exact: true }).setInputFiles(file);
      await expect(page.getByRole('alert').filter({ hasText: notice })).toBeVisible();
    }
    await form.getByLabel(bookingFormFil.terms.accept).check();
    await form.getByRole('button', { name: bookingFormFil.submit.idle }).click();

    const receipt = page.getByRole('dialog', { name: bookingFormFil.confirmation.titleWhilePending });
    await expect(receipt).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: messagesFil.booking.successTitle })).toBeVisible();
    await expect(receipt.getByTestId('receipt-duration')).toHaveText('3 araw');
    await expect(receipt.getByTestId('receipt-price-total')).toHaveText(formatPeso(expected.total));
    // Still pending: the receipt asks for the e-mail or the reference, not for a confirmation.
    await expect(receipt).toContainText(labelsFil.bringWhilePending);
    await expect(receipt).not.toContainText(labelsFil.importantInformation[0]);
    await expect(receipt).toContainText(bookingFormFil.confirmation.saveNoticeWhilePending);
    await expect(receipt).not.toContainText(bookingFormFil.confirmation.saveNotice);
    await expect(receipt.getByRole('button', { name: bookingFormFil.confirmation.print })).toBeVisible();
    // How to send a reservation fee ahead (no gateway), and where to message the garage.
    const payAhead = receipt.getByTestId('pay-ahead');
    await expect(payAhead).toContainText(siteFil.payAhead.title);
    await expect(payAhead.getByTestId('pay-ahead-gcash')).toContainText(`GCash: ${E2E_BUSINESS_CHANNELS.BUSINESS_GCASH_NAME} · ${E2E_BUSINESS_CHANNELS.BUSINESS_GCASH_NUMBER}`);
    await expect(payAhead.getByTestId('pay-ahead-maya')).toContainText(E2E_BUSINESS_CHANNELS.BUSINESS_MAYA_NUMBER);
    await expect(receipt.getByRole('link', { name: siteFil.channels.messengerLabel }).first()).toHaveAttribute('href', E2E_BUSINESS_CHANNELS.BUSINESS_MESSENGER_URL);
    await expect(receipt.getByRole('link', { name: 'Mag-message sa amin sa Viber sa +63 917 845 2301' }).first()).toHaveAttribute('href', 'viber://chat?number=%2B639178452301');
    await snap(page, 'fil-booking-confirmation', { fullPage: false });

    const [stored] = await query<{ reference: string; locale: string }>('select reference, locale from booking where renter_email = $1', [renter.email]);
    expect(stored).toMatchObject({ locale: 'fil' });
    const mail = await waitForMail((m) => m.to.includes(renter.email));
    expect(mail.subject.startsWith(`Natanggap ang booking: ${car.name}, `)).toBe(true);
    expect(mail.subject.endsWith(`(${stored!.reference})`)).toBe(true);
    expect(mail.text).toContain('Salamat sa pag-book sa ');
    expect(mail.text).toContain(`Kabuuang halaga: ${formatPeso(expected.total)}`);
    // So does the e-mail.
    expect(mail.text).toContain(labelsFil.bringWhilePending);
    expect(mail.text).not.toContain(labelsFil.importantInformation[0]);
    expect(mail.text).toMatch(/\/fil\/my-booking#[\w.-]+/);
    const link = /(http\S+\/fil\/my-booking#[\w.-]+)/.exec(mail.text)![1]!;

    // The e-mail's link opens the renter's page in Filipino.
    await page.goto(new URL(link).pathname + new URL(link).hash);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('heading', { level: 1, name: myBookingFil.manage.heading })).toBeVisible();
    await expect(page.getByText(myBookingFil.manage.status.pending).first()).toBeVisible();
    await expect(page.getByTestId('my-booking-status')).toHaveText(myBookingFil.manage.status.labels.pending);
    await expect(page.getByTestId('my-booking-receipt')).toContainText(`${myBookingFil.manage.status.title}: ${myBookingFil.manage.status.labels.pending}.`);
    await expect(page.getByTestId('my-booking-receipt')).toContainText(labelsFil.bringWhilePending);
    await expect(page.getByTestId('my-booking-receipt')).not.toContainText(labelsFil.importantInformation[0]);
    await expect(page.getByTestId('pay-ahead')).toContainText(stored!.reference);
    await expect(page.getByTestId('messenger-link').first()).toBeVisible();
    await expect(page.getByTestId('facebook-link')).toHaveAttribute('href', E2E_BUSINESS_CHANNELS.BUSINESS_FACEBOOK_URL);
  });

  test('the dashboard, in English only, offers no language switch; every other page does', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expectHydrated(page.getByRole('button', { name: 'Switch to dark theme' }));
    await expect(page.getByTestId('language-switch')).toHaveCount(0);
    await page.goto('/find-booking');
    await expect(page.getByTestId('language-switch').first()).toHaveAttribute('href', '/fil/find-booking');
  });

  test('the language switch keeps the page, its query and its fragment, both ways', async ({ page }) => {
    await page.goto('/find-booking?from=mail#top');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-switch').first().click();
    await expect(page).toHaveURL(/\/fil\/find-booking\?from=mail#top$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(page.getByRole('heading', { level: 1, name: myBookingFil.find.heading })).toBeVisible();
    await page.getByTestId('language-switch').first().click();
    await expect(page).toHaveURL(/\/find-booking\?from=mail#top$/);
    await expect(page).not.toHaveURL(/\/fil\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a car’s page shows its description in Filipino on /fil, and in English on the English page', async ({ page, request }) => {
    const car = await carByName(request, 'Toyota Vios 1.3 XLE');
    await page.goto(`/fil/cars/${car.slug}`);
    await expect(page.getByText('Maaasahang sedan sa lungsod', { exact: false })).toBeVisible();
    await expect(page.getByText('The dependable city sedan', { exact: false })).toHaveCount(0);
    await page.goto(`/cars/${car.slug}`);
    await expect(page.getByText('The dependable city sedan', { exact: false })).toBeVisible();
  });

  test('the enquiry form is in Filipino, its subjects too, and sends the subject as the garage files it', async ({ page }) => {
    const marker = `fil-${Date.now()}`;
    await page.goto('/fil/#contact');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: homeFil.contact.form.send }) });
    await form.getByLabel(homeFil.contact.form.firstName).fill('Ana');
    await form.getByLabel(homeFil.contact.form.lastName).fill('Reyes');
    await form.getByLabel(homeFil.contact.form.email).fill('ana.reyes@example.com');
    await form.getByRole('combobox', { name: homeFil.contact.form.subject }).click();
    for (const label of Object.values(homeFil.contact.subjects)) await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible();
    await page.getByRole('option', { name: homeFil.contact.subjects['VIP Booking'] }).click();
    await expect(form.getByRole('alert').filter({ hasText: homeFil.contact.notes['VIP Booking'] })).toContainText(homeFil.contact.subjects['VIP Booking']);
    await form.getByLabel(homeFil.contact.form.message).fill(`May van ba kayo para sa 12 tao? ${marker}`);
    await form.getByRole('button', { name: homeFil.contact.form.send }).click();
    await expect.poll(() => query('select subject from contact_message where message like $1', [`%${marker}`])).toEqual([{ subject: 'VIP Booking' }]);
  });

  for (const path of ['/fil/', '/fil/booking']) {
    test(`${path} is in Filipino and has no serious or critical accessibility violations`, async ({ page, checkA11y }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
      await expect(page.getByRole('link', { name: siteFil.nav.skip })).toBeAttached();
      await checkA11y({ label: path });
    });
  }
});

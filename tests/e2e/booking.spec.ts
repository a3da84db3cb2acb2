import { addDays, formatLongDate } from '../../src/shared/dates';
import { computePrice } from '../../src/shared/pricing';
import { formatPeso } from '../../src/shared/money';
import { test, expect, expectApart, pdfFile, pngFile, query, staffHeaders, waitForMail, snap } from './support';
import { attachDocumentsAndConfirm, bookViaApi, calendarDay, carByName, chooseDates, fillRenter, freeDates, newCarViaApi, newRenter, showMonth } from './support/booking';
import { choose } from './admin-helpers';

test.describe('booking a car', () => {
  test('a visitor books from the home page: dates, driver, delivery, three documents, live price, confirmation and receipt', async ({ page, request, checkA11y }) => {
    // The whole journey in one test (three uploads, the receipt, print, mail): longer than the default budget.
    test.slow();
    // A car of its own: a test booking a car of the fleet at the same time could take the same free days first.
    const car = await newCarViaApi(request, staffHeaders());
    const { pickup, ret } = await freeDates(request, car.id, 3);
    const renter = newRenter('Maria');
    const expected = computePrice({ dailyRate: car.dailyRate, pickupDate: pickup, returnDate: ret, driverService: 'within_pangasinan', deliveryArea: 'bolinao' });

    await page.goto('/');
    await page.getByTestId('car-card').filter({ hasText: car.name }).getByRole('button', { name: 'Select This Car' }).click();
    const form = page.getByTestId('booking-form');
    await expect(form).toBeVisible();
    await expect(page.locator('#booking').getByTestId('selected-car')).toContainText(car.name);
    await expect(form.getByTestId('price-empty')).toBeVisible();

    await fillRenter(form, renter);
    await form.getByLabel("Driver's license number (optional)").fill('N01-23-456789');
    await chooseDates(page, pickup, ret);
    await expect(form.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(form.getByTestId('summary-return')).toHaveText(formatLongDate(ret));

    await choose(page, form.getByRole('combobox', { name: 'Pick-up time' }), '10:00 AM');
    await form.getByRole('radio', { name: 'With Driver - Within Pangasinan' }).check();
    await form.getByLabel('Deliver the car to my address').check();
    await choose(page, form.getByRole('combobox', { name: 'Delivery area' }), /^Bolinao/);
    await form.getByLabel('Delivery address').fill('12 Rizal Street, Barangay Germinal, Bolinao');

    // The live summary: one line per charge, the same figures the server will charge.
    const summary = form.getByTestId('price-summary');
    await expect(summary).toContainText(`Vehicle rental (3 days × ${formatPeso(car.dailyRate)})`);
    await expect(summary).toContainText('Driver service (3 days × ₱1,500)');
    await expect(summary).toContainText('Delivery (Bolinao)');
    await expect(summary).toContainText('Insurance (per rental)');
    await expect(form.getByTestId('price-summary-total')).toHaveText(formatPeso(expected.total));

    const uploads: Array<[string, ReturnType<typeof pngFile>, string]> = [
      ['Photo ID #1', pngFile('license.png'), 'Photo ID #1 Uploaded'],
      ['Photo ID #2', pngFile('passport.png'), 'Photo ID #2 Uploaded'],
      ['Proof of Billing', pdfFile('meralco-bill.pdf'), 'Proof of Billing Uploaded'],
    ];
    for (const [label, file, notice] of uploads) {
      await form.getByLabel(label, { exact: true }).setInputFiles(file);
      await expect(page.getByRole('alert').filter({ hasText: notice })).toBeVisible();
      await expect(form.getByRole('button', { name: `Replace ${label}` })).toBeVisible();
    }

    await form.getByLabel(/I have read and accept the rental terms/).check();
    await form.getByRole('button', { name: 'Confirm Booking' }).click();

    const receipt = page.getByRole('dialog', { name: 'Booking Receipt' });
    await expect(receipt).toBeVisible();
    // Received, not confirmed: the booking waits for the garage (and the renter's e-mail link).
    const confirmed = page.getByRole('alert').filter({ hasText: 'Booking Received!' });
    await expect(confirmed).toBeVisible();
    // The notice leaves the receipt's buttons free to use.
    await expectApart(confirmed, { 'Print Receipt': receipt.getByRole('button', { name: 'Print Receipt' }), Close: receipt.getByRole('button', { name: 'Close' }).first() });
    await expect(receipt.getByTestId('receipt-name')).toHaveText(renter.fullName);
    await expect(receipt.getByTestId('receipt-car')).toHaveText(car.name);
    await expect(receipt.getByTestId('receipt-pickup')).toHaveText(formatLongDate(pickup));
    await expect(receipt.getByTestId('receipt-duration')).toHaveText('3 days');
    await expect(receipt.getByTestId('receipt-driver')).toContainText('With Driver - Within Pangasinan');
    await expect(receipt.getByTestId('receipt-price-total')).toHaveText(formatPeso(expected.total));
    await expect(receipt).toContainText('10:00 AM');
    // Not confirmed yet: the receipt asks, as the e-mail does, for that e-mail or the reference, not for a confirmation.
    await expect(receipt).toContainText('Bring a valid driver’s license and our e-mail or your booking reference.');
    await expect(receipt).not.toContainText('driver’s license and this confirmation');
    await expect(receipt).toContainText('Please save or print this receipt. It has your booking reference for pick-up.');
    await expect(receipt).not.toContainText(/this confirmation/);
    // Until its renter opens the e-mail's link (or staff confirm it), the booking holds its days only so long, and the receipt says until when.
    await expect(receipt.getByTestId('receipt-hold')).toHaveText(/^Open “Manage your booking” in that e-mail by .+ \d{1,2}:\d{2} [AP]M: a booking that neither you nor we confirm by then is cancelled/);

    const [stored] = await query<{ id: string; reference: string; total: string; status: string; driver_service: string; delivery_area: string; photo_id1_url: string | null; photo_id2_url: string | null; proof_of_billing_url: string | null }>(
      `select b.id, b.reference, b.total::text, b.status, b.driver_service, b.delivery_area, b.photo_id1_url, b.photo_id2_url, b.proof_of_billing_url
         from booking b join customer c on c.id = b.customer_id where c.email = $1`,
      [renter.email],
    );
    expect(stored).toMatchObject({ total: expected.total, status: 'pending', driver_service: 'within_pangasinan', delivery_area: 'bolinao' });
    for (const path of [stored!.photo_id1_url, stored!.photo_id2_url, stored!.proof_of_billing_url]) expect(path).toMatch(/^\/objects\/private\//);
    const attached = await query('select 1 from upload where attached_to = $1', [`booking:${stored!.id}`]);
    expect(attached).toHaveLength(3);
    await expect(receipt.getByTestId('receipt-reference')).toHaveText(stored!.reference);
    await expect(receipt.getByTestId('receipt-booking-id')).toHaveText(stored!.id.toUpperCase());

    const mail = await waitForMail((m) => m.to.includes(renter.email));
    expect(mail.text).toContain(formatPeso(expected.total));

    await checkA11y({ include: ['.receipt-modal'], label: 'booking confirmation' });
    await snap(page, 'booking-confirmation', { fullPage: false });
    await page.evaluate(() => {
      const counter = window as unknown as { printed: number };
      counter.printed = 0;
      window.print = () => {
        counter.printed += 1;
      };
    });
    await receipt.getByRole('button', { name: 'Print Receipt' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // Printed, only the receipt shows: the site behind it and the dialog's buttons are hidden.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(receipt.getByRole('button', { name: 'Print Receipt' })).toBeHidden();
    await expect(receipt.getByTestId('receipt-reference')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('booking-form')).toHaveCount(0);
  });

  test('on a phone, the receipt survives turning the phone sideways and back, and prints with its text', async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const car = await carByName(request, 'Toyota Vios 1.3 J');
    const { pickup, ret } = await freeDates(request, car.id, 2);
    await page.goto(`/booking?car=${car.id}&pickup=${pickup}&return=${ret}`);
    const form = page.getByTestId('booking-form');
    await fillRenter(form, newRenter('Rosa'));
    const receipt = await attachDocumentsAndConfirm(page, form);
    await expect(page.getByRole('alert').filter({ hasText: 'Booking Received!' })).toBeVisible();

    // Wider than a phone's 36em and back, as a phone turned sideways (or a page laid out on A4 to print) is.
    await page.setViewportSize({ width: 844, height: 390 });
    await expect(receipt.getByTestId('receipt-reference')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(receipt.getByTestId('receipt-reference')).toBeVisible();
    const printed = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(printed, 'the printed receipt has text on it').toContain('/Font');
  });

  test('the next visitor sees those days booked and cannot choose them or a range over them', async ({ page, request }) => {
    const car = await carByName(request, 'Toyota Wigo 1.0 G');
    const { pickup, ret } = await freeDates(request, car.id, 6);
    // Someone else books the middle of that stretch through the API.
    const taken = { pickup: addDays(pickup, 2), ret: addDays(pickup, 4) };
    await bookViaApi(request, car.id, taken.pickup, taken.ret);

    await page.goto(`/booking?car=${car.id}`);
    const calendar = page.getByTestId('rental-calendar');
    for (const day of [taken.pickup, addDays(taken.pickup, 1), taken.ret]) {
      await showMonth(page, day);
      await expect(calendarDay(page, day)).toBeDisabled();
      await expect(calendarDay(page, day)).toHaveAttribute('aria-label', /\(booked\)$/);
    }
    // A booked day cannot be chosen: clicking it does nothing.
    await calendarDay(page, taken.pickup).click({ force: true });
    await expect(page.getByTestId('summary-pickup')).toHaveText('Not selected');
    await expect(page.getByTestId('calendar-prompt')).toHaveText('Select pickup date');

    // Clear dates starts over from nothing.
    await showMonth(page, addDays(pickup, 1));
    await calendarDay(page, addDays(pickup, 1)).click();
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(addDays(pickup, 1)));
    await calendar.getByRole('button', { name: 'Clear dates' }).click();
    await expect(page.getByTestId('summary-pickup')).toHaveText('Not selected');
    await expect(page.getByTestId('calendar-prompt')).toHaveText('Select pickup date');

    await showMonth(page, pickup);
    await calendarDay(page, pickup).click();
    await expect(page.getByTestId('calendar-prompt')).toHaveText('Select return date');
    // With the pickup chosen, the days past the booked ones are marked before anyone clicks them.
    await showMonth(page, ret);
    await expect(calendarDay(page, ret)).toHaveAttribute('aria-label', /the rental would run over booked dates/);
    await calendarDay(page, ret).click();
    await expect(calendar.getByTestId('calendar-message')).toContainText('Your rental cannot run over booked dates');
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    await expect(page.getByTestId('summary-return')).toHaveText('Not selected');
    await expect(page.getByTestId('calendar-prompt')).toHaveText('Select return date');

    await showMonth(page, addDays(pickup, 1));
    await calendarDay(page, addDays(pickup, 1)).click();
    await expect(page.getByTestId('summary-return')).toHaveText(formatLongDate(addDays(pickup, 1)));
    await expect(page.getByTestId('summary-duration')).toHaveText('1 day');
    await expect(calendar.getByTestId('calendar-message')).toHaveCount(0);
  });
});

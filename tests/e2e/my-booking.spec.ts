import type { APIRequestContext } from '@playwright/test';
import { addDays, formatInstant, formatLongDate, todayInManila } from '../../src/shared/dates';
import { DEFAULT_BUSINESS, telHref } from '../../src/shared/business';
import { messages } from '../../src/shared/messages';
import { formatPeso, toCentavos } from '../../src/shared/money';
import { expect, manageLinkIn, pngFile, query, staffHeaders, test, waitForMail } from './support';
import { attachDocumentsAndConfirm, bookedRanges, calendarDay, carByName, chooseDates, fillRenter, freeDates, newRenter, showMonth, uploadDocuments } from './support/booking';
import { bookThroughPublicSite, choose, notice, openDashboard, uniqueRenter } from './admin-helpers';

/** The renter's e-mail of this kind about a booking, e.g. the confirmation ('Booking received'). */
function mailAbout(email: string, subject: string) {
  return waitForMail((mail) => mail.to.includes(email) && mail.subject.startsWith(subject));
}

/** Books from today to tomorrow (pick-up within 24 hours) for a new renter, on the first car free today. */
async function bookForToday(request: APIRequestContext): Promise<{ reference: string; email: string }> {
  const cars = (await (await request.get('/api/cars')).json()) as Array<{ id: string; name: string; available: boolean }>;
  const today = todayInManila();
  for (const car of cars.filter((one) => one.available && !/^E2E /.test(one.name))) {
    if ((await bookedRanges(request, car.id)).some((range) => range.start <= addDays(today, 1) && today <= range.end)) continue;
    const renter = newRenter('Lito');
    const answer = await request.post('/api/bookings', {
      data: { customer: { ...renter, ...(await uploadDocuments(request)) }, booking: { carId: car.id, pickupDate: today, returnDate: addDays(today, 1), pickupTime: '5:00 PM' } },
    });
    if (answer.status() === 409) continue;
    expect(answer.status(), await answer.text()).toBe(201);
    return { reference: ((await answer.json()) as { booking: { reference: string } }).booking.reference, email: renter.email };
  }
  throw new Error('no car is free today');
}

test.describe('a renter follows their booking from its e-mails', () => {
  test('books a car, opens "Manage your booking" from the e-mail, cancels, and the next visitor can book those days', async ({ page, browser, request }) => {
    // The booking form with three uploads, the manage page and a second visitor: longer than the default budget.
    test.slow();
    const car = await carByName(request, 'Toyota Avanza 1.5 G');
    const { pickup, ret } = await freeDates(request, car.id, 2);
    const renter = newRenter('Carmen');

    await page.goto(`/booking?car=${car.id}`);
    const form = page.getByTestId('booking-form');
    await fillRenter(form, renter);
    await chooseDates(page, pickup, ret);
    const receipt = await attachDocumentsAndConfirm(page, form);
    await expect(receipt).toBeVisible();
    const reference = (await receipt.getByTestId('receipt-reference').textContent()) ?? '';
    expect(reference).toMatch(/^HI-[0-9A-HJKMNP-TV-Z]{6}$/);
    await expect(receipt.getByRole('link', { name: 'Find my booking' })).toHaveAttribute('href', '/find-booking');

    // The confirmation e-mail carries the link, with the reference.
    const confirmation = await mailAbout(renter.email, 'Booking received');
    expect(confirmation.subject).toContain(reference);
    const link = manageLinkIn(confirmation);
    expect(new URL(link).pathname).toBe('/my-booking');

    const renterPage = await (await browser.newContext()).newPage();
    await renterPage.goto(link);
    await expect(renterPage.getByTestId('my-booking-reference')).toHaveText(reference);
    await expect(renterPage.getByTestId('my-booking-status')).toHaveText('Pending');
    await expect(renterPage.getByTestId('my-booking-status-text')).toHaveText('We have received your booking and will call you to confirm it.');
    const shown = renterPage.getByTestId('my-booking-receipt');
    await expect(shown.getByTestId('receipt-name')).toHaveText(renter.fullName);
    await expect(shown.getByTestId('receipt-pickup')).toHaveText(formatLongDate(pickup));
    await expect(renterPage.getByTestId('my-booking-payments')).toContainText('No payments recorded yet.');
    await expect(renterPage.getByTestId('my-booking-balance')).toHaveText((await shown.getByTestId('receipt-price-total').textContent()) ?? '');
    await expect(renterPage).toHaveTitle(/^My booking \|/);
    // Opening the link proved the address: the booking no longer waits on its hold.
    await expect.poll(async () => (await query<{ proven: boolean }>('select email_proven_at is not null as proven from booking where reference = $1', [reference]))[0]?.proven).toBe(true);

    // Cancelling asks first; keeping the booking changes nothing.
    const cancelCard = renterPage.getByTestId('my-booking-cancel');
    await expect(cancelCard).toContainText('You can cancel free of charge until');
    await cancelCard.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(cancelCard.getByText('Cancel this booking?')).toBeFocused();
    await cancelCard.getByRole('button', { name: 'Keep my booking' }).press('Enter');
    // The question closes and the focus goes back to the button that asked it.
    await expect(cancelCard.getByRole('button', { name: 'Cancel booking' })).toBeFocused();
    await cancelCard.getByRole('button', { name: 'Cancel booking' }).click();
    await cancelCard.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await expect(renterPage.getByRole('alert').filter({ hasText: messages.myBooking.cancelled })).toBeVisible();
    await expect(renterPage.getByTestId('my-booking-status')).toHaveText('Cancelled');
    await expect(renterPage.getByTestId('my-booking-status-text')).toHaveText('You cancelled this booking. Nothing more is due for it.');
    await expect(renterPage.getByRole('heading', { name: 'Status' })).toBeFocused();
    await expect(renterPage.getByTestId('my-booking-cancel')).toHaveCount(0);
    // Nothing is due for a cancelled booking: no balance is shown.
    await expect(renterPage.getByTestId('my-booking-balance')).toHaveCount(0);
    expect(await query('select status, cancelled_by from booking where reference = $1', [reference])).toEqual([{ status: 'cancelled', cancelled_by: 'renter' }]);
    await mailAbout(renter.email, 'Booking cancelled');
    await waitForMail((mail) => mail.subject.startsWith(`Cancelled by the renter: ${reference}`));
    // Opened again, the link shows the cancelled booking.
    await renterPage.reload();
    await expect(renterPage.getByTestId('my-booking-status')).toHaveText('Cancelled');

    // The next visitor finds those days free and books them.
    expect((await bookedRanges(request, car.id)).some((range) => range.start <= ret && pickup <= range.end)).toBe(false);
    await page.goto(`/booking?car=${car.id}`);
    for (const day of [pickup, ret]) {
      await showMonth(page, day);
      await expect(calendarDay(page, day)).toBeEnabled();
      await expect(calendarDay(page, day)).not.toHaveAttribute('aria-label', /\(booked/);
    }
    await chooseDates(page, pickup, ret);
    await expect(page.getByTestId('summary-pickup')).toHaveText(formatLongDate(pickup));
    const next = newRenter('Dante');
    const documents = await uploadDocuments(request);
    const answer = await request.post('/api/bookings', { data: { customer: { ...next, ...documents }, booking: { carId: car.id, pickupDate: pickup, returnDate: ret } } });
    expect(answer.status(), await answer.text()).toBe(201);
  });

  test('inside 24 hours of pick-up the page gives the terms’ 50% rule and the garage’s numbers instead of a cancel button', async ({ page, request }) => {
    const { reference, email } = await bookForToday(request);
    await page.goto(manageLinkIn(await mailAbout(email, 'Booking received')));
    await expect(page.getByTestId('my-booking-reference')).toHaveText(reference);
    const cancel = page.getByTestId('my-booking-cancel');
    // Nothing paid: nothing to give back, and no share of nothing.
    await expect(cancel.getByTestId('late-cancellation')).toContainText('nothing has been paid on it, so nothing is refunded or owed');
    await expect(cancel.getByTestId('late-cancellation')).not.toContainText('50%');
    const [{ id }] = (await query<{ id: string }>('select id from booking where reference = $1', [reference])) as [{ id: string }];
    const paid = await request.patch(`/api/admin/bookings/${id}/payment`, { headers: staffHeaders(), data: { amount: '500' } });
    expect(paid.status(), await paid.text()).toBe(200);
    await page.reload();
    await expect(cancel.getByTestId('late-cancellation')).toContainText('50% of what you have paid is refunded');
    for (const phone of [DEFAULT_BUSINESS.phonePrimary, DEFAULT_BUSINESS.phoneSecondary]) {
      await expect(cancel.getByRole('link', { name: `Call ${phone}` })).toHaveAttribute('href', telHref(phone));
    }
    await expect(cancel.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    // The server refuses it too.
    const token = new URL(page.url()).hash.slice(1);
    const refused = await request.post('/api/my-booking/cancel', { data: { token } });
    expect(refused.status()).toBe(409);
  });

  test('a link that was altered or cut short says so and offers Find my booking', async ({ page, request }) => {
    const renter = uniqueRenter('Altered');
    await bookThroughPublicSite(request, renter);
    const link = manageLinkIn(await mailAbout(renter.email, 'Booking received'));
    await page.goto(`${link.slice(0, -3)}abc`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expect(page.getByTestId('my-booking-notice')).toContainText(messages.errors.manageLinkInvalid);
    await page.goto('/my-booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Open your booking from its e-mail' })).toBeVisible();
    await page.getByRole('link', { name: 'Find my booking' }).first().click();
    await expect(page).toHaveURL('/find-booking');
  });

  test('the receipt on the page asks for our e-mail or the reference while the booking is pending, and for this confirmation once it is confirmed, printed as on screen', async ({ page, request }) => {
    const renter = uniqueRenter('Bring');
    const booking = await bookThroughPublicSite(request, renter);
    await page.goto(manageLinkIn(await mailAbout(renter.email, 'Booking received')));
    const receipt = page.getByTestId('my-booking-receipt');
    await expect(page.getByTestId('my-booking-status')).toHaveText('Pending');
    await expect(receipt).toContainText('Bring a valid driver’s license and our e-mail or your booking reference.');
    await expect(receipt).not.toContainText('driver’s license and this confirmation');

    const confirmed = await request.patch(`/api/admin/bookings/${booking.id}/status`, { data: { status: 'confirmed' }, headers: staffHeaders() });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('my-booking-status')).toHaveText('Confirmed');
    await page.emulateMedia({ media: 'print' });
    await expect(receipt.getByText('Bring a valid driver’s license and this confirmation.')).toBeVisible();
    await expect(receipt).not.toContainText('our e-mail or your booking reference');
    await page.emulateMedia({ media: 'screen' });
  });

  test('the receipt of a completed or a cancelled booking asks for nothing and gives no pick-up instructions, and a cancelled one says when, printed as on screen', async ({ page, request }) => {
    const renter = uniqueRenter('Closed');
    const booking = await bookThroughPublicSite(request, renter);
    await page.goto(manageLinkIn(await mailAbout(renter.email, 'Booking received')));
    const receipt = page.getByTestId('my-booking-receipt');
    const statusBy = async (status: 'completed' | 'cancelled') => {
      const answer = await request.patch(`/api/admin/bookings/${booking.id}/status`, { data: { status }, headers: staffHeaders() });
      expect(answer.status(), await answer.text()).toBe(200);
      await page.reload();
    };
    const instructions = ['Bring a valid driver’s license', 'The vehicle is inspected before and after the rental.', 'Return the fuel at the same level.', 'Changes or cancellations need at least 24 hours notice.'];

    await statusBy('completed');
    await expect(page.getByTestId('my-booking-status')).toHaveText('Completed');
    await expect(receipt.getByText('Your rental is over. Keep this receipt for your records.')).toBeVisible();
    for (const text of instructions) await expect(receipt).not.toContainText(text);

    await statusBy('cancelled');
    await expect(page.getByTestId('my-booking-status')).toHaveText('Cancelled');
    const [{ cancelled_at: cancelledAt }] = (await query<{ cancelled_at: Date }>('select cancelled_at from booking where id = $1', [booking.id])) as [{ cancelled_at: Date }];
    await page.emulateMedia({ media: 'print' });
    await expect(receipt.getByText(`This booking was cancelled on ${formatInstant(cancelledAt)}, so there is no pick-up.`)).toBeVisible();
    for (const text of [...instructions, 'Your rental is over']) await expect(receipt).not.toContainText(text);
    await page.emulateMedia({ media: 'screen' });
  });
});

test.describe('Find my booking', () => {
  test('answers the same for a match and a non-match, and e-mails the link only to a match', async ({ page, request }) => {
    const renter = uniqueRenter('Finder');
    const booking = await bookThroughPublicSite(request, renter);
    const [{ reference }] = (await query<{ reference: string }>('select reference from booking where id = $1', [booking.id])) as [{ reference: string }];

    await page.goto('/find-booking');
    await expect(page).toHaveTitle(/^Find my booking \|/);
    const form = page.getByTestId('find-booking-form');
    // What cannot be a reference is refused before anything is sent.
    await form.getByLabel('Booking reference').fill('HI-12');
    await form.getByLabel('E-mail address').fill(renter.email);
    await form.getByRole('button', { name: 'Send me the link' }).click();
    await expect(form.getByText(messages.validation.reference)).toBeVisible();

    // A match, typed as people type it: lower case, no hyphen.
    await form.getByLabel('Booking reference').fill(reference.replace('-', '').toLowerCase());
    await form.getByRole('button', { name: 'Send me the link' }).click();
    const sent = page.getByTestId('find-booking-sent');
    await expect(sent).toContainText(messages.myBooking.findSent);
    await expect(sent.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
    const matched = (await sent.textContent()) ?? '';

    // A non-match: a real-looking reference with another address.
    await sent.getByRole('button', { name: 'Find another booking' }).click();
    await form.getByLabel('Booking reference').fill(reference);
    await form.getByLabel('E-mail address').fill(`nobody.${renter.tag}@example.com`);
    await form.getByRole('button', { name: 'Send me the link' }).click();
    await expect(sent).toBeVisible();
    expect(await sent.textContent()).toBe(matched);

    const mail = await mailAbout(renter.email, `Your booking ${reference}`);
    await page.goto(manageLinkIn(mail));
    await expect(page.getByTestId('my-booking-reference')).toHaveText(reference);
  });

  test('a refused request sent with the keyboard takes the focus to its first field with an error, which names that error', async ({ page }) => {
    await page.goto('/find-booking');
    const form = page.getByTestId('find-booking-form');
    await form.getByLabel('E-mail address').fill('ana@example.com');
    await form.getByRole('button', { name: 'Send me the link' }).focus();
    await page.keyboard.press('Enter');
    const reference = form.getByRole('textbox', { name: 'Booking reference' });
    await expect(reference).toBeFocused();
    await expect(reference).toHaveAttribute('aria-invalid', 'true');
    await expect(reference).toHaveAccessibleDescription(new RegExp(messages.validation.reference));
  });

  test('is linked from the footer and the header', async ({ page }) => {
    await page.goto('/pcc');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Find my booking' }).click();
    await expect(page).toHaveURL('/find-booking');
    await expect(page.getByRole('heading', { level: 1, name: 'Find my booking' })).toBeVisible();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find my booking' }).click();
    await expect(page).toHaveURL('/find-booking');
  });
});

test.describe('staff and the renter', () => {
  test('staff ask for a new document in the dashboard; the renter sends it from their booking’s page', async ({ page, browser }) => {
    test.slow();
    const renter = uniqueRenter('Docs');
    const booking = await bookThroughPublicSite(page.request, renter);
    const [{ reference }] = (await query<{ reference: string }>('select reference from booking where id = $1', [booking.id])) as [{ reference: string }];

    await openDashboard(page, 'bookings');
    await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(reference.toLowerCase());
    const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
    await expect(card.getByTestId('booking-reference')).toHaveText(reference);
    await expect(page.getByTestId('booking-card')).toHaveCount(1);
    // Nobody has confirmed it yet: its hold runs.
    await expect(card.getByTestId('hold-badge')).toHaveText(/^Hold: \d+ h left$/);

    await card.getByRole('button', { name: `Request a new document: ${renter.fullName}, ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a new document' });
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByText(messages.validation.documentField)).toBeVisible();
    await choose(page, dialog.getByRole('combobox', { name: 'Document' }), 'Photo ID #2');
    await dialog.getByLabel('What is wrong with it').fill('The photo is blurred: we cannot read the expiry date.');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(notice(page, messages.admin.success.requestDocument)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('document-requested')).toContainText('Asked for a new Photo ID #2: The photo is blurred');

    const request = await mailAbout(renter.email, `Please send a new Photo ID #2 for ${reference}`);
    expect(request.text).toContain('The photo is blurred: we cannot read the expiry date.');
    const renterPage = await (await browser.newContext()).newPage();
    await renterPage.goto(manageLinkIn(request));
    const asked = renterPage.getByTestId('document-request');
    await expect(asked.getByRole('heading', { name: 'We need a new Photo ID #2' })).toBeVisible();
    await expect(asked).toContainText('The photo is blurred: we cannot read the expiry date.');
    await asked.getByLabel('Photo ID #2', { exact: true }).setInputFiles(pngFile('new-umid.png'));
    await expect(renterPage.getByRole('alert').filter({ hasText: messages.myBooking.documentReplaced })).toBeVisible();
    await expect(renterPage.getByTestId('document-received')).toBeVisible();
    await expect(renterPage.getByTestId('document-request')).toHaveCount(0);

    const [stored] = await query<{ photo_id2_url: string; requested_document: string | null }>('select photo_id2_url, requested_document from booking where id = $1', [booking.id]);
    expect(stored!.requested_document).toBeNull();
    expect(stored!.photo_id2_url).toMatch(/^\/objects\/private\//);
    expect(stored!.photo_id2_url).not.toBe(booking.documents.photoId2Url);
    await waitForMail((mail) => mail.subject === `New Photo ID #2 for ${reference}`);

    // A payment staff record shows on the renter's page with the balance left.
    const paid = await page.request.patch(`/api/admin/bookings/${booking.id}/payment`, { headers: staffHeaders(), data: { amount: '1000' } });
    expect(paid.status(), await paid.text()).toBe(200);
    await mailAbout(renter.email, `Payment received: ₱1,000 for ${reference}`);
    await renterPage.reload();
    await expect(renterPage.getByRole('list', { name: 'Payments recorded' }).getByRole('listitem')).toHaveText([/· Cash\s*₱1,000$/]);
    await expect(renterPage.getByTestId('my-booking-balance')).toHaveText(formatPeso(toCentavos(booking.total) - 100_000, 'centavos'));
    // The receipt says so too, printed as on screen: the payments' card is not printed.
    await renterPage.emulateMedia({ media: 'print' });
    const printed = renterPage.getByTestId('my-booking-receipt');
    await expect(printed.getByTestId('receipt-paid')).toHaveText(formatPeso('1000'));
    await expect(printed.getByTestId('receipt-balance')).toHaveText(formatPeso(toCentavos(booking.total) - 100_000, 'centavos'));
    await expect(renterPage.getByTestId('my-booking-payments')).toBeHidden();
    await renterPage.emulateMedia({ media: 'screen' });

    // Opened by the renter, the booking holds its days: staff see it confirmed by e-mail, and the request gone.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(reference);
    await expect(card.getByTestId('hold-badge')).toHaveText('E-mail confirmed');
    await expect(card.getByTestId('document-requested')).toHaveCount(0);
  });

  test('staff correct a mistyped address: the renter gets the booking there, and the first e-mail’s link stops working', async ({ page, browser }) => {
    const renter = uniqueRenter('Typo');
    const typo = renter.email.replace('@example.com', '@exmaple.com');
    const booking = await bookThroughPublicSite(page.request, { ...renter, email: typo });
    const [{ reference }] = (await query<{ reference: string }>('select reference from booking where id = $1', [booking.id])) as [{ reference: string }];
    const firstLink = manageLinkIn(await mailAbout(typo, 'Booking received'));

    await openDashboard(page, 'bookings');
    await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(reference);
    const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
    await card.getByRole('button', { name: `Correct e-mail: ${renter.fullName}, ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct the renter’s e-mail' });
    await expect(dialog.getByTestId('current-email')).toHaveText(`Now: ${typo}`);
    await dialog.getByLabel('Right e-mail address').fill(typo.toUpperCase());
    await dialog.getByRole('button', { name: 'Correct and Send' }).click();
    await expect(dialog.getByText(messages.errors.sameRenterEmail)).toBeVisible();
    await dialog.getByLabel('Right e-mail address').fill('not an address');
    await dialog.getByRole('button', { name: 'Correct and Send' }).click();
    await expect(dialog.getByText(messages.validation.email)).toBeVisible();
    await dialog.getByLabel('Right e-mail address').fill(renter.email);
    await dialog.getByRole('button', { name: 'Correct and Send' }).click();
    await expect(notice(page, messages.admin.success.correctEmail)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText(renter.email);
    await expect(card).not.toContainText(typo);
    // Staff have seen it: its hold no longer runs out.
    await expect(card.getByTestId('hold-badge')).toHaveCount(0);

    const renterPage = await (await browser.newContext()).newPage();
    await renterPage.goto(firstLink);
    await expect(renterPage.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    // The renter's e-mail at the right address says the garage corrected it, and its link works.
    await renterPage.goto(manageLinkIn(await mailAbout(renter.email, 'E-mail address corrected')));
    await expect(renterPage.getByText(reference).first()).toBeVisible();
    await expect(renterPage.getByRole('heading', { level: 1, name: 'This link does not work' })).toHaveCount(0);
  });

  test('staff see where a returning renter’s booking differs from the customer record and apply it', async ({ page }) => {
    const first = uniqueRenter('Returning');
    const booking = await bookThroughPublicSite(page.request, first);
    // The renter proves the address (opens the link), then books again under another name and phone.
    await page.request.post('/api/my-booking', { data: { token: new URL(manageLinkIn(await mailAbout(first.email, 'Booking received'))).hash.slice(1) } });
    const again = await bookThroughPublicSite(page.request, { ...first, fullName: `${first.fullName} Reyes`, phone: '0918 222 3333' });
    const [{ reference }] = (await query<{ reference: string }>('select reference from booking where id = $1', [again.id])) as [{ reference: string }];

    await openDashboard(page, 'bookings');
    await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(first.email);
    await expect(page.getByTestId('booking-card')).toHaveCount(2);
    const card = page.locator(`[data-booking-id="${again.id}"]`);
    await expect(card.getByTestId('customer-differs')).toContainText('Name, Phone, Photo ID #1, Photo ID #2, Proof of Billing');
    await expect(page.locator(`[data-booking-id="${booking.id}"]`).getByTestId('customer-differs')).toHaveCount(0);

    await card.getByRole('button', { name: `Apply to customer record: ${first.fullName} Reyes, ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply to the customer record?' });
    await expect(dialog).toContainText(`The customer record of ${first.fullName} Reyes takes this booking's Name, Phone`);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(notice(page, messages.admin.success.applyToCustomer)).toBeVisible();
    await expect(card.getByTestId('customer-differs')).toHaveCount(0);
    expect(await query('select full_name, phone from customer where id = $1', [again.customerId])).toEqual([{ full_name: `${first.fullName} Reyes`, phone: '0918 222 3333' }]);
    // The first booking keeps its own details, and now differs from the record.
    await expect(page.locator(`[data-booking-id="${booking.id}"]`).getByTestId('customer-differs')).toContainText('Name, Phone');
  });
});

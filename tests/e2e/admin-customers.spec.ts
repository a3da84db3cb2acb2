import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import dayjs from 'dayjs';
import { addDays, formatInstant, todayInManila } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { expect, query, staffHeaders, test } from './support';
import { bookThroughPublicSite, choose, newCustomerViaApi, notice, openDashboard, pickDate, uniqueRenter } from './admin-helpers';
import { newCarViaApi } from './support/booking';

const SEARCH = 'Search by name, e-mail or phone';

test('staff add a customer with a first booking in the renter’s language, edit them, and export the CSV', async ({ page }) => {
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
  await choose(page, dialog.getByRole('combobox', { name: 'Renter’s language' }), 'Filipino');
  await dialog.getByRole('button', { name: 'Add Customer' }).click();
  await expect(notice(page, `Customer and initial booking (${car!.name}) added successfully!`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The booking is the renter's language staff chose: their e-mails, and the page their link opens.
  expect(await query('select locale::text from booking where renter_email = $1', [renter.email])).toEqual([{ locale: 'fil' }]);

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

/** A walk-in with a completed booking picked up 40 days ago, recorded by staff through the API, and ₱1,500 paid on it. */
async function customerWithPastBooking(request: APIRequestContext, renter: { fullName: string; email: string; phone: string }) {
  const [car] = await query<{ id: string }>("select id from car where name not like 'E2E %' order by random() limit 1");
  const pickupDate = addDays(todayInManila(), -40);
  const { customer, booking } = await newCustomerViaApi(request, {
    ...renter,
    license: 'N03-33-445566',
    address: 'Lucap, Alaminos City',
    initialBooking: { carId: car!.id, pickupDate, returnDate: addDays(pickupDate, 2), total: '4000', status: 'completed' },
  });
  if (!booking) throw new Error('the initial booking was not made');
  const paid = await request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: '1500', method: 'cash' }, headers: staffHeaders() });
  expect(paid.status(), await paid.text()).toBe(200);
  return { customer, booking };
}

test('the owner erases a customer’s personal data; the booking and payment stay under “Erased customer”, and the card offers no change', async ({ page }) => {
  const renter = uniqueRenter('Erasure');
  const { customer, booking } = await customerWithPastBooking(page.request, renter);
  await openDashboard(page, 'customers');
  await page.getByRole('searchbox', { name: SEARCH }).fill(renter.email);
  const card = page.getByRole('article', { name: renter.fullName });
  await expect(card).toContainText(renter.phone);

  await card.getByRole('button', { name: `More actions for ${renter.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Erase Personal Data' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${renter.fullName}’s personal data?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog).toContainText('Their name, e-mail address, phone, license, address and documents are erased everywhere, including the activity log.');
  await expect(dialog).toContainText('The e-mails to them or about their bookings (the garage’s own notices too) and their enquiries are deleted.');
  await expect(dialog).toContainText('Their booking and its payments stay for the accounts, under the name “Erased customer”.');
  // An irreversible step: the focus waits on the way back.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Erase Personal Data' }).click();
  await expect(notice(page, 'Personal data erased; 1 booking kept for the accounts')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Their old address, which finds no one now, leaves the search box; what remains is shown first.
  await expect(page.getByRole('searchbox', { name: SEARCH })).toHaveValue('');
  await expect(page.getByTestId('customer-card').first().getByTestId('history-reference')).toHaveText([booking.reference]);
  const erased = page.getByTestId('customer-card').filter({ has: page.getByTestId('history-reference').getByText(booking.reference, { exact: true }) });
  await expect(erased.getByRole('heading', { name: 'Erased customer' })).toBeVisible();
  // The menu the focus came from is gone with the card's actions: the card itself takes it.
  await expect(erased).toBeFocused();
  await expect(erased).toContainText('Personal data erased at the customer’s request.');
  for (const gone of [renter.fullName, renter.email, renter.phone, 'N03-33-445566', 'Lucap', 'erased:']) await expect(erased).not.toContainText(gone);
  await expect(erased.getByRole('link')).toHaveCount(0);
  await expect(erased.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(erased.getByRole('button', { name: /^More actions for / })).toHaveCount(0);
  await expect(erased.getByTestId('history-entry')).toContainText(booking.carName);
  await expect(erased.getByTestId('history-entry').getByTestId('status-badge')).toHaveText('Completed');
  await expect(erased.getByTestId('paid')).toHaveText('₱1,500');
  await expect(erased.getByTestId('pending')).toHaveText('₱2,500');

  const [record] = await query<{ full_name: string; email: string; phone: string; erased_at: Date }>('select full_name, email, phone, erased_at from customer where id = $1', [customer.id]);
  expect(record).toEqual({ full_name: 'Erased customer', email: `erased:${customer.id}`, phone: '', erased_at: expect.any(Date) });
  await expect(erased.getByTestId('erased-badge')).toHaveText(`Erased ${formatInstant(record!.erased_at.toISOString(), 'MMM D, YYYY')}`);
  expect(await query('select amount from payment where booking_id = $1', [booking.id])).toEqual([{ amount: '1500.00' }]);

  // The Bookings tab lists the booking under the same name, with no stand-in address.
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(booking.reference);
  const bookingCard = page.locator(`[data-booking-id="${booking.id}"]`);
  await expect(bookingCard.getByRole('heading', { name: 'Erased customer' })).toBeVisible();
  await expect(bookingCard).not.toContainText('erased:');
  await expect(bookingCard.getByRole('link', { name: /^erased:/ })).toHaveCount(0);
  // Its status list offers no way back to holding days (pending, confirmed), which would be refused.
  await bookingCard.getByRole('combobox', { name: /^Status of / }).click();
  await expect(page.getByRole('option')).toHaveText(['Cancelled', 'Completed']);
  await page.keyboard.press('Escape');

  // The activity log says what was done, naming no one.
  await page.getByRole('button', { name: 'Activity Log' }).click();
  await expect(page.getByRole('dialog', { name: 'Activity Log' }).getByTestId('audit-entry').filter({ hasText: "Erased a customer's personal data (1 booking kept)" }).first()).toBeVisible();
});

test('erasing a customer with a confirmed booking ahead is refused with the server’s reason, and changes nothing', async ({ page }) => {
  const renter = uniqueRenter('Keeper');
  const booking = await bookThroughPublicSite(page.request, renter);
  const confirmed = await page.request.patch(`/api/admin/bookings/${booking.id}/status`, { data: { status: 'confirmed' }, headers: staffHeaders() });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await openDashboard(page, 'customers');
  await page.getByRole('searchbox', { name: SEARCH }).fill(renter.email);
  const card = page.getByRole('article', { name: renter.fullName });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `More actions for ${renter.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Erase Personal Data' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${renter.fullName}’s personal data?` });
  await dialog.getByRole('button', { name: 'Erase Personal Data' }).click();
  await expect(notice(page, messages.errors.customerHasBookings)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Closing the dialog gave the focus back to the card's menu button.
  await expect(card.getByRole('button', { name: `More actions for ${renter.fullName}` })).toBeFocused();

  await expect(card.getByRole('link', { name: renter.email })).toBeVisible();
  await expect(card.getByTestId('erased-badge')).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Edit ${renter.fullName}` })).toBeVisible();
  const [record] = await query<{ full_name: string; email: string; erased_at: Date | null }>('select full_name, email, erased_at from customer where id = $1', [booking.customerId]);
  expect(record).toEqual({ full_name: renter.fullName, email: renter.email, erased_at: null });
  expect(await query('select renter_name, status from booking where id = $1', [booking.id])).toEqual([{ renter_name: renter.fullName, status: 'confirmed' }]);
});

test('erasing a customer without bookings removes them, and the dialog says so beforehand', async ({ page }) => {
  const renter = uniqueRenter('Nobooking');
  const { customer } = await newCustomerViaApi(page.request, renter);
  await openDashboard(page, 'customers');
  await page.getByRole('searchbox', { name: SEARCH }).fill(renter.email);
  const card = page.getByRole('article', { name: renter.fullName });
  await card.getByRole('button', { name: `More actions for ${renter.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Erase Personal Data' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${renter.fullName}’s personal data?` });
  await expect(dialog).toContainText('They have no bookings, so their record is removed entirely.');
  await dialog.getByRole('button', { name: 'Erase Personal Data' }).click();
  await expect(notice(page, 'Customer removed: they had no bookings to keep')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: SEARCH })).toBeFocused();
  expect(await query('select id from customer where id = $1', [customer.id])).toEqual([]);
});

test('a returning customer books again by phone from their card: their record takes the booking, at the hour, with the driver and in the language asked for', async ({ page }) => {
  await openDashboard(page, 'customers');
  const renter = uniqueRenter('Again');
  const { customer } = await newCustomerViaApi(page.request, { fullName: renter.fullName, email: renter.email, phone: renter.phone });
  const car = await newCarViaApi(page.request, {}, { dailyRate: '2000' });
  await page.getByRole('searchbox', { name: /^Search/ }).fill(renter.email);
  const card = page.getByRole('article', { name: renter.fullName });
  await card.getByRole('button', { name: `New booking for ${renter.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'New Booking' });
  await expect(dialog.getByLabel('E-mail address')).toHaveValue(renter.email);
  await expect(dialog.getByLabel('Full name')).toHaveValue(renter.fullName);
  // Nothing chosen yet: the form says what is missing, and sends nothing.
  await dialog.getByRole('button', { name: 'Add Booking' }).click();
  await expect(dialog.getByText(messages.validation.chooseCar)).toBeVisible();
  await expect(dialog.getByText(messages.validation.pickupDate)).toBeVisible();

  const pickup = addDays(todayInManila(), 45);
  await choose(page, dialog.getByRole('combobox', { name: 'Car' }), `${car.name} (₱2,000/day)`);
  await pickDate(page, dialog.getByLabel('Pick-up date'), pickup);
  await pickDate(page, dialog.getByLabel('Return date'), addDays(pickup, 2));
  await choose(page, dialog.getByRole('combobox', { name: 'Pick-up time' }), '2:00 PM');
  await choose(page, dialog.getByRole('combobox', { name: 'Driver' }), 'With Driver - Within Pangasinan');
  await choose(page, dialog.getByRole('combobox', { name: 'Renter’s language' }), 'Filipino');
  await expect(dialog).toContainText('Price list: ₱');
  await dialog.getByRole('button', { name: 'Add Booking' }).click();
  await expect(notice(page, /^Booking HI-[0-9A-Z]{6} added$/)).toBeVisible();
  await expect(dialog).toBeHidden();

  expect(await query("select customer_id, pickup_time::text, driver_service::text, status::text, locale::text from booking where renter_email = $1", [renter.email])).toEqual([
    { customer_id: customer.id, pickup_time: '2:00 PM', driver_service: 'within_pangasinan', status: 'confirmed', locale: 'fil' },
  ]);
});

test('a booking paid in full from the customer’s card leaves the keyboard’s focus on their booking history, not on the page', async ({ page }) => {
  await openDashboard(page, 'customers');
  const renter = uniqueRenter('Settled');
  const car = await newCarViaApi(page.request, staffHeaders(), { dailyRate: '1800' });
  await newCustomerViaApi(page.request, { fullName: renter.fullName, email: renter.email, phone: renter.phone });
  const made = await page.request.post('/api/admin/bookings', {
    headers: staffHeaders(),
    data: { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: addDays(todayInManila(), 30), returnDate: addDays(todayInManila(), 31), status: 'confirmed' },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.getByRole('searchbox', { name: /^Search/ }).fill(renter.email);
  const card = page.getByRole('article', { name: renter.fullName });
  await card.getByRole('button', { name: `Add Payment: ${renter.fullName}, ${car.name}` }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Payment' });
  // The whole balance is offered.
  await expect(dialog.getByLabel('Amount (₱)')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Record Payment' }).press('Enter');
  await expect(notice(page, 'Payment updated successfully!')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Add Payment/ })).toHaveCount(0);
  await expect(card.getByLabel(`Booking History: ${renter.fullName}`)).toBeFocused();
});

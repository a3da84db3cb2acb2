import { expect, query, test } from './support';
import { bookThroughPublicSite, choose, newBookingViaApi, notice, openDashboard, pickDate, uniqueRenter } from './admin-helpers';
import { newCarViaApi } from './support/booking';
import { addDays, todayInManila } from '../../src/shared/dates';
import { formatPeso, toCentavos } from '../../src/shared/money';

test('a booking made on the public site is listed, its status changed, and paid in two parts', async ({ page }) => {
  const renter = uniqueRenter('Bookings');
  const booking = await bookThroughPublicSite(page.request, renter, {
    wantsDelivery: true,
    deliveryArea: 'bolinao',
    deliveryAddress: '12 Rizal Street, Bolinao',
    driverService: 'within_pangasinan',
  });
  await openDashboard(page, 'bookings');

  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('booking-card')).toHaveCount(1);
  await expect(card.getByTestId('booking-id')).toHaveText(booking.id.toUpperCase());
  await expect(card).toContainText(renter.email);
  await expect(card.getByTestId('delivery-address')).toContainText('12 Rizal Street, Bolinao');
  await expect(card.getByTestId('booking-total')).toHaveText(formatPeso(booking.total));
  await expect(card.getByRole('term')).toHaveText([/^Vehicle rental · 3 days/, /^Driver service · ₱1,500\/day/, 'Delivery', 'Insurance', 'Total']);
  await expect(card.getByRole('definition')).toHaveText(['₱', '₱4,500', '₱600', '₱500', formatPeso(booking.total)].map((text, i) => (i === 0 ? /^₱[\d,]+$/ : text)));
  await expect(card.getByTestId('status-badge')).toHaveText('Pending');
  await expect(card.getByTestId('payment-state')).toContainText('Not Paid');

  // Search by the start of the booking id, as it is read out over the phone.
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(booking.id.slice(0, 8).toUpperCase());
  await expect(card).toBeVisible();

  // Status dropdown and badge colours.
  await choose(page, card.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` }), 'Confirmed');
  await expect(notice(page, 'Booking status updated!')).toBeVisible();
  await expect(card.getByTestId('status-badge')).toHaveText('Confirmed');
  await expect(card.getByTestId('status-badge')).toHaveAttribute('style', /green/);
  expect(await query('select status from booking where id = $1', [booking.id])).toEqual([{ status: 'confirmed' }]);

  // The status filter keeps the booking under Confirmed and not under Cancelled.
  await choose(page, page.getByRole('combobox', { name: 'Status', exact: true }), 'Cancelled');
  await expect(page.getByText('No bookings match.')).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Status', exact: true }), 'Confirmed');
  await expect(card).toBeVisible();

  // A partial payment, then the rest.
  const total = toCentavos(booking.total);
  const part = Math.floor(total / 200) * 100;
  await card.getByRole('button', { name: `Add Payment: ${renter.fullName}, ${booking.carName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment' });
  await dialog.getByLabel('Amount (₱)').fill(String(total / 100 + 1));
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(dialog.getByText(/At most the remaining balance/)).toBeVisible();
  await dialog.getByLabel('Amount (₱)').fill(String(part / 100));
  await choose(page, dialog.getByRole('combobox', { name: 'Method' }), 'GCash');
  await dialog.getByLabel('Note (optional)').fill('GCash ref 4471');
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(notice(page, 'Payment updated successfully!')).toBeVisible();
  await expect(card.getByTestId('payment-state')).toContainText('Partially Paid');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.floor((part / total) * 100)));

  // The rest, from the keyboard: the Add Payment button goes once nothing is owed, and the focus
  // it had comes back to the booking's payments instead of falling to the page.
  await card.getByRole('button', { name: `Add Payment: ${renter.fullName}, ${booking.carName}` }).press('Enter');
  await expect(dialog.getByLabel('Amount (₱)')).toHaveValue(String((total - part) / 100));
  await dialog.getByRole('button', { name: 'Record Payment' }).press('Enter');
  await expect(notice(page, 'Payment updated successfully!')).toBeVisible();
  await expect(card.getByTestId('payment-state')).toContainText('Fully Paid');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByRole('button', { name: /Add Payment/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Show payments' })).toBeFocused();
  await card.getByRole('button', { name: 'Show payments' }).click();
  const ledger = card.getByRole('list', { name: `Payments recorded for ${renter.fullName}` });
  await expect(ledger.getByTestId('payment-row')).toHaveCount(2);
  await expect(ledger.getByTestId('payment-row').first()).toContainText(`${formatPeso((part / 100).toFixed(2))} · GCash`);
  await expect(ledger.getByTestId('payment-row').first()).toContainText('GCash ref 4471');

  const payments = await query<{ amount: string; method: string; note: string | null }>('select amount, method, note from payment where booking_id = $1 order by created_at', [booking.id]);
  expect(payments).toEqual([
    { amount: (part / 100).toFixed(2), method: 'gcash', note: 'GCash ref 4471' },
    { amount: ((total - part) / 100).toFixed(2), method: 'cash', note: null },
  ]);
});

test('the server’s message is shown when a status change is refused', async ({ page }) => {
  const renter = uniqueRenter('Refused');
  const booking = await bookThroughPublicSite(page.request, renter);
  await openDashboard(page, 'bookings');
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
  await expect(card).toBeVisible();
  // Cancelling asks first: kept, nothing changes.
  const status = card.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` });
  await choose(page, status, 'Cancelled');
  const asking = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(asking).toContainText(`${renter.fullName} is e-mailed that the booking is cancelled`);
  await asking.getByRole('button', { name: 'Keep Booking' }).click();
  await expect(asking).toBeHidden();
  await expect(card.getByTestId('status-badge')).toHaveText('Pending');
  await expect(status).toHaveValue('Pending');
  const [kept] = await query<{ status: string }>('select status from booking where id = $1', [booking.id]);
  expect(kept!.status).toBe('pending');
  // Cancel it, let someone else take the same days, then try to re-activate it.
  await choose(page, status, 'Cancelled');
  await asking.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(card.getByTestId('status-badge')).toHaveText('Cancelled');
  const [row] = await query<{ car_id: string; pickup_date: string; return_date: string }>(
    "select car_id, to_char(pickup_date, 'YYYY-MM-DD') as pickup_date, to_char(return_date, 'YYYY-MM-DD') as return_date from booking where id = $1",
    [booking.id],
  );
  const other = await page.request.post('/api/admin/bookings', {
    data: { customerEmail: uniqueRenter('Other').email, customerName: 'Other Renter', carId: row!.car_id, pickupDate: row!.pickup_date, returnDate: row!.return_date, status: 'confirmed' },
  });
  expect(other.status(), await other.text()).toBe(201);
  const holder = (await other.json()) as { reference: string };
  await choose(page, card.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` }), 'Pending');
  const error = notice(page, 'Error');
  // Staff are told which booking holds the days.
  await expect(error).toContainText(`Those dates are no longer available for this car: booking ${holder.reference} (Other Renter,`);
  await expect(card.getByTestId('status-badge')).toHaveText('Cancelled');
});

test('the activity log says whose booking a payment was for, and offers only the kinds of changes it records', async ({ page }) => {
  const renter = uniqueRenter('Logged');
  const booking = await bookThroughPublicSite(page.request, renter);
  await openDashboard(page, 'bookings');
  const paid = await page.request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: '1000', method: 'gcash' } });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.getByRole('button', { name: 'Activity Log' }).click();
  const log = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(log.getByTestId('audit-entry').filter({ hasText: new RegExp(`^Recorded payment of ₱1,000 \\(GCash\\) for ${renter.fullName}, HI-[0-9A-Z]{6}: paid ₱0 → ₱1,000`) })).toBeVisible();
  await log.getByRole('combobox', { name: 'Show' }).click();
  await expect(page.getByRole('option')).toHaveText(['Cars', 'Bookings', 'Payments', 'Customers', 'Blocked names', 'Staff accounts']);
});

test('asking for another document says which open request it replaces', async ({ page }) => {
  const renter = uniqueRenter('Twice');
  const booking = await bookThroughPublicSite(page.request, renter);
  await openDashboard(page, 'bookings');
  const asked = await page.request.post(`/api/admin/bookings/${booking.id}/document-request`, { data: { field: 'photoId1Url', note: 'The photo is blurred.' } });
  expect(asked.status(), await asked.text()).toBe(200);
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
  await expect(card.getByTestId('document-requested')).toContainText('Asked for a new Photo ID #1: The photo is blurred.');
  await card.getByRole('button', { name: /^Request a new document: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a new document' });
  await expect(dialog.getByTestId('request-replaces')).toHaveText(
    'This replaces the open request for a new Photo ID #1 (“The photo is blurred.”): the renter’s page then asks only for the document you choose here.',
  );
});

test('staff move a booking to other days: the new total shows before saving, the renter is e-mailed, and taken days are refused', async ({ page }) => {
  await openDashboard(page, 'bookings');
  const car = await newCarViaApi(page.request, {}, { dailyRate: '2000' });
  const renter = uniqueRenter('Moving');
  const pickup = addDays(todayInManila(), 40);
  const booking = await newBookingViaApi(
    page.request,
    { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: pickup, returnDate: addDays(pickup, 2), status: 'confirmed', total: '4000' },
    '4000',
  );
  // Another renter has the days just after the new ones.
  await newBookingViaApi(page.request, { customerEmail: uniqueRenter('Next').email, customerName: 'Next Renter', carId: car.id, pickupDate: addDays(pickup, 6), returnDate: addDays(pickup, 8), status: 'confirmed' });

  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${car.name}` });
  await card.getByRole('button', { name: `Change dates: ${renter.fullName}, ${booking.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the dates' });
  await expect(dialog).toContainText('The renter is e-mailed the new dates, time and receipt.');
  await expect(dialog.getByRole('combobox', { name: 'Pick-up time' })).toHaveValue('9:00 AM');
  // One day fewer: less than the renter has paid, which the dialog says before the server would.
  await pickDate(page, dialog.getByLabel('Pick-up date'), addDays(pickup, 1));
  await expect(dialog.getByTestId('repriced')).toContainText(`New dates: 1 day, ${formatPeso(toCentavos(booking.total) / 100 - 2000)}`);
  await expect(dialog.getByTestId('repriced-refusal')).toContainText(`would be less than what has been paid (${formatPeso(booking.total)}): record a refund first`);
  // Then two more days at ₱2,000 a day (the agreed adjustment is kept).
  await pickDate(page, dialog.getByLabel('Return date'), addDays(pickup, 4));
  await expect(dialog.getByTestId('repriced')).toContainText(`New dates: 3 days, ${formatPeso(toCentavos(booking.total) / 100 + 2000)}`);
  await expect(dialog.getByTestId('repriced-refusal')).toHaveCount(0);
  // Days another booking holds: refused, nothing changes.
  await pickDate(page, dialog.getByLabel('Return date'), addDays(pickup, 7));
  await dialog.getByRole('button', { name: 'Save Dates' }).click();
  await expect(notice(page, 'Error')).toContainText('Those dates are no longer available for this car');
  await pickDate(page, dialog.getByLabel('Return date'), addDays(pickup, 4));
  await choose(page, dialog.getByRole('combobox', { name: 'Pick-up time' }), '2:00 PM');
  await dialog.getByRole('button', { name: 'Save Dates' }).click();
  await expect(notice(page, 'Dates changed!')).toBeVisible();
  await expect(card).toContainText('Pick-up at 2:00 PM');
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('booking-total')).toHaveText(formatPeso(toCentavos(booking.total) / 100 + 2000));
  expect(await query("select to_char(pickup_date, 'YYYY-MM-DD') as pickup_date, to_char(return_date, 'YYYY-MM-DD') as return_date, total_days, pickup_time::text from booking where id = $1", [booking.id])).toEqual([
    { pickup_date: addDays(pickup, 1), return_date: addDays(pickup, 4), total_days: 3, pickup_time: '2:00 PM' },
  ]);
  expect(await query("select count(*)::int as n from mail_message where kind = 'booking.dates_changed' and \"to\" = $1", [renter.email.toLowerCase()])).toEqual([{ n: 1 }]);
});

test('staff record a refund on a cancelled booking, the amount the terms give back suggested, and the ledger shows it', async ({ page }) => {
  await openDashboard(page, 'bookings');
  const car = await newCarViaApi(page.request, {});
  const renter = uniqueRenter('Refunded');
  const pickup = addDays(todayInManila(), 30);
  const made = await page.request.post('/api/admin/bookings', {
    data: { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: pickup, returnDate: addDays(pickup, 2), status: 'confirmed' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()) as { id: string };
  expect((await page.request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: '2000', method: 'gcash' } })).status()).toBe(200);
  expect((await page.request.patch(`/api/admin/bookings/${booking.id}/status`, { data: { status: 'cancelled' } })).status()).toBe(200);

  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${car.name}` });
  await expect(card.getByRole('button', { name: /^Add Payment/ })).toHaveCount(0);
  // Nothing is owed on a cancelled booking: what was paid is money held, not a part payment.
  await expect(card.getByTestId('payment-state')).toContainText('Money Held');
  await expect(card.getByTestId('payment-state')).toContainText('₱2,000 paid in');
  await card.getByRole('button', { name: `Record Refund: ${renter.fullName}, ${car.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record Refund' });
  await expect(dialog).toContainText('Paid so far: ₱2,000');
  // Cancelled a month before pick-up: the terms give it all back.
  await expect(dialog.getByTestId('terms-refund')).toContainText('The terms give back ₱2,000');
  await expect(dialog.getByLabel('Amount given back (₱)')).toHaveValue('2000');
  await dialog.getByLabel('Amount given back (₱)').fill('2500');
  await dialog.getByRole('button', { name: 'Record Refund' }).click();
  await expect(dialog.getByText('At most the ₱2,000 paid')).toBeVisible();
  await dialog.getByLabel('Amount given back (₱)').fill('1500');
  await choose(page, dialog.getByRole('combobox', { name: 'Method' }), 'GCash');
  await dialog.getByRole('button', { name: 'Record Refund' }).click();
  await expect(notice(page, 'Refund recorded! The renter has been e-mailed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: 'Show payments' }).click();
  await expect(card.getByTestId('payment-row')).toHaveCount(2);
  await expect(card.getByTestId('payment-row').last()).toContainText('−₱1,500 · Refund · GCash');
  expect(await query('select amount_paid::text from booking where id = $1', [booking.id])).toEqual([{ amount_paid: '500.00' }]);
  await expect(card.getByTestId('payment-state')).toContainText('₱500 paid in');
  // Asked again, the terms' amount counts what was already given back.
  await card.getByRole('button', { name: `Record Refund: ${renter.fullName}, ${car.name}` }).click();
  await expect(dialog.getByTestId('terms-refund')).toContainText('The terms give back ₱500 more (₱1,500 already given back)');
  await expect(dialog.getByLabel('Amount given back (₱)')).toHaveValue('500');
  // All of it given back, the cancelled booking owes nothing and holds nothing: not "Not Paid, ₱0 of" its total.
  await dialog.getByRole('button', { name: 'Record Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('payment-state')).toContainText('Nothing Owed');
  await expect(card.getByTestId('payment-state')).toContainText('nothing to collect');
  await expect(card.getByTestId('payment-state')).not.toContainText('of ₱');
});

test('the owner voids a payment typed wrong: it stays in the ledger struck through, what was paid goes down, the renter is e-mailed why', async ({ page }) => {
  await openDashboard(page, 'bookings');
  const car = await newCarViaApi(page.request, {});
  const renter = uniqueRenter('Voided');
  const pickup = addDays(todayInManila(), 40);
  const booking = await newBookingViaApi(page.request, { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: pickup, returnDate: addDays(pickup, 3), total: '9000', status: 'confirmed' }, '500');
  expect((await page.request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: '5000' } })).status()).toBe(200);

  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${car.name}` });
  await expect(card.getByTestId('payment-state')).toContainText('₱5,500 of ₱9,000');
  await card.getByRole('button', { name: 'Show payments' }).click();
  await expect(card.getByTestId('payment-row')).toHaveCount(2);
  await card.getByRole('button', { name: /^Void this entry: ₱5,000 · Cash/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Void an entry made by mistake' });
  await expect(dialog.getByTestId('voided-entry')).toContainText('₱5,000 · Cash');
  await dialog.getByRole('button', { name: 'Void Entry' }).click();
  await expect(dialog.getByText('Say why this entry is being voided')).toBeVisible();
  await dialog.getByLabel('Why is it being voided?').fill('Typed 5000 instead of 500');
  await dialog.getByRole('button', { name: 'Void Entry' }).click();
  await expect(notice(page, 'Entry voided. The renter has been e-mailed the correction.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const voided = card.locator('[data-testid="payment-row"][data-voided="true"]');
  await expect(voided).toContainText('Voided by');
  await expect(voided).toContainText('Typed 5000 instead of 500');
  await expect(voided.getByRole('button', { name: /^Void this entry/ })).toHaveCount(0);
  await expect(card.getByTestId('payment-state')).toContainText('₱500 of ₱9,000');
  expect(await query('select amount_paid::text from booking where id = $1', [booking.id])).toEqual([{ amount_paid: '500.00' }]);
  expect(await query("select count(*)::int as n from mail_message where kind = 'payment.voided' and \"to\" = $1", [renter.email.toLowerCase()])).toEqual([{ n: 1 }]);
});

test('a refused void keeps its reason in the dialog after the notice is gone, until the dialog opens for another entry', async ({ page }) => {
  await openDashboard(page, 'bookings');
  const car = await newCarViaApi(page.request, {});
  const renter = uniqueRenter('Refused');
  const pickup = addDays(todayInManila(), 44);
  const booking = await newBookingViaApi(page.request, { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: pickup, returnDate: addDays(pickup, 3), total: '9000', status: 'confirmed' }, '500');
  expect((await page.request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: '5000' } })).status()).toBe(200);
  expect((await page.request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: '4000', kind: 'refund' } })).status()).toBe(200);

  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${car.name}` });
  await card.getByRole('button', { name: 'Show payments' }).click();
  await expect(card.getByTestId('payment-row')).toHaveCount(3);
  await card.getByRole('button', { name: /^Void this entry: ₱5,000 · Cash/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Void an entry made by mistake' });
  await dialog.getByLabel('Why is it being voided?').fill('Typed 5000 instead of 500');
  await dialog.getByRole('button', { name: 'Void Entry' }).click();
  const refused = 'Voiding this payment would leave less than nothing paid: void the refunds recorded after it first';
  await notice(page, refused).getByRole('button', { name: 'Close notification' }).click();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(dialog.getByTestId('dialog-refusal')).toHaveText(refused);
  expect(await query('select amount_paid::text from booking where id = $1', [booking.id])).toEqual([{ amount_paid: '1500.00' }]);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: /^Void this entry: .*₱4,000.* · Refund · Cash/ }).click();
  await expect(dialog.getByTestId('voided-entry')).toContainText('₱4,000');
  await expect(dialog.getByTestId('dialog-refusal')).toHaveCount(0);
});

test('a status chosen on a card that is out of date is refused with what the booking is now, and the card catches up', async ({ page }) => {
  const renter = uniqueRenter('Stale');
  const booking = await bookThroughPublicSite(page.request, renter);
  await openDashboard(page, 'bookings');
  // The search's own answer, not the unfiltered list's card (newest first) while the search is still on its way.
  const searched = page.waitForResponse((response) => response.url().includes('bookings.list') && decodeURIComponent(response.url()).includes(renter.email));
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  await searched;
  const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
  await expect(page.getByTestId('booking-card')).toHaveCount(1);
  await expect(card.getByTestId('status-badge')).toHaveText('Pending');

  // Cancelled meanwhile (the renter on their page, another person): this card still says Pending.
  expect((await page.request.patch(`/api/admin/bookings/${booking.id}/status`, { data: { status: 'cancelled' } })).status()).toBe(200);
  await choose(page, card.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` }), 'Confirmed');
  await expect(notice(page, 'This booking is Cancelled now: it changed after your page showed it. Look at it again before changing its status.')).toBeVisible();
  await expect(card.getByTestId('status-badge')).toHaveText('Cancelled');
  await expect(card.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` })).toHaveValue('Cancelled');
  expect(await query('select status from booking where id = $1', [booking.id])).toEqual([{ status: 'cancelled' }]);
  expect(await query(`select count(*)::int as n from mail_message where kind = 'booking.confirmed' and "to" = $1`, [renter.email])).toEqual([{ n: 0 }]);
});

test('marking a booking completed while money is owed or its days are still to come asks first, saying what it leaves', async ({ page }) => {
  await openDashboard(page, 'bookings');
  const car = await newCarViaApi(page.request, {}, { dailyRate: '2000' });
  const renter = uniqueRenter('Completing');
  const pickup = addDays(todayInManila(), 20);
  const booking = await newBookingViaApi(
    page.request,
    { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: pickup, returnDate: addDays(pickup, 2), status: 'confirmed', total: '4000' },
    '1000',
  );

  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(booking.reference);
  const card = page.getByRole('article', { name: `${renter.fullName}, ${car.name}` });
  await choose(page, card.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` }), 'Completed');
  const dialog = page.getByRole('dialog', { name: 'Mark this booking completed?' });
  await expect(dialog).toContainText(`${formatPeso('3000')} of its ${formatPeso('4000')} is still unpaid`);
  await expect(dialog).toContainText('Its rental runs until');
  await dialog.getByRole('button', { name: 'Keep Booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('status-badge')).toHaveText('Confirmed');
  expect(await query('select status from booking where id = $1', [booking.id])).toEqual([{ status: 'confirmed' }]);

  await choose(page, card.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` }), 'Completed');
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(card.getByTestId('status-badge')).toHaveText('Completed');
  expect(await query('select status from booking where id = $1', [booking.id])).toEqual([{ status: 'completed' }]);
});

test('a status chosen with the keyboard keeps the focus on that booking’s status list while it is saved and after', async ({ page }) => {
  const renter = uniqueRenter('Keys');
  await bookThroughPublicSite(page.request, renter);
  await openDashboard(page, 'bookings');
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
  const status = page.getByRole('combobox', { name: `Status of ${renter.fullName}'s booking` });
  await status.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: `Status of ${renter.fullName}'s booking` })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(notice(page, 'Booking status updated!')).toBeVisible();
  await expect(status).toHaveValue('Confirmed');
  await expect(status).toBeFocused();
});

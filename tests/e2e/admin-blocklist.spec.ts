import { addDays, todayInManila } from '../../src/shared/dates';
import { expect, query, test } from './support';
import { bookThroughPublicSite, notice, openDashboard, uniqueRenter } from './admin-helpers';

test('a blocked name cannot book on the public site until it is unblocked', async ({ page }) => {
  const renter = uniqueRenter('Blocked');
  const checkName = async (name: string) => (await (await page.request.get(`/api/blocked-names/check?name=${encodeURIComponent(name)}`)).json()) as { isBlocked: boolean };
  expect(await checkName(renter.fullName)).toEqual({ isBlocked: false });

  await openDashboard(page, 'blocked');
  await page.getByRole('button', { name: 'Block Name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Name' });
  await dialog.getByRole('button', { name: 'Block Name' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();
  await dialog.getByLabel('Full name').fill(`  ${renter.fullName}  `);
  await dialog.getByLabel('Reason (optional)').fill('Returned a car late twice without notice');
  await dialog.getByRole('button', { name: 'Block Name' }).click();
  await expect(notice(page, 'Name blocked successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search blocked names' }).fill(renter.tag);
  const row = page.getByTestId('blocked-name').filter({ hasText: renter.fullName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Returned a car late twice without notice');
  // Blocked by the account signed in (the main owner, named Owner), not an anonymous "admin".
  await expect(row).toContainText(' by Owner');
  expect(await query('select full_name, reason, blocked_by from blocked_name where full_name = $1', [renter.fullName])).toEqual([
    { full_name: renter.fullName, reason: 'Returned a car late twice without notice', blocked_by: 'Owner' },
  ]);

  // The public site refuses the name, whatever its case and spacing.
  expect(await checkName(renter.fullName.toUpperCase())).toEqual({ isBlocked: true });
  const refused = await bookThroughPublicSite(page.request, renter).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(refused).toContain('403');
  expect(refused).toContain('Your name is blocked. Do you think this is a mistake? Please contact us.');

  // Blocking it again is refused with the server's message.
  await page.getByRole('button', { name: 'Block Name' }).click();
  await dialog.getByLabel('Full name').fill(renter.fullName.toLowerCase());
  await dialog.getByRole('button', { name: 'Block Name' }).click();
  await expect(notice(page, 'Error')).toContainText('That name is already on the blocklist');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Unblock, behind a confirmation.
  await row.getByRole('button', { name: `Unblock ${renter.fullName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Unblock this name?' });
  await expect(confirm).toContainText(`${renter.fullName} will be able to book online again.`);
  await confirm.getByRole('button', { name: 'Unblock' }).click();
  await expect(notice(page, 'Name unblocked successfully!')).toBeVisible();
  await expect(row).toBeHidden();
  expect(await checkName(renter.fullName)).toEqual({ isBlocked: false });
  const booking = await bookThroughPublicSite(page.request, renter);
  expect(booking.id).toMatch(/^[0-9a-f-]{36}$/);
});

test('blocking a name that already has a booking ahead says which, and leaves the booking as it is', async ({ page }) => {
  const renter = uniqueRenter('Booked');
  await openDashboard(page, 'blocked');
  const cars = (await (await page.request.get('/api/cars')).json()) as Array<{ id: string; available: boolean; name: string }>;
  const car = cars.find((one) => one.available && !/^E2E /.test(one.name))!;
  let made: { id: string; reference: string; pickupDate: string; returnDate: string } | null = null;
  for (let attempt = 0; attempt < 8 && !made; attempt += 1) {
    const pickupDate = addDays(todayInManila(), 30 + Math.floor(Math.random() * 300));
    const answer = await page.request.post('/api/admin/bookings', {
      data: { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate, returnDate: addDays(pickupDate, 2), status: 'confirmed' },
    });
    if (answer.status() === 409) continue;
    expect(answer.status(), await answer.text()).toBe(201);
    made = (await answer.json()) as typeof made;
  }
  await page.getByRole('button', { name: 'Block Name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Name' });
  await dialog.getByLabel('Full name').fill(renter.fullName.toUpperCase());
  await dialog.getByRole('button', { name: 'Block Name' }).click();
  await expect(notice(page, 'Name blocked successfully!')).toContainText(`Already booked under ${renter.fullName.toUpperCase()}: ${made!.reference} (${car.name},`);
  expect(await query('select status from booking where id = $1', [made!.id])).toEqual([{ status: 'confirmed' }]);
});

import { randomUUID } from 'node:crypto';
import { expect, pngFile, query, staffHeaders, test } from './support';
import { addDays, todayInManila } from '../../src/shared/dates';
import { newCarViaApi } from './support/booking';
import { newBookingViaApi, notice, openDashboard, uniqueRenter } from './admin-helpers';

test('staff add a car with an image, see it on the home page, change its rate and delete it', async ({ page }) => {
  // The dashboard and the public home page in two tabs, every field of the dialog, three reloads: the journey's budget.
  test.slow();
  const name = `E2E Vios ${randomUUID().slice(0, 8)}`;
  await openDashboard(page, 'fleet');
  await page.getByRole('button', { name: 'Add Car' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Car' });
  await expect(dialog).toBeVisible();

  // The spec's defaults for a new car.
  await expect(dialog.getByLabel('Seats')).toHaveValue('5');
  await expect(dialog.getByRole('combobox', { name: 'Transmission' })).toHaveValue('Automatic');
  await expect(dialog.getByRole('combobox', { name: 'Fuel' })).toHaveValue('Gas');
  await expect(dialog.getByLabel('Available for booking')).toBeChecked();

  await dialog.getByLabel('Car name').fill(name);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Compact Sedan', exact: true }).click();
  // An empty daily rate says it is required, not how to write an amount.
  await dialog.getByRole('button', { name: 'Add Car' }).click();
  await expect(dialog.getByText('Daily rate is required')).toBeVisible();
  await dialog.getByLabel('Daily rate (₱)').fill('1750');
  await dialog.getByLabel('Security deposit (₱)').fill('3000');
  await expect(dialog.getByLabel('Odometer')).toHaveAttribute('placeholder', '18,400 km');
  await dialog.getByLabel('Odometer').fill('18400');
  await dialog.getByLabel('Plate number').fill('nbc 1234');

  // Adding without an image is refused.
  await dialog.getByRole('button', { name: 'Add Car' }).click();
  await expect(notice(page, 'Validation Error: Please upload a car image')).toBeVisible();
  expect(await query('select id from car where name = $1', [name])).toEqual([]);

  await dialog.locator('input[type=file]').setInputFiles(pngFile('vios.png', { side: 64, size: 400_000 }));
  await expect(dialog.getByTestId('car-image-preview')).toHaveAttribute('src', /^\/objects\/public\/[0-9a-f-]{36}$/);
  await expect(notice(page, 'Image uploaded successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Car' }).click();
  await expect(notice(page, 'Car added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('car-rate')).toHaveText('₱1,750');
  const [row] = await query<{ images: string[]; plate_number: string; seats: number; deposit: string; mileage: string; category: string }>(
    'select images, plate_number, seats, deposit::text, mileage, category::text from car where name = $1',
    [name],
  );
  expect(row).toMatchObject({ plate_number: 'NBC 1234', seats: 5, deposit: '3000.00', mileage: '18,400 km', category: 'Compact Sedan' });
  expect(row!.images).toHaveLength(1);
  const image = await page.request.get(row!.images[0]!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');

  // The public home page shows it.
  const home = await page.context().newPage();
  await home.goto('/#cars');
  const publicCard = home.getByTestId('car-card').filter({ hasText: name });
  await expect(publicCard).toBeVisible();
  await expect(publicCard.getByRole('img', { name })).toHaveAttribute('src', row!.images[0]!);

  // Edit the rate.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Car' });
  await expect(edit.getByLabel('Car name')).toHaveValue(name);
  await edit.getByLabel('Daily rate (₱)').fill('1950');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Car updated successfully!')).toBeVisible();
  await expect(card.getByTestId('car-rate')).toHaveText('₱1,950');
  await home.reload();
  await expect(home.getByTestId('car-card').filter({ hasText: name })).toContainText('₱1,950');

  // Delete, after a confirmation; cancelling keeps the car.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this car?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete Car' }).click();
  await expect(notice(page, 'Car deleted successfully!')).toBeVisible();
  await expect(card).toBeHidden();
  expect(await query('select id from car where name = $1', [name])).toEqual([]);
  await home.reload();
  await expect(home.getByTestId('car-card').first()).toBeVisible();
  await expect(home.getByTestId('car-card').filter({ hasText: name })).toHaveCount(0);
});

test('taking a car out of service says which renters still hold it, and leaves their bookings for staff to move or cancel', async ({ page }) => {
  await openDashboard(page, 'fleet');
  const car = await newCarViaApi(page.request, staffHeaders());
  const renter = uniqueRenter('Stranded');
  const booking = await newBookingViaApi(page.request, {
    customerEmail: renter.email,
    customerName: renter.fullName,
    carId: car.id,
    pickupDate: addDays(todayInManila(), 12),
    returnDate: addDays(todayInManila(), 15),
    status: 'confirmed',
  });
  await page.reload();
  const card = page.getByRole('article', { name: car.name });
  await card.getByRole('button', { name: `Edit ${car.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Car' });
  await edit.getByLabel('Available for booking').uncheck();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const told = notice(page, `${car.name} still has a booking: ${booking.reference} (${renter.fullName},`);
  await expect(told).toBeVisible();
  await expect(told).toContainText('Taking it out of service stops new bookings only');
  await expect(edit).toBeHidden();
  expect(await query('select status::text from booking where id = $1', [booking.id])).toEqual([{ status: 'confirmed' }]);
});

test('a file that is not a car image is refused before upload', async ({ page }) => {
  await openDashboard(page, 'fleet');
  await page.getByRole('button', { name: 'Add Car' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Car' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await expect(notice(page, 'Car images must be JPG, PNG or WebP files')).toBeVisible();
  await expect(dialog.getByTestId('car-image-preview')).toHaveCount(0);
});

test('staff give a car several pictures, reorder them and remove one; the first is the cover everywhere', async ({ page, request }) => {
  const car = await newCarViaApi(request, staffHeaders(), { name: `E2E Pictures ${randomUUID().slice(0, 8)}` });
  await openDashboard(page, 'fleet');
  const card = page.getByRole('article', { name: car.name });
  await card.getByRole('button', { name: `Edit ${car.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Car' });
  const pictures = dialog.getByTestId('car-image');
  await expect(pictures).toHaveCount(1);

  // Two more at once, uploaded one after the other.
  await dialog.locator('input[type=file]').setInputFiles([pngFile('side.png', { side: 48 }), pngFile('inside.png', { side: 40 })]);
  await expect(pictures).toHaveCount(3);
  const uploaded = await pictures.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
  expect(uploaded.slice(1)).toEqual([expect.stringMatching(/^\/objects\/public\//), expect.stringMatching(/^\/objects\/public\//)]);

  // The third becomes the cover, the new second moves behind the bundled one, and the bundled one goes.
  await dialog.getByRole('button', { name: 'Make picture 3 the cover' }).click();
  await expect(pictures.first().locator('img')).toHaveAttribute('src', uploaded[2]!);
  await expect(pictures.first().getByText('Cover')).toBeVisible();
  await dialog.getByRole('button', { name: 'Move picture 3 earlier' }).click();
  await expect(pictures.nth(1).locator('img')).toHaveAttribute('src', uploaded[1]!);
  await dialog.getByRole('button', { name: 'Remove picture 3' }).click();
  await expect(pictures).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Car updated successfully!')).toBeVisible();

  const [row] = await query<{ images: string[] }>('select images from car where id = $1', [car.id]);
  expect(row!.images).toHaveLength(2);
  expect(row!.images).not.toContain('vios.jpg');
  // Kept under sealed paths (no upload address can replace them), the last uploaded first.
  for (const image of row!.images) expect(image).toMatch(/^\/objects\/public\/[0-9a-f-]{36}$/);
  expect(row!.images).not.toContain(uploaded[1]);
  expect(row!.images).not.toContain(uploaded[2]);
  const listed = ((await (await request.get('/api/cars')).json()) as Array<{ id: string; image: string; images: string[] }>).find((one) => one.id === car.id)!;
  expect(listed.images).toEqual(row!.images);
  expect(listed.image).toBe(row!.images[0]);
  await expect(card.getByRole('img', { name: car.name })).toHaveAttribute('src', row!.images[0]!);

  // The car's page shows them all, the cover first.
  await page.goto(`/cars/${car.slug}`);
  await expect(page.getByTestId('car-gallery-main')).toHaveAttribute('src', row!.images[0]!);
  await page.getByRole('button', { name: 'Show picture 2 of 2' }).click();
  await expect(page.getByTestId('car-gallery-main')).toHaveAttribute('src', row!.images[1]!);
});

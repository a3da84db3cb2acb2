import { randomUUID } from 'node:crypto';
import { expect, pngFile, query, test } from './support';
import { notice, openDashboard } from './admin-helpers';

test('staff add a car with an image, see it on the home page, change its rate and delete it', async ({ page }) => {
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
  await dialog.getByLabel('Category').fill('Compact Sedan');
  await dialog.getByLabel('Daily rate (₱)').fill('1750');
  await dialog.getByLabel('Plate number').fill('nbc 1234');

  // Adding without an image is refused.
  await dialog.getByRole('button', { name: 'Add Car' }).click();
  await expect(notice(page, 'Validation Error: Please upload a car image')).toBeVisible();
  expect(await query('select id from car where name = $1', [name])).toEqual([]);

  await dialog.locator('input[type=file]').setInputFiles(pngFile('vios.png', { side: 64, size: 400_000 }));
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await expect(dialog.getByTestId('car-image-preview')).toHaveAttribute('src', /^\/objects\/public\/[0-9a-f-]{36}$/);
  await expect(dialog.getByText('Image uploaded successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Car' }).click();
  await expect(notice(page, 'Car added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('car-rate')).toHaveText('₱1,750');
  const [row] = await query<{ image: string; plate_number: string; seats: number }>('select image, plate_number, seats from car where name = $1', [name]);
  expect(row).toMatchObject({ plate_number: 'NBC 1234', seats: 5 });
  const image = await page.request.get(row!.image);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');

  // The public home page shows it.
  const home = await page.context().newPage();
  await home.goto('/#cars');
  const publicCard = home.getByTestId('car-card').filter({ hasText: name });
  await expect(publicCard).toBeVisible();
  await expect(publicCard.getByRole('img', { name })).toHaveAttribute('src', row!.image);

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

test('a file that is not a car image is refused before upload', async ({ page }) => {
  await openDashboard(page, 'fleet');
  await page.getByRole('button', { name: 'Add Car' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Car' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await expect(notice(page, 'Car images must be JPG, PNG or WebP files')).toBeVisible();
  await expect(dialog.getByTestId('car-image-preview')).toHaveCount(0);
});

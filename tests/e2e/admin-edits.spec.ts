import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, query, staffHeaders, test } from './support';
import { newCarViaApi } from './support/booking';
import { choose, newCustomerViaApi, notice, openDashboard, uniqueRenter } from './admin-helpers';

const SEARCH = 'Search by name, e-mail or phone';

/** A second tab of the same signed-in dashboard, on `tab`. */
async function secondTab(page: Page, tab: 'customers' | 'fleet' | 'staff'): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto(`/admin?tab=${tab}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
  return other;
}

async function editCustomer(page: Page, email: string, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: SEARCH }).fill(email);
  await page.getByRole('article', { name }).getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(dialog.getByLabel('E-mail')).toHaveValue(email);
  return dialog;
}

async function editCar(page: Page, name: string): Promise<Locator> {
  await page.getByRole('article', { name }).getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Car' });
  await expect(dialog.getByLabel('Car name')).toHaveValue(name);
  return dialog;
}

test('two staff editing one customer at once keep each other’s changes, and saving no change writes nothing', async ({ page }) => {
  const renter = uniqueRenter('Twoeditors');
  const { customer } = await newCustomerViaApi(page.request, renter);
  await openDashboard(page, 'customers');
  const other = await secondTab(page, 'customers');

  // Both open the form before either saves: each changes one field.
  const first = await editCustomer(page, renter.email, renter.fullName);
  const second = await editCustomer(other, renter.email, renter.fullName);
  await first.getByLabel('Phone').fill('0998 111 2222');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Customer updated successfully!')).toBeVisible();
  await second.getByLabel("Driver's license number").fill('N03-22-334455');
  await second.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(other, 'Customer updated successfully!')).toBeVisible();
  expect(await query('select phone, license from customer where id = $1', [customer.id])).toEqual([{ phone: '0998 111 2222', license: 'N03-22-334455' }]);

  // Saving the form unchanged closes it, as Cancel: no request, no activity-log entry.
  const [before] = await query<{ updated_at: Date }>('select updated_at from customer where id = $1', [customer.id]);
  const again = await editCustomer(page, renter.email, renter.fullName);
  await expect(again.getByLabel('Phone')).toHaveValue('0998 111 2222');
  await again.getByRole('button', { name: 'Save Changes' }).click();
  await expect(again).toBeHidden();
  expect(await query('select updated_at from customer where id = $1', [customer.id])).toEqual([before]);
});

test('two staff editing one car at once keep each other’s changes', async ({ page }) => {
  const car = await newCarViaApi(page.request, staffHeaders(), { dailyRate: '1900', description: 'Clean and ready.' });
  await openDashboard(page, 'fleet');
  const other = await secondTab(page, 'fleet');

  const first = await editCar(page, car.name);
  const second = await editCar(other, car.name);
  await first.getByLabel('Daily rate (₱)').fill('2100');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Car updated successfully!')).toBeVisible();
  await second.getByLabel('Description', { exact: true }).fill('New tyres in November.');
  await second.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(other, 'Car updated successfully!')).toBeVisible();
  expect(await query('select daily_rate::text, description from car where id = $1', [car.id])).toEqual([{ daily_rate: '2100.00', description: 'New tyres in November.' }]);
});

test('two owners editing one staff account at once keep each other’s changes: a new role is not undone by a new name', async ({ page }) => {
  const email = `two.editors.${randomUUID().slice(0, 8)}@e2e.example`;
  await openDashboard(page, 'staff');
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const add = page.getByRole('dialog', { name: 'Add Staff Member' });
  await add.getByLabel('Name').fill('Two Editors');
  await add.getByLabel('E-mail').fill(email);
  await add.getByRole('button', { name: 'Add and Get Link' }).click();
  await page.getByRole('dialog', { name: 'Sign-in link for Two Editors' }).getByRole('button', { name: 'Done' }).click();
  const other = await secondTab(page, 'staff');

  const edit = async (tab: Page): Promise<Locator> => {
    await tab.getByTestId('staff-account').filter({ hasText: email }).getByRole('button', { name: /^Actions for / }).click();
    await tab.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Edit Staff Member' });
    await expect(dialog.getByLabel('E-mail')).toHaveValue(email);
    return dialog;
  };
  const first = await edit(page);
  const second = await edit(other);
  await choose(page, first.getByRole('combobox', { name: 'Role' }), 'Owner');
  await first.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Staff member updated')).toBeVisible();
  await second.getByLabel('Name').fill('Two Editors Renamed');
  await second.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(other, 'Staff member updated')).toBeVisible();
  expect(await query('select name, role::text from staff_account where email = $1', [email])).toEqual([{ name: 'Two Editors Renamed', role: 'owner' }]);
});

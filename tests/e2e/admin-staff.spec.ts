import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { choose, newCustomerViaApi, notice, openDashboard } from './admin-helpers';
import { adminCopy } from '../../src/client/content/admin';
import { messages } from '../../src/shared/messages';
import { expect, signInAs, snap, test } from './support';

/** What an authenticator app shows for the key the page displays, now. */
function codeFor(key: string): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate();
}

async function signInOnScreen(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The owner adds a staff member in the Staff tab and gets the one-time link to pass on. */
async function addStaffMember(page: Page, name: string, email: string): Promise<string> {
  await openDashboard(page, 'staff');
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Add and Get Link' }).click();
  const linkDialog = page.getByRole('dialog', { name: `Sign-in link for ${name}` });
  await expect(linkDialog).toBeVisible();
  const url = (await linkDialog.getByTestId('password-link').textContent())!.trim();
  expect(url).toMatch(/\/admin#set-password=[A-Za-z0-9_-]{40,}$/);
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('staff-account').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  return url;
}

/** The staff member opens the link and chooses a password. */
async function choosePassword(page: Page, url: string, password: string): Promise<void> {
  // The one-time token stays out of every address the browser asks for (logs keep addresses).
  const token = new URL(url).hash.slice('#set-password='.length);
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  await page.goto(new URL(url).pathname + new URL(url).hash);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(notice(page, 'Password saved')).toBeVisible();
  // Back at the sign-in screen, the e-mail address filled in.
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  expect(addresses.filter((address) => address.includes('/trpc/staff.linkAccount'))).not.toEqual([]);
  expect(addresses.filter((address) => address.includes(token))).toEqual([]);
}

test.describe('staff accounts', () => {
  test('the owner adds a staff member, who signs in with their own password, makes a change, and the activity log names them', async ({ page, browser }) => {
    // Two browsers and four sign-ins, each a deliberate password hash: the journey's budget.
    test.slow();
    const tag = randomUUID().slice(0, 6);
    const name = `Liza Santos ${tag}`;
    const email = `liza.${tag}@e2e.example`;
    const password = `liza passphrase ${tag}`;
    // A customer of this test's own, for the Customers tab to show whichever specs ran before.
    await newCustomerViaApi(page.request, { fullName: `Staff Tab Customer ${tag}`, email: `customer.${tag}@e2e.example`, phone: '0917 555 0199' });
    const url = await addStaffMember(page, name, email);

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    try {
      await choosePassword(staff, url, password);
      await expect(staff.getByLabel('E-mail')).toHaveValue(email);
      await staff.getByLabel('Password', { exact: true }).fill(password);
      await staff.getByRole('button', { name: 'Sign In' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
      await expect(staff.getByTestId('signed-in-as')).toContainText(name);
      // Staff see no Staff tab, and no Delete on the fleet's cars.
      await expect(staff.getByRole('tab')).toHaveText(['Overview', 'Fleet Management', 'Bookings', 'Customers', 'Blocked Names', 'My Account']);
      await staff.getByRole('tab', { name: 'Fleet Management' }).click();
      await expect(staff.getByTestId('admin-car-card').first()).toBeVisible();
      await expect(staff.getByRole('button', { name: /^Delete / })).toHaveCount(0);
      // Nor a customer's More actions (Erase Personal Data), beside the Edit they have.
      await staff.getByRole('tab', { name: 'Customers' }).click();
      await expect(staff.getByTestId('customer-card').getByRole('button', { name: /^Edit / }).first()).toBeVisible();
      await expect(staff.getByRole('button', { name: /^More actions for / })).toHaveCount(0);

      // A change: a name on the blocklist.
      const blocked = `Blocked By Liza ${tag}`;
      await staff.getByRole('tab', { name: 'Blocked Names' }).click();
      await staff.getByRole('button', { name: 'Block Name' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Block Name' });
      await dialog.getByLabel('Full name').fill(blocked);
      await dialog.getByRole('button', { name: 'Block Name' }).click();
      await expect(notice(staff, 'Name blocked successfully!')).toBeVisible();

      // The owner's activity log says who.
      await page.getByRole('button', { name: 'Activity Log' }).click();
      const drawer = page.getByRole('dialog', { name: 'Activity Log' });
      const entry = drawer.getByTestId('audit-entry').filter({ hasText: blocked });
      // Other journeys change things meanwhile (the activity log's own test adds 65 changes dated a
      // minute ahead): older pages are loaded until the change is there.
      await expect(async () => {
        if ((await entry.count()) === 0) await drawer.getByRole('button', { name: 'Show older changes' }).click({ timeout: 2_000 });
        await expect(entry).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(entry).toContainText(`by ${name} (${email})`);

      // Disabling the account signs the staff member out at once.
      await page.keyboard.press('Escape');
      const row = page.getByTestId('staff-account').filter({ hasText: email });
      await page.reload();
      await expect(row).toContainText('Active');
      await row.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Disable' }).click();
      await page.getByRole('dialog', { name: 'Disable this account?' }).getByRole('button', { name: 'Disable Account' }).click();
      await expect(notice(page, 'Account disabled')).toBeVisible();
      await expect(row).toContainText('Disabled');
      await staff.getByRole('tab', { name: 'Overview' }).click();
      await expect(notice(staff, 'Session Expired')).toBeVisible();
      await expect(staff.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    } finally {
      await staffContext.close();
    }
  });

  test('the staff dialog closes with Escape and gives the focus back to Add Staff Member; Edit opens filled with that member', async ({ page }) => {
    await openDashboard(page, 'staff');
    const add = page.getByRole('button', { name: 'Add Staff Member' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // The dialog stays mounted between openings: each one is filled for its member.
    const owner = page.getByTestId('staff-account').first();
    await owner.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Staff Member' });
    await expect(edit.getByLabel('E-mail')).toHaveValue((await owner.getByText(/@/).first().textContent())!.trim());
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    // Opened from the row's menu, it gives the focus back to that row's actions button.
    const actions = owner.getByRole('button', { name: /^Actions for / });
    await expect(actions).toBeFocused();
    await add.click();
    await expect(dialog.getByLabel('E-mail')).toHaveValue('');
    await page.keyboard.press('Escape');

    // So does a confirmation opened from a member's menu.
    const email = `focus.${randomUUID().slice(0, 6)}@e2e.example`;
    await addStaffMember(page, 'Focus Return', email);
    const memberActions = page.getByTestId('staff-account').filter({ hasText: email }).getByRole('button', { name: /^Actions for / });
    await memberActions.click();
    await page.getByRole('menuitem', { name: 'Reset Sign-In' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset this sign-in?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(memberActions).toBeFocused();
  });

  test('a staff member turns on two-step sign-in, then signs in with a code; My Account lists and ends their sessions', async ({ page, browser }) => {
    test.slow();
    const tag = randomUUID().slice(0, 6);
    const name = `Ramon Cruz ${tag}`;
    const email = `ramon.${tag}@e2e.example`;
    const password = `ramon passphrase ${tag}`;
    const url = await addStaffMember(page, name, email);

    const context = await browser.newContext();
    const staff = await context.newPage();
    try {
      await choosePassword(staff, url, password);
      await staff.getByLabel('Password', { exact: true }).fill(password);
      await staff.getByRole('button', { name: 'Sign In' }).click();
      await staff.getByRole('tab', { name: 'My Account' }).click();
      await staff.getByRole('button', { name: 'Set Up' }).click();
      await expect(staff.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
      const key = (await staff.getByTestId('two-factor-key').textContent())!;
      await snap(staff, `admin-two-factor-setup-e2e`, { fullPage: false });
      await staff.getByLabel('Code from the app').fill(codeFor(key));
      // The password too: a session alone cannot turn it on.
      await expect(staff.getByRole('button', { name: 'Turn On' })).toBeDisabled();
      await staff.getByLabel('Your password').fill('not my password');
      await staff.getByRole('button', { name: 'Turn On' }).click();
      await expect(staff.getByText(messages.errors.currentPasswordWrong)).toBeVisible();
      await staff.getByLabel('Your password').fill(password);
      await staff.getByRole('button', { name: 'Turn On' }).click();
      await expect(notice(staff, 'Two-step sign-in is on')).toBeVisible();
      const codes = staff.getByTestId('recovery-codes').locator('code');
      await expect(codes).toHaveCount(10);
      const recovery = (await codes.first().textContent())!;
      await staff.getByRole('button', { name: 'I Have Saved Them' }).click();

      // A second browser: password, then a recovery code (the app's current code was just spent).
      const other = await browser.newContext();
      const second = await other.newPage();
      try {
        await signInOnScreen(second, email, password);
        await expect(second.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
        await second.getByLabel('Code').fill('000000' === codeFor(key) ? '111111' : '000000');
        await second.getByRole('button', { name: 'Verify' }).click();
        await expect(notice(second, 'Access Denied')).toContainText('That code is not right');
        // The reason stays by the field once the notice has gone, until something new is typed.
        await expect(second.getByLabel('Code')).toHaveAccessibleDescription(/That code is not right/);
        await second.getByLabel('Code').fill(recovery);
        await expect(second.getByLabel('Code')).not.toHaveAccessibleDescription(/That code is not right/);
        await second.getByRole('button', { name: 'Verify' }).click();
        await expect(second.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();

        // The first browser sees both sessions, and signs the second one out.
        await staff.reload();
        const sessions = staff.getByTestId('staff-session');
        await expect(sessions).toHaveCount(2);
        await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
        await sessions.filter({ hasNotText: 'This device' }).getByRole('button', { name: /^Sign out / }).click();
        await expect(notice(staff, 'Signed out on that device')).toBeVisible();
        await expect(sessions).toHaveCount(1);
        await second.getByRole('tab', { name: 'Bookings' }).click();
        await expect(second.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

        // Sign out everywhere ends this one too.
        await staff.getByRole('button', { name: 'Sign Out Everywhere' }).click();
        await staff.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign Out Everywhere' }).click();
        await expect(staff.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
      } finally {
        await other.close();
      }
    } finally {
      await context.close();
    }
  });

  test('a second owner finds their own role fixed in Edit, as the server refuses to change it', async ({ page, browser }) => {
    test.slow();
    const tag = randomUUID().slice(0, 6);
    const name = `Olivia Reyes ${tag}`;
    const email = `olivia.${tag}@e2e.example`;
    const password = `olivia passphrase ${tag}`;
    const url = await addStaffMember(page, name, email);
    // The main owner makes Olivia an owner before she chooses her password.
    const row = page.getByTestId('staff-account').filter({ hasText: email });
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const promote = page.getByRole('dialog', { name: 'Edit Staff Member' });
    await choose(page, promote.getByRole('combobox', { name: 'Role' }), 'Owner');
    await promote.getByRole('button', { name: 'Save Changes' }).click();
    await expect(notice(page, messages.admin.success.updateStaff)).toBeVisible();
    await expect(page.getByRole('dialog', { name: /^Sign-in link for / }), 'the same address keeps its link').toHaveCount(0);

    const context = await browser.newContext();
    const olivia = await context.newPage();
    try {
      await choosePassword(olivia, url, password);
      await signInAs(olivia, email, password);
      await olivia.goto('/admin?tab=staff');
      const own = olivia.getByTestId('staff-account').filter({ hasText: email });
      await expect(own).toContainText('You');
      await own.getByRole('button', { name: `Actions for ${name}` }).click();
      await olivia.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = olivia.getByRole('dialog', { name: 'Edit Staff Member' });
      // Nobody demotes themselves: the server would refuse it, so the form does not offer it.
      await expect(edit.getByRole('combobox', { name: 'Role' })).toBeDisabled();
      await expect(edit.getByText(adminCopy.staff.ownRoleLocked)).toBeVisible();
      await expect(edit.getByLabel('Name')).toBeEnabled();
      await olivia.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });

  test('correcting the address of someone who has not chosen a password shows a new link; the first stops working', async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const newcomer = `Nico Santos ${tag}`;
    const first = await addStaffMember(page, newcomer, `nicco.${tag}@e2e.example`);
    const newcomerRow = page.getByTestId('staff-account').filter({ hasText: `nicco.${tag}@e2e.example` });
    await newcomerRow.getByRole('button', { name: `Actions for ${newcomer}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const fix = page.getByRole('dialog', { name: 'Edit Staff Member' });
    await fix.getByLabel('E-mail').fill(`nico.${tag}@e2e.example`);
    await fix.getByRole('button', { name: 'Save Changes' }).click();
    const linkDialog = page.getByRole('dialog', { name: `Sign-in link for ${newcomer}` });
    await expect(linkDialog).toBeVisible();
    const second = (await linkDialog.getByTestId('password-link').textContent())!.trim();
    expect(second).toMatch(/\/admin#set-password=[A-Za-z0-9_-]{40,}$/);
    expect(second).not.toBe(first);
    await linkDialog.getByRole('button', { name: 'Done' }).click();
    const tokenOf = (link: string) => new URL(link).hash.slice('#set-password='.length);
    const stale = await page.request.post('/api/admin/password-link', { data: { token: tokenOf(first) } });
    expect(stale.status()).toBe(400);
    const fresh = await page.request.post('/api/admin/password-link', { data: { token: tokenOf(second) } });
    expect(await fresh.json()).toEqual({ name: newcomer, email: `nico.${tag}@e2e.example` });
  });
});

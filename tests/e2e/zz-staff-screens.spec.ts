import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { openDashboard } from './admin-helpers';
import { expect, signInAs, snap, test } from './support';

const SIZES = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test(`screens ${scheme} ${size.label}`, async ({ browser }) => {
      test.setTimeout(150_000);
      const context = await browser.newContext({ colorScheme: scheme, viewport: size.viewport, locale: 'en-PH', timezoneId: 'Asia/Manila' });
      const page = await context.newPage();
      const n = `${size.label}-${scheme}`;
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
      await page.getByLabel('E-mail').fill('owner@e2e.example');
      await snap(page, `staff-signin-${n}`, { fullPage: false });
      await openDashboard(page, 'staff');
      const tag = randomUUID().slice(0, 4);
      // a few accounts
      for (const [name, role] of [[`Liza Santos ${tag}`, 'staff'], [`Ramon Cruz ${tag}`, 'owner']] as const) {
        await page.getByRole('button', { name: 'Add Staff Member' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
        await dialog.getByLabel('Name').fill(name);
        await dialog.getByLabel('E-mail').fill(`${name.split(' ')[0]!.toLowerCase()}.${tag}@hundredislands.ph`);
        if (role === 'owner') {
          await dialog.getByRole('combobox', { name: 'Role' }).click();
          await page.getByRole('option', { name: 'Owner' }).click();
          await snap(page, `staff-add-${n}`, { fullPage: false });
        }
        await dialog.getByRole('button', { name: 'Add and Get Link' }).click();
        await expect(page.getByRole('dialog', { name: `Sign-in link for ${name}` })).toBeVisible();
        await page.waitForTimeout(400);
        await snap(page, `staff-link-${n}`, { fullPage: false });
        await page.getByRole('button', { name: 'Done' }).click();
      }
      await page.waitForTimeout(400);
      await snap(page, `staff-tab-${n}`);
      await page.getByTestId('staff-account').nth(1).getByRole('button', { name: /^Actions for/ }).click();
      await page.waitForTimeout(300);
      await snap(page, `staff-menu-${n}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'My Account' }).click();
      await expect(page.getByTestId('staff-session').first()).toBeVisible();
      await snap(page, `staff-account-${n}`);
      await page.getByRole('button', { name: 'Set Up' }).click();
      await expect(page.getByTestId('two-factor-key')).toBeVisible();
      await page.waitForTimeout(300);
      await snap(page, `staff-2fa-setup-${n}`);
      await page.getByRole('button', { name: 'Cancel' }).click();

      // a throwaway account for the set-password page, the code step and recovery codes
      const email = `mara.${tag}${n}@e2e.example`;
      const created = await page.request.post('/api/admin/staff', { data: { name: 'Mara Reyes', email, role: 'staff' } });
      const { link } = (await created.json()) as { link: { url: string } };
      const other = await browser.newContext({ colorScheme: scheme, viewport: size.viewport });
      const p2 = await other.newPage();
      await p2.goto(new URL(link.url).pathname + new URL(link.url).hash);
      await expect(p2.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await p2.getByLabel('New password').fill('mara password 2026');
      await snap(p2, `staff-setpassword-${n}`, { fullPage: false });
      await p2.getByLabel('Repeat the password').fill('mara password 2026');
      await p2.getByRole('button', { name: 'Save Password' }).click();
      await expect(p2.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
      await signInAs(p2, email, 'mara password 2026');
      const setup = await (await p2.request.post('/api/admin/account/two-factor/setup')).json();
      const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
      expect((await p2.request.post('/api/admin/account/two-factor/confirm', { data: { code: totp.generate() } })).status()).toBe(200);
      await p2.request.post('/api/admin/logout');
      await p2.reload();
      await p2.getByLabel('E-mail').fill(email);
      await p2.getByLabel('Password', { exact: true }).fill('mara password 2026');
      await p2.getByRole('button', { name: 'Sign In' }).click();
      await expect(p2.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
      await snap(p2, `staff-code-${n}`, { fullPage: false });
      await other.close();
      await context.close();
    });
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { bookThroughPublicSite, openDashboard, uniqueRenter } from './admin-helpers';
import { expect, manageLinkIn, staffHeaders, test, waitForMail } from './support';

/**
 * Mantine's styles are imported per component (src/client/mantineStyles.ts, and each lazy chunk's
 * own list), and a forgotten file silently unstyles its component. Every Mantine class on the page
 * that Mantine's CSS styles must therefore have a rule in the CSS the page has loaded.
 */
const MANTINE = join(import.meta.dirname, '../../node_modules/@mantine');
const CLASS = /\.(m_[0-9a-f]{8})\b/g;

/** Each class Mantine's CSS styles, with the component file that styles it. */
const STYLED = new Map<string, string>();
for (const file of readdirSync(join(MANTINE, 'core/styles')).filter((name) => !name.includes('.layer.'))) {
  for (const [, name] of readFileSync(join(MANTINE, 'core/styles', file), 'utf8').matchAll(CLASS)) if (!STYLED.has(name as string)) STYLED.set(name as string, `@mantine/core/styles/${file}`);
}
for (const pkg of ['notifications', 'charts']) {
  for (const [, name] of readFileSync(join(MANTINE, pkg, 'styles.css'), 'utf8').matchAll(CLASS)) if (!STYLED.has(name as string)) STYLED.set(name as string, `@mantine/${pkg}/styles.css`);
}

/** The CSS files that style classes on the page but are not loaded, each with one such class. */
async function unstyled(page: Page): Promise<string[]> {
  const { onPage, loaded } = await page.evaluate(() => {
    const onPage = new Set<string>();
    for (const element of document.querySelectorAll('[class]')) for (const name of element.classList) if (/^m_[0-9a-f]{8}$/.test(name)) onPage.add(name);
    let css = '';
    for (const sheet of document.styleSheets) for (const rule of sheet.cssRules) css += rule.cssText;
    return { onPage: [...onPage], loaded: css };
  });
  const have = new Set([...loaded.matchAll(CLASS)].map((match) => match[1]));
  const missing = new Map<string, string>();
  for (const name of onPage) {
    const file = STYLED.get(name);
    if (file && !have.has(name) && !missing.has(file)) missing.set(file, name);
  }
  return [...missing].map(([file, name]) => `${file} (.${name})`);
}

async function expectStyled(page: Page): Promise<void> {
  // The page's Mantine classes are there; the CSS of lazy chunks may still be arriving.
  await expect.poll(() => page.locator('[class*="m_"]').count()).toBeGreaterThan(5);
  await expect.poll(() => unstyled(page), { message: 'Mantine components on the page whose CSS file was never loaded' }).toEqual([]);
}

test.describe('every Mantine component on screen has its styles', () => {
  for (const path of ['/', '/pcc', '/terms', '/privacy', '/booking', '/find-booking', '/my-booking', '/no/such/page']) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectStyled(page);
    });
  }

  test('in the header’s hints', async ({ page }) => {
    await page.goto('/pcc');
    await page.getByRole('navigation', { name: 'Main' }).getByText('Cars Sale').hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectStyled(page);
  });

  test('in the phone menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Call Now' })).toBeVisible();
    await expectStyled(page);
  });

  test('in the booking form, its dropdown and its errors', async ({ page }) => {
    await page.goto('/booking');
    await page.getByTestId('vehicle-option').and(page.locator(':enabled')).first().click();
    const form = page.getByTestId('booking-form');
    await expect(form.getByTestId('price-empty')).toBeVisible({ timeout: 15_000 });
    await expectStyled(page);
    await form.getByRole('combobox', { name: 'Pick-up time' }).click();
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expectStyled(page);
    await page.keyboard.press('Escape');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('[data-error]').first()).toBeVisible();
    await expectStyled(page);
  });

  test('in the enquiry form and its dropdown', async ({ page }) => {
    await page.goto('/#contact');
    const subject = page.getByRole('combobox', { name: 'Subject (optional)' });
    await expect(subject).toBeVisible({ timeout: 15_000 });
    await expectStyled(page);
    await subject.click();
    await expect(page.getByRole('option', { name: 'VIP Booking' })).toBeVisible();
    await expectStyled(page);
  });

  test('on a renter’s booking page: its receipt and a document staff asked for', async ({ page, request }) => {
    const renter = uniqueRenter('Styles');
    const booking = await bookThroughPublicSite(request, renter);
    const asked = await request.post(`/api/admin/bookings/${booking.id}/document-request`, { headers: staffHeaders(), data: { field: 'photoId1Url', note: 'Blurred.' } });
    expect(asked.status(), await asked.text()).toBe(200);
    await page.goto(manageLinkIn(await waitForMail((m) => m.to.includes(renter.email) && m.subject.startsWith('Please send a new Photo ID #1'))));
    await expect(page.getByTestId('my-booking-receipt')).toBeVisible();
    await expect(page.getByTestId('document-request')).toBeVisible();
    await expectStyled(page);
  });

  test('on the staff sign-in, with a notice', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.keyboard.press('Enter');
    await expect(page.locator('.mantine-Notification-root')).toBeVisible();
    await expectStyled(page);
  });

  for (const tab of ['overview', 'fleet', 'bookings', 'customers', 'blocked', 'staff', 'account'] as const) {
    test(`on the dashboard's ${tab} tab`, async ({ page }) => {
      await openDashboard(page, tab);
      // The overview's day switch draws its indicator once it has measured itself.
      if (tab === 'overview') await expect(page.getByTestId('schedule').locator('.mantine-SegmentedControl-indicator')).toBeAttached();
      await expectStyled(page);
    });
  }

  test('in a dashboard dialog', async ({ page }) => {
    await openDashboard(page, 'fleet');
    await page.getByRole('button', { name: 'Add Car' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectStyled(page);
  });

  test('in the menu and the dialog that erase a customer’s personal data', async ({ page, request }) => {
    await bookThroughPublicSite(request, uniqueRenter('Styles'));
    await openDashboard(page, 'customers');
    await page.getByRole('button', { name: /^More actions for / }).first().click();
    await expect(page.getByRole('menuitem', { name: 'Erase Personal Data' })).toBeVisible();
    await expectStyled(page);
    await page.getByRole('menuitem', { name: 'Erase Personal Data' }).click();
    await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
    await expectStyled(page);
  });
});

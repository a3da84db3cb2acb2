import type { Page } from '@playwright/test';
import { expect, snap, staffHeaders, test } from './support';
import { bookThroughPublicSite, openDashboard, uniqueRenter } from './admin-helpers';

/** Each tab, with something that shows it has loaded. */
const TABS = [
  { tab: 'overview', name: 'Overview', ready: (page: Page) => expect(page.getByTestId('stat-cars')).toBeVisible() },
  { tab: 'fleet', name: 'Fleet Management', ready: (page: Page) => expect(page.getByTestId('admin-car-card').first()).toBeVisible() },
  { tab: 'bookings', name: 'Bookings', ready: (page: Page) => expect(page.getByTestId('booking-card').first()).toBeVisible() },
  { tab: 'customers', name: 'Customers', ready: (page: Page) => expect(page.getByTestId('customer-card').first()).toBeVisible() },
  { tab: 'blocked', name: 'Blocked Names', ready: (page: Page) => expect(page.getByRole('button', { name: 'Block Name' })).toBeVisible() },
  { tab: 'staff', name: 'Staff', ready: (page: Page) => expect(page.getByTestId('staff-account').first()).toBeVisible() },
  { tab: 'account', name: 'My Account', ready: (page: Page) => expect(page.getByTestId('staff-session').first()).toBeVisible() },
] as const;

/** Waits until no transition or animation runs (a dialog fading in would fail the contrast check). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

const SIZES = [
  { label: 'desktop', viewport: { width: 1440, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test.beforeAll(async ({ request }) => {
  // Something in every list, even when this spec runs alone.
  const booking = await bookThroughPublicSite(request, uniqueRenter('Axe'), { wantsDelivery: true, deliveryArea: 'mabini', deliveryAddress: 'Barangay Poblacion, Mabini' });
  // And an entry in the activity log.
  const confirmed = await request.patch(`/api/admin/bookings/${booking.id}/status`, { data: { status: 'confirmed' }, headers: staffHeaders() });
  expect(confirmed.status()).toBe(200);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const size of SIZES) {
    test.describe(`${scheme}, ${size.label}`, () => {
      test.use({ colorScheme: scheme, viewport: size.viewport });

      test('the password screen has no serious or critical accessibility violations', async ({ page, checkA11y }) => {
        await page.goto('/admin');
        await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
        await checkA11y({ label: `admin login ${scheme} ${size.label}` });
        await snap(page, `admin-login-${size.label}-${scheme}`, { fullPage: false });
      });

      test('every tab has no serious or critical accessibility violations', async ({ page, checkA11y }) => {
        test.slow();
        await openDashboard(page);
        for (const { tab, name, ready } of TABS) {
          await page.getByRole('tab', { name }).click();
          await ready(page);
          await page.waitForLoadState('networkidle');
          await checkA11y({ label: `admin ${tab} ${scheme} ${size.label}` });
          await snap(page, `admin-${tab}-${size.label}-${scheme}`);
        }
      });

      test('the dialogs and the activity log have no serious or critical accessibility violations', async ({ page, checkA11y }) => {
        test.slow();
        await openDashboard(page, 'fleet');
        await page.getByRole('button', { name: 'Add Car' }).click();
        await expect(page.getByRole('dialog', { name: 'Add Car' })).toBeVisible();
        await settled(page);
        await checkA11y({ label: `add car ${scheme} ${size.label}` });
        await snap(page, `admin-dialog-car-${size.label}-${scheme}`, { fullPage: false });
        await page.keyboard.press('Escape');

        await page.getByRole('tab', { name: 'Customers' }).click();
        await page.getByRole('button', { name: 'Add Customer' }).click();
        await expect(page.getByRole('dialog', { name: 'Add Customer' })).toBeVisible();
        await settled(page);
        await checkA11y({ label: `add customer ${scheme} ${size.label}` });
        await snap(page, `admin-dialog-customer-${size.label}-${scheme}`, { fullPage: false });
        await page.keyboard.press('Escape');

        await page.getByRole('tab', { name: 'Bookings' }).click();
        await page.getByRole('button', { name: /^Add Payment/ }).first().click();
        await expect(page.getByRole('dialog', { name: 'Add Payment' })).toBeVisible();
        await settled(page);
        await checkA11y({ label: `add payment ${scheme} ${size.label}` });
        await snap(page, `admin-dialog-payment-${size.label}-${scheme}`, { fullPage: false });
        await page.keyboard.press('Escape');

        // A booking with a payment, cancelled: its card offers Record Refund and Change dates.
        const renter = uniqueRenter('Refund A11y');
        const paid = await bookThroughPublicSite(page.request, renter);
        expect((await page.request.patch(`/api/admin/bookings/${paid.id}/payment`, { data: { amount: '1000' } })).status()).toBe(200);
        expect((await page.request.patch(`/api/admin/bookings/${paid.id}/status`, { data: { status: 'cancelled' } })).status()).toBe(200);
        await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or reference' }).fill(renter.email);
        const card = page.getByRole('article', { name: `${renter.fullName}, ${paid.carName}` });
        await card.getByRole('button', { name: 'Show payments' }).click();
        await expect(card.getByTestId('payment-row')).toHaveCount(1);
        await settled(page);
        await checkA11y({ label: `cancelled booking with a payment ${scheme} ${size.label}` });
        await card.getByRole('button', { name: /^Record Refund: / }).click();
        await expect(page.getByRole('dialog', { name: 'Record Refund' }).getByTestId('terms-refund')).toBeVisible();
        await settled(page);
        await checkA11y({ label: `record refund ${scheme} ${size.label}` });
        await snap(page, `admin-dialog-refund-${size.label}-${scheme}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await card.getByRole('button', { name: /^Change dates: / }).click();
        await expect(page.getByRole('dialog', { name: 'Change the dates' })).toBeVisible();
        await settled(page);
        await checkA11y({ label: `change dates ${scheme} ${size.label}` });
        await snap(page, `admin-dialog-dates-${size.label}-${scheme}`, { fullPage: false });
        await page.keyboard.press('Escape');
        // The owner voids the payment: the dialog, then the struck-through row.
        await card.getByRole('button', { name: /^Void this entry: / }).click();
        const voiding = page.getByRole('dialog', { name: 'Void an entry made by mistake' });
        await voiding.getByLabel('Why is it being voided?').fill('Recorded on the wrong booking');
        await settled(page);
        await checkA11y({ label: `void entry ${scheme} ${size.label}` });
        await voiding.getByRole('button', { name: 'Void Entry' }).click();
        await expect(voiding).toBeHidden();
        await expect(card.locator('[data-testid="payment-row"][data-voided="true"]')).toBeVisible();
        await settled(page);
        await checkA11y({ label: `voided entry ${scheme} ${size.label}` });

        await page.getByRole('button', { name: 'Activity Log' }).click();
        await expect(page.getByTestId('audit-entry').first()).toBeVisible();
        await settled(page);
        await checkA11y({ label: `activity log ${scheme} ${size.label}` });
        await snap(page, `admin-activity-${size.label}-${scheme}`, { fullPage: false });
      });
    });
  }
}

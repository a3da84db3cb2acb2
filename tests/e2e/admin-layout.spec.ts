import type { ConsoleMessage } from '@playwright/test';
import { copy } from '../../src/client/content/site';
import { messages } from '../../src/shared/messages';
import { expect, expectApart, signInAsStaff, test } from './support';
import { bookThroughPublicSite, notice, openDashboard, uniqueRenter } from './admin-helpers';

const SECTIONS = ['Overview', 'Fleet Management', 'Bookings', 'Customers', 'Blocked Names'];

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every dashboard tab is in view, whole, and opens its section', async ({ page }) => {
    await openDashboard(page);
    const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
    const width = page.viewportSize()!.width;
    for (const name of SECTIONS) {
      const tab = tabs.getByRole('tab', { name });
      await expect(tab).toBeInViewport({ ratio: 1 });
      const box = (await tab.boundingBox())!;
      expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
    }
    // Nothing to scroll sideways to find: the list is no wider than it shows.
    expect(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    await tabs.getByRole('tab', { name: 'Blocked Names' }).click();
    await expect(page.getByRole('heading', { name: 'Blocked Names', level: 2 })).toBeVisible();
    await tabs.getByRole('tab', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 2 })).toBeVisible();
  });
});

test.describe('a dialog with typed data', () => {
  test('asks before Escape, the close button or a click outside discard it; Keep editing keeps it', async ({ page }) => {
    const renter = uniqueRenter('Discard');
    await openDashboard(page, 'blocked');
    const openBlockName = async () => {
      await page.getByRole('button', { name: 'Block Name' }).click();
      const dialog = page.getByRole('dialog', { name: 'Block Name' });
      await expect(dialog.getByLabel('Full name')).toBeFocused();
      return dialog;
    };
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });

    // Nothing typed: Escape closes at once.
    let dialog = await openBlockName();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(question).toHaveCount(0);

    // Typed: Escape asks, and Keep editing (where the focus starts) goes back to it unchanged.
    dialog = await openBlockName();
    await dialog.getByLabel('Full name').fill(renter.fullName);
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Full name')).toHaveValue(renter.fullName);

    // Escape on the question answers it, not the dialog behind.
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Full name')).toHaveValue(renter.fullName);

    // The close button asks too.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Full name')).toHaveValue(renter.fullName);

    // So does a click outside, and Discard closes both and drops what was typed.
    await page.mouse.click(5, 400);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(question).toBeHidden();
    await expect(dialog).toBeHidden();
    dialog = await openBlockName();
    await expect(dialog.getByLabel('Full name')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('blocked-name').filter({ hasText: renter.fullName })).toHaveCount(0);
  });

  test('Add Payment with its amount unchanged closes on Escape; a changed amount asks first', async ({ page, request }) => {
    const renter = uniqueRenter('Payer');
    const booking = await bookThroughPublicSite(request, renter);
    await openDashboard(page, 'bookings');
    await page.getByRole('searchbox').fill(renter.email);
    const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
    const addPayment = card.getByRole('button', { name: `Add Payment: ${renter.fullName}, ${booking.carName}` });
    await addPayment.click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment' });
    await expect(dialog.getByLabel('Amount (₱)')).not.toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await addPayment.click();
    await dialog.getByLabel('Amount (₱)').fill('1,000');
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    // An amount with a thousands separator is taken as it is written.
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expect(notice(page, messages.admin.success.updatePayment)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('payment-state')).toContainText('₱1,000 of');
  });
});

test.describe('notices', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('cover neither the header’s links nor the theme toggle, nor the activity log’s header', async ({ page }) => {
    const renter = uniqueRenter('Notice');
    await openDashboard(page, 'blocked');
    await page.getByRole('button', { name: 'Block Name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Name' });
    await dialog.getByLabel('Full name').fill(renter.fullName);
    await dialog.getByRole('button', { name: 'Block Name' }).click();
    const shown = notice(page, messages.admin.success.blockName);
    await expect(shown).toBeVisible();
    await expect(dialog).toBeHidden();

    const header = page.locator('header').first();
    const links = Object.fromEntries(
      await Promise.all(
        ['Our Fleet', 'PCC', 'Book Now', 'About', 'Contact', 'Admin'].map(async (name) => [name, header.getByRole('link', { name, exact: true }).or(header.getByRole('button', { name, exact: true })).first()] as const),
      ),
    );
    await expectApart(shown, { ...links, 'theme toggle': header.getByRole('button', { name: copy.nav.toDark }) });

    await page.getByRole('button', { name: 'Activity Log' }).click();
    const log = page.getByRole('dialog', { name: 'Activity Log' });
    await expect(log.getByTestId('audit-entry').first()).toBeVisible();
    await expect(shown).toBeVisible();
    await expectApart(shown, { 'activity log title': log.getByRole('heading', { name: 'Activity Log' }), 'its close button': log.getByRole('button', { name: 'Close' }) });
  });
});

test.describe('/admin', () => {
  test('loads with no warning or error in the console', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warning' || message.type() === 'error') problems.push(`${message.type()}: ${message.text()}`);
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await signInAsStaff(page);
    await page.goto('/admin?tab=customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('without JavaScript says that it needs it, instead of a blank page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: messages.admin.noScript.title })).toBeVisible();
    // (Playwright's text search passes over <noscript>: the paragraph is found by its place.)
    await expect(page.locator('.noscript-notice p').first()).toHaveText(messages.admin.noScript.text);
    await expect(page.getByRole('link', { name: messages.admin.noScript.home })).toHaveAttribute('href', '/');
    await context.close();
  });

  test('with JavaScript shows no such notice', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.locator('.noscript-notice')).toBeHidden();
  });
});

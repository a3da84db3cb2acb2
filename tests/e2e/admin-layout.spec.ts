import type { APIRequestContext, ConsoleMessage, Locator, Page } from '@playwright/test';
import { adminCopy } from '../../src/client/content/admin';
import { copy } from '../../src/client/content/site';
import { messages } from '../../src/shared/messages';
import { ADMIN_PAGE_SIZES } from '../../src/shared/schemas/admin.schema';
import { expect, expectApart, linesOf, signInAsStaff, staffHeaders, test } from './support';
import { addDays, todayInManila } from '../../src/shared/dates';
import { newCarViaApi } from './support/booking';
import { bookThroughPublicSite, choose, newBookingViaApi, notice, openDashboard, pickDate, uniqueRenter } from './admin-helpers';

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

  test('a long dialog refused for its errors shows the first one and focuses its field, far above the button', async ({ page }) => {
    await openDashboard(page, 'customers');
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByRole('button', { name: 'Add Customer' }).click();
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await expect(dialog.getByLabel('Full name')).toBeInViewport();
    await expect(dialog.getByText(messages.validation.fullName)).toBeInViewport();
  });

  test('the activity log keeps a booking’s reference whole, never broken at its hyphen, at every width its entry wraps at', async ({ page }) => {
    await openDashboard(page);
    const car = await newCarViaApi(page.request, {});
    const renter = uniqueRenter('Reference');
    const pickup = addDays(todayInManila(), 50);
    const { reference } = await newBookingViaApi(page.request, { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: pickup, returnDate: addDays(pickup, 2), total: '6000', status: 'confirmed' }, '500');
    await page.getByRole('button', { name: 'Activity Log' }).click();
    const log = page.getByRole('dialog', { name: 'Activity Log' });
    await choose(page, log.getByRole('combobox', { name: 'Show' }), 'Payments');
    const entry = log.getByTestId('audit-entry').filter({ hasText: reference });
    await expect(entry).toContainText(`Recorded payment of ₱500 (Cash) for ${renter.fullName}, ${reference}`);
    // The drawer takes a phone's whole width: each width moves where the entry's lines end.
    const broken: number[] = [];
    for (let width = 320; width <= 440; width += 2) {
      await page.setViewportSize({ width, height: 844 });
      if ((await linesOf(entry, reference)) > 1) broken.push(width);
    }
    expect(broken, `widths at which ${reference} is broken`).toEqual([]);
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

    // Escape on the question answers it, not the dialog behind (once the question has the focus, as
    // it has by the time a person presses a key: Mantine moves it there just after it opens).
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
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

/** More changes than the activity log's first page holds: names blocked and unblocked through the API. */
async function fillActivityLog(request: APIRequestContext): Promise<void> {
  for (let i = 0; i <= ADMIN_PAGE_SIZES.audit / 2; i += 1) {
    const created = await request.post('/api/admin/blocked-names', { headers: staffHeaders(), data: { fullName: uniqueRenter('Logged').fullName } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await request.delete(`/api/admin/blocked-names/${id}`, { headers: staffHeaders() })).status()).toBe(200);
  }
}

/**
 * Staff block a name, open the activity log while its notice shows, scroll to the log's end and
 * click "Show older changes": the notice, rising from the bottom, must not be over the button.
 */
async function showOlderChangesUnderANotice(page: Page, request: APIRequestContext): Promise<void> {
  await fillActivityLog(request);
  await openDashboard(page, 'blocked');
  await page.getByRole('button', { name: 'Block Name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Name' });
  await dialog.getByLabel('Full name').fill(uniqueRenter('Notice').fullName);
  await dialog.getByRole('button', { name: 'Block Name' }).click();
  const shown = notice(page, messages.admin.success.blockName);
  await expect(shown).toBeVisible();
  // A notice stays while the pointer rests on it (Mantine pauses its timer), so it is still there
  // however slow the machine; the log is opened from the keyboard to leave the pointer where it is.
  await shown.hover();
  await page.getByRole('button', { name: 'Activity Log' }).press('Enter');
  const log = page.getByRole('dialog', { name: 'Activity Log' });
  const entries = log.getByTestId('audit-entry');
  await expect(entries).toHaveCount(ADMIN_PAGE_SIZES.audit);

  // Scrolled to its end, where the button is.
  await log.evaluate((drawer) => drawer.scrollTo({ top: drawer.scrollHeight }));
  const older = log.getByRole('button', { name: adminCopy.audit.older });
  await older.scrollIntoViewIfNeeded();
  await expect(shown).toBeVisible();
  await expectApart(shown, { '"Show older changes"': older });
  // Clicked where staff see it, as they would (Playwright's own click would first scroll it into
  // another place): a notice over it would take the click, and no older change would load.
  const button = (await older.boundingBox())!;
  await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
  await expect.poll(() => entries.count()).toBeGreaterThan(ADMIN_PAGE_SIZES.audit);
}

test.describe('notices and an open drawer', () => {
  test.describe('on a 1440 px screen', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('leave the activity log’s "Show older changes" in reach', async ({ page, request }) => {
      await showOlderChangesUnderANotice(page, request);
    });
  });

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('leave the activity log’s "Show older changes" in reach', async ({ page, request }) => {
      await showOlderChangesUnderANotice(page, request);
    });
  });
});

/**
 * A car with a booking is taken out of service: its notice stays until closed. Staff then open New
 * Booking from the keyboard and scroll the dialog to its end: its "Add Booking" must not be under
 * the notice, which rises from the bottom right where a long dialog ends.
 */
test.describe('a notice that stays and a long dialog', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('leave New Booking’s "Add Booking" in reach', async ({ page }) => {
    await openDashboard(page, 'fleet');
    const car = await newCarViaApi(page.request, staffHeaders());
    const renter = uniqueRenter('Stays');
    await newBookingViaApi(page.request, { customerEmail: renter.email, customerName: renter.fullName, carId: car.id, pickupDate: addDays(todayInManila(), 20), returnDate: addDays(todayInManila(), 22), status: 'confirmed' });
    await page.reload();
    await page.getByRole('article', { name: car.name }).getByRole('button', { name: `Edit ${car.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Car' });
    await edit.getByLabel('Available for booking').uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const shown = notice(page, `${car.name} still has a booking`);
    await expect(shown).toBeVisible();
    await expect(edit).toBeHidden();

    await page.getByRole('tab', { name: 'Bookings' }).press('Enter');
    await page.getByRole('button', { name: adminCopy.newBooking.open, exact: true }).press('Enter');
    const dialog = page.getByRole('dialog', { name: adminCopy.newBooking.title });
    const add = dialog.getByRole('button', { name: 'Add Booking' });
    await expect(add).toBeVisible();
    // Scrolled to its end, where the button is.
    await dialog.evaluate((content) => content.scrollTo({ top: content.scrollHeight }));
    await expect(shown).toBeVisible();
    await expectApart(shown, { '"Add Booking"': add });
  });
});

/**
 * Waits until nothing on the page is in a transition (a dialog opening, a notice coming or going),
 * then two frames more: what the last change of layout set off (a ResizeObserver's answer) has
 * been laid out.
 */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((running) => running instanceof CSSTransition).length)).toBe(0);
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * A one-line notice comes and goes while a long dialog is scrolled to its end, its button under
 * the pointer (an upload's notice shows just as staff reach for Add Car): the button must stay
 * where it is and clear of the notice. A button that slides while it is pressed loses the click.
 */
for (const [screen, viewport] of [
  ['1280 px screen', { width: 1280, height: 800 }],
  ['390 px phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`a short notice and a long dialog on a ${screen}`, () => {
    test.use({ viewport });

    test('move nothing in the dialog as the notice comes and goes, and leave its button clear', async ({ page }) => {
      await openDashboard(page, 'fleet');
      await page.getByRole('button', { name: 'Add Car' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Car' });
      const add = dialog.getByRole('button', { name: 'Add Car' });
      await expect(add).toBeVisible();
      // Scrolled to its end, where the button is: the one element of the dialog that scrolls.
      await add.evaluate((button) => {
        for (let box = button.parentElement; box; box = box.parentElement) if (box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible') return box.scrollTo({ top: box.scrollHeight });
      });
      await settled(page);
      await expect(add).toBeInViewport({ ratio: 1 });
      const where = await add.boundingBox();

      // A refused file: a notice, and nothing in the dialog changes.
      await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
      const shown = notice(page, 'Car images must be JPG, PNG or WebP files');
      await expect(shown).toBeVisible();
      // It stays while the pointer rests on it (Mantine pauses its timer), however slow the machine.
      await shown.hover();
      await settled(page);
      expect(await add.boundingBox(), 'where Add Car is while the notice shows').toEqual(where);
      await expect(add, 'Add Car whole on screen, not cut off by its dialog').toBeInViewport({ ratio: 1 });
      await expectApart(shown, { '"Add Car"': add });

      await shown.getByRole('button', { name: /close/i }).click();
      await expect(shown).toHaveCount(0);
      await settled(page);
      expect(await add.boundingBox(), 'where Add Car is once the notice has gone').toEqual(where);
      await expect(add).toBeInViewport({ ratio: 1 });
    });
  });
}

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

test.describe('New Booking on a 1440 px screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('stands each field’s input level with the one beside it, whatever hint it has', async ({ page }) => {
    const car = await newCarViaApi(page.request, staffHeaders());
    await openDashboard(page, 'bookings');
    await page.getByRole('button', { name: adminCopy.newBooking.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: adminCopy.newBooking.title });
    // Read together, in one frame: the dialog may still be rising into place.
    const tops = async (left: Locator, right: Locator) => {
      const [a, b] = await Promise.all([left.elementHandle(), right.elementHandle()]);
      return page.evaluate(([x, y]) => [x!.getBoundingClientRect().top, y!.getBoundingClientRect().top], [a, b] as const);
    };
    const language = dialog.getByRole('combobox', { name: adminCopy.renterLanguage.label });
    await expect(dialog.getByText(adminCopy.renterLanguage.hint)).toBeVisible();
    const [phoneTop, languageTop] = await tops(dialog.getByLabel(adminCopy.newBooking.phone), language);
    expect(languageTop).toBe(phoneTop);

    // With a car and dates, Total shows the price list's figure under its label.
    await choose(page, dialog.getByRole('combobox', { name: adminCopy.newBooking.car }), new RegExp(car.name));
    await pickDate(page, dialog.getByLabel(adminCopy.newBooking.pickupDate), addDays(todayInManila(), 60));
    await pickDate(page, dialog.getByLabel(adminCopy.newBooking.returnDate), addDays(todayInManila(), 62));
    await expect(dialog.getByText(/^Price list: /)).toBeVisible();
    const [distanceTop, totalTop] = await tops(dialog.getByRole('combobox', { name: adminCopy.newBooking.distance }), dialog.getByLabel(adminCopy.newBooking.total));
    expect(totalTop).toBe(distanceTop);
  });
});

import type { Locator, Page } from '@playwright/test';
import { expect, pngFile, staffHeaders, test } from './support';
import { addDays, todayInManila } from '../../src/shared/dates';
import { newCarViaApi } from './support/booking';
import { bookThroughPublicSite, newBookingViaApi, openDashboard, uniqueRenter } from './admin-helpers';

/** The smallest a control may be, each way, for a thumb (the garage's owner runs the day from a phone). */
const THUMB = 40;

/**
 * The controls in `scope` smaller than a thumb either way, as "name WxH": buttons, fields, tabs,
 * options and menu items, the segmented control's choices, and a switch or check box by the row
 * that a tap toggles. Links in running text are left out: they are read more than tapped.
 */
async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, thumb) => {
    const controls = root.querySelectorAll<HTMLElement>(
      'button, input:not([type=hidden]), select, textarea, [role=tab], [role=option], [role=menuitem], .mantine-SegmentedControl-label',
    );
    const small: string[] = [];
    for (const control of controls) {
      const input = control instanceof HTMLInputElement ? control : null;
      // A segmented control's radios are hidden behind their labels; a switch's or a check box's
      // input is tapped through its row.
      if (input?.type === 'radio' && control.closest('.mantine-SegmentedControl-root')) continue;
      const target = input && ['checkbox', 'file'].includes(input.type) ? control.closest<HTMLElement>('.mantine-Switch-body, .mantine-Checkbox-body') : control;
      if (!target) continue;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (box.width < thumb || box.height < thumb) {
        const name = control.getAttribute('aria-label') ?? (control.textContent?.trim() || control.getAttribute('name') || control.tagName);
        small.push(`${name} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, THUMB);
}

/** Opens a dashboard tab and waits for what shows that its list or form has loaded. */
async function openTab(page: Page, tab: string, loaded: (page: Page) => Locator): Promise<Locator> {
  await page.goto(tab === 'overview' ? '/admin' : `/admin?tab=${tab}`);
  await expect(loaded(page).first()).toBeVisible();
  return page.getByRole('main');
}

const TABS: Array<[string, (page: Page) => Locator]> = [
  ['overview', (page) => page.getByText('Tomorrow', { exact: true })],
  ['fleet', (page) => page.getByRole('article')],
  ['customers', (page) => page.getByRole('article')],
  ['blocked', (page) => page.getByRole('button', { name: 'Block Name' })],
  ['staff', (page) => page.getByTestId('staff-account')],
  ['account', (page) => page.getByRole('button', { name: 'Sign Out Everywhere' })],
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
]) {
  test.describe(`on a ${viewport.width} px screen`, () => {
    test.use({ viewport });

    test('every control of every dashboard tab is a thumb’s size', async ({ page }) => {
      await openDashboard(page);
      for (const [tab, loaded] of TABS) {
        const main = await openTab(page, tab, loaded);
        expect(await smallTargets(main), `${tab} tab`).toEqual([]);
      }
    });

    test('a booking’s card, its payments, its status list and its Change dates calendar are a thumb’s size', async ({ page }) => {
      const renter = uniqueRenter('Thumb');
      const booking = await bookThroughPublicSite(page.request, renter);
      expect((await page.request.patch(`/api/admin/bookings/${booking.id}/payment`, { data: { amount: '1000' }, headers: staffHeaders() })).status()).toBe(200);
      await openDashboard(page, 'bookings');
      await page.getByRole('searchbox').fill(renter.email);
      const card = page.getByRole('article', { name: `${renter.fullName}, ${booking.carName}` });
      await card.getByRole('button', { name: 'Show payments' }).click();
      await expect(card.getByTestId('payment-row')).toHaveCount(1);
      expect(await smallTargets(page.getByRole('main'))).toEqual([]);

      await card.getByRole('combobox', { name: /^Status of / }).click();
      const statuses = page.getByRole('listbox');
      await expect(statuses.getByRole('option', { name: 'Confirmed' })).toBeVisible();
      expect(await smallTargets(statuses)).toEqual([]);
      await page.keyboard.press('Escape');

      await card.getByRole('button', { name: /^Change dates: / }).click();
      const dialog = page.getByRole('dialog', { name: 'Change the dates' });
      expect(await smallTargets(dialog)).toEqual([]);
      await dialog.getByLabel('Return date').click();
      const calendar = page.getByRole('dialog', { name: 'Return date' });
      await expect(calendar.getByRole('button', { name: 'Next month' })).toBeVisible();
      expect(await smallTargets(calendar)).toEqual([]);
    });

    test('Add Car’s fields and each picture’s tools are a thumb’s size, the tools inside their picture', async ({ page }) => {
      await openDashboard(page, 'fleet');
      await page.getByRole('button', { name: 'Add Car' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Car' });
      await dialog.locator('input[type=file]').setInputFiles([pngFile('front.png', { side: 48 }), pngFile('side.png', { side: 48 })]);
      const pictures = dialog.getByTestId('car-image');
      await expect(pictures).toHaveCount(2);
      await expect(dialog.getByRole('button', { name: 'Remove picture 2' })).toBeVisible();
      expect(await smallTargets(dialog)).toEqual([]);
      for (const picture of await pictures.all()) {
        const frame = (await picture.boundingBox())!;
        for (const tool of await picture.getByRole('button').all()) {
          const box = (await tool.boundingBox())!;
          expect(box.x, 'a tool starts inside its picture').toBeGreaterThanOrEqual(frame.x);
          expect(box.x + box.width, 'a tool ends inside its picture').toBeLessThanOrEqual(frame.x + frame.width);
        }
      }
      await dialog.getByRole('combobox', { name: 'Category' }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
      expect(await smallTargets(page.getByRole('listbox'))).toEqual([]);
    });

    test('today’s pick-up offers a thumb-sized call and a thumb-sized way to its booking', async ({ page }) => {
      const car = await newCarViaApi(page.request, staffHeaders());
      const renter = uniqueRenter('Pickup');
      const today = todayInManila();
      const booking = await newBookingViaApi(page.request, { customerEmail: renter.email, customerName: renter.fullName, customerPhone: renter.phone, carId: car.id, pickupDate: today, returnDate: addDays(today, 2), status: 'confirmed' });
      await openDashboard(page);
      const row = page.getByTestId('schedule-pickup').filter({ hasText: booking.reference });
      await expect(row).toBeVisible();
      for (const link of [row.getByRole('link', { name: `Call ${renter.fullName}, ${renter.phone}` }), row.getByRole('link', { name: `Open booking ${booking.reference}` })]) {
        const box = (await link.boundingBox())!;
        expect(box.height, 'its height').toBeGreaterThanOrEqual(THUMB);
        expect(box.width, 'its width').toBeGreaterThanOrEqual(THUMB);
      }
    });

    test('a customer’s More actions menu is a thumb’s size', async ({ page }) => {
      const renter = uniqueRenter('Menu');
      await bookThroughPublicSite(page.request, renter);
      await openDashboard(page, 'customers');
      await page.getByRole('searchbox').fill(renter.email);
      await page.getByRole('button', { name: `More actions for ${renter.fullName}` }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      expect(await smallTargets(menu)).toEqual([]);
    });
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a customer’s booking history with one booking is as tall as that booking, with no empty box below it', async ({ page }) => {
    const renter = uniqueRenter('History');
    await bookThroughPublicSite(page.request, renter);
    await openDashboard(page, 'customers');
    await page.getByRole('searchbox').fill(renter.email);
    const history = page.getByRole('region', { name: `Booking History: ${renter.fullName}` }).or(page.getByLabel(`Booking History: ${renter.fullName}`)).first();
    const entry = history.getByTestId('history-entry');
    await expect(entry).toHaveCount(1);
    const box = (await history.boundingBox())!;
    const shown = (await entry.boundingBox())!;
    expect(box.y + box.height - (shown.y + shown.height), 'room left under the booking').toBeLessThanOrEqual(4);
  });
});

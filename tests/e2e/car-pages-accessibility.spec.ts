import { addDays, todayInManila } from '../../src/shared/dates';
import { expect, test } from './support';

/** The date search, its results and a car's page, in both themes (the pattern of accessibility.spec.ts). */
for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('a car’s page, with its calendar, has no serious or critical accessibility violations', async ({ page, checkA11y }) => {
      await page.goto('/cars/toyota-vios-1-3-xle');
      await expect(page.getByRole('heading', { level: 1, name: 'Toyota Vios 1.3 XLE' })).toBeVisible();
      // The calendar is drawn when it comes near the screen.
      await page.getByTestId('car-availability').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('rental-calendar')).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      await checkA11y({ label: `car page ${scheme}` });
    });

    test('the search results have no serious or critical violations', async ({ page, checkA11y }) => {
      const pickup = addDays(todayInManila(), 33);
      await page.goto(`/booking?pickup=${pickup}&return=${addDays(pickup, 3)}&seats=5`);
      await expect(page.locator('#vehicle-list').getByRole('heading', { name: /free for your dates/ })).toBeVisible();
      await expect(page.getByTestId('vehicle-total').first()).toBeVisible();
      await checkA11y({ label: `search results ${scheme}` });
    });

    test('the hero’s date search and its calendar have no serious or critical violations', async ({ page, checkA11y }) => {
      await page.goto('/');
      await checkA11y({ include: ['[data-testid="date-search"]'], label: `hero search ${scheme}` });
      await page.getByTestId('date-search').getByRole('button', { name: 'Book Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose your rental dates' });
      await expect(dialog).toBeVisible();
      await checkA11y({ include: ['.mantine-Modal-content'], label: `search calendar ${scheme}` });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('date-search').getByRole('alert')).toBeVisible();
      await checkA11y({ include: ['[data-testid="date-search"]'], label: `hero search error ${scheme}` });
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

      test('a car’s page has no serious or critical violations', async ({ page, checkA11y }) => {
        await page.goto('/cars/toyota-fortuner-2-8-q-4x4');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.getByTestId('car-availability').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('rental-calendar')).toBeVisible();
        await checkA11y({ label: `car page phone ${scheme}` });
      });
    });
  });
}

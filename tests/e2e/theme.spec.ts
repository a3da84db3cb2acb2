import { test, expect } from './support';

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('the toggle switches to dark, stores it under "theme" and keeps it across reloads', async ({ page }) => {
    await page.goto('/');
    const root = page.locator('html');
    await expect(root).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(root).toHaveClass(/\bdark\b/);
    await expect(root).not.toHaveClass(/\blight\b/);
    await expect(root).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(root).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(root).toHaveClass(/\blight\b/);
    await page.goto('/terms');
    await expect(root).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('a stored dark theme is painted with the server-rendered page, before the app script runs (no flash)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Hold the app's JavaScript back: what is on screen meanwhile is what the visitor sees first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null && document.styleSheets.length > 0 && getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)');
    const before = await page.evaluate(() => ({
      className: document.documentElement.className,
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      rendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    // The page arrives rendered by the server: what shows before the script runs is the finished page.
    expect(before.rendered).toBe(true);
    expect(before.className).toContain('dark');
    expect(before.scheme).toBe('dark');
    expect(before.background).toBe('rgb(36, 36, 36)'); // Mantine's dark body colour (dark-7)

    release();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test.describe('with a dark system preference', () => {
    test.use({ colorScheme: 'dark' });

    test('follows the system until the visitor chooses', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.reload();
      await expect(page.locator('html')).toHaveClass(/\blight\b/);
      await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    });
  });
});

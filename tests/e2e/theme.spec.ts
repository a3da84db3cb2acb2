import type { Locator } from '@playwright/test';
import { WORKSHOP_PHOTOS } from '../../src/client/content/workshop';
import { test, expect } from './support';

/**
 * The share of a picture that is near-white (relative luminance over 0.6) as the page paints it:
 * the picture over its own background.
 */
async function nearWhiteShare(picture: Locator): Promise<number> {
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return picture.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(img).backgroundColor;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(img, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const linear = (value: number) => (value / 255 <= 0.04045 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
    let bright = 0;
    for (let i = 0; i < data.length; i += 4) if (0.2126 * linear(data[i]!) + 0.7152 * linear(data[i + 1]!) + 0.0722 * linear(data[i + 2]!) > 0.6) bright += 1;
    return bright / (data.length / 4);
  });
}

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

  test.describe('the workshop page (/pcc) in the dark theme', () => {
    test.use({ colorScheme: 'dark' });

    test('has its title as bright as the home page’s, as every page’s main heading, and pictures that are no bright panels', async ({ page }) => {
      await page.goto('/');
      const homeTitle = await page.getByRole('heading', { level: 1 }).evaluate((title) => getComputedStyle(title).color);
      await page.goto('/pcc');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', homeTitle);
      // Every other page's main heading too (one rule in global.css).
      for (const path of ['/booking', '/find-booking', '/terms', '/privacy', '/fil/pcc', '/no/such/page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveCSS('color', homeTitle);
      }
      await page.goto('/pcc');
      for (const src of WORKSHOP_PHOTOS) expect(await nearWhiteShare(page.locator(`img[src="${src}"]`)), src).toBeLessThan(0.25);
    });
  });

  test('the workshop page (/pcc) in the light theme keeps its title black and its pictures light as drawn', async ({ page }) => {
    for (const path of ['/booking', '/terms', '/pcc']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCSS('color', 'rgb(0, 0, 0)');
    }
    for (const src of WORKSHOP_PHOTOS) expect(await nearWhiteShare(page.locator(`img[src="${src}"]`)), src).toBeGreaterThan(0.25);
  });
});

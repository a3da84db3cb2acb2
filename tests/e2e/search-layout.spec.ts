import type { Browser, Page } from '@playwright/test';
import { expect, expectHydrated, test } from './support';

const WIDTHS = [390, 768, 1024, 1440];

/** The heights of the date search and of its parts, which move what lies below it. */
async function searchHeights(page: Page): Promise<Record<string, number>> {
  const search = page.getByTestId('date-search');
  await expect(search).toBeVisible();
  return search.evaluate((form) => {
    const height = (element: Element | null) => element?.getBoundingClientRect().height ?? -1;
    return {
      form: height(form),
      dates: height(form.querySelector('[data-testid="search-pickup"]')),
      select: height(form.querySelector('select')),
      submit: height(form.querySelector('[data-testid="search-submit"]')),
    };
  });
}

/** The date search as the server's HTML draws it, with no script to restyle it. */
async function serverHeights(browser: Browser, path: string, width: number): Promise<Record<string, number>> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return await searchHeights(page);
  } finally {
    await context.close();
  }
}

// The page's stylesheets must style the server's markup as the browser's scripts will, or
// everything below the search moves when they arrive.
for (const path of ['/', '/booking', '/fil/', '/fil/booking']) {
  test(`the date search on ${path} is as tall in the server's HTML as once hydrated`, async ({ browser, page }) => {
    for (const width of WIDTHS) {
      const before = await serverHeights(browser, path, width);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expectHydrated(page.getByTestId('date-search'));
      const after = await searchHeights(page);
      for (const [part, height] of Object.entries(after)) {
        expect(Math.abs(before[part]! - height), `${path} at ${width} px, the ${part}: server HTML ${JSON.stringify(before)}, hydrated ${JSON.stringify(after)}`).toBeLessThanOrEqual(1);
      }
    }
  });
}

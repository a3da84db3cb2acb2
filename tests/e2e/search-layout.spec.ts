import type { Browser, Locator, Page, Route } from '@playwright/test';
import { addDays, todayInManila } from '../../src/shared/dates';
import { expect, expectHydrated, expectTextWhole, test } from './support';

/** A 320 px phone (or a 375 px one at a larger text size), the common phones, a tablet, laptops. */
const WIDTHS = [320, 390, 768, 1024, 1440];

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

/** Fails unless each part of the search is as tall (to a pixel) in `now` as in `expected`. */
function expectSameHeights(now: Record<string, number>, expected: Record<string, number>, where: string): void {
  for (const [part, height] of Object.entries(expected)) {
    expect(Math.abs(now[part]! - height), `${where}, the ${part}: ${JSON.stringify(now)}, expected ${JSON.stringify(expected)}`).toBeLessThanOrEqual(1);
  }
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

const hydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps')));

/**
 * Loads `path` with the stylesheets its scripts fetch (a lazy chunk's, Mantine's components')
 * arriving one at a time, in the order they are asked for, as on a slow connection: `measure`
 * runs after each has taken effect, then once the search is hydrated.
 */
async function loadWithStylesheetsOneByOne(page: Page, path: string, measure: (step: string) => Promise<void>): Promise<void> {
  const held: Route[] = [];
  await page.route('**/assets/*.css', (route) => void held.push(route));
  // The frame's own goto: the page's waits for the network to go quiet, which it does not while
  // stylesheets are held, and `load` waits for them too.
  await page.mainFrame().goto(path, { waitUntil: 'domcontentloaded' });
  const search = page.getByTestId('date-search');
  await measure('as first drawn');
  for (;;) {
    await expect.poll(async () => held.length > 0 || (await hydrated(search))).toBe(true);
    const route = held.shift();
    if (!route) break;
    const url = route.request().url();
    await route.continue();
    await page.waitForFunction((href) => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === href && link.sheet), url);
    await measure(`with ${new URL(url).pathname}`);
  }
  await page.unroute('**/assets/*.css');
  for (const route of held.splice(0)) await route.continue();
  await expectHydrated(search);
  await measure('hydrated');
}

// The page's stylesheets must style the server's markup as the browser's scripts will, or
// everything below the search moves when they arrive; and a stylesheet a chunk brings (Mantine's
// input styles) may take effect before or after the search's own, which must win either way.
for (const path of ['/', '/booking', '/fil/', '/fil/booking']) {
  for (const width of WIDTHS) {
    test(`the date search on ${path} at ${width} px is as tall in the server's HTML as once hydrated, and while the stylesheets arrive`, async ({ browser, page }) => {
      const before = await serverHeights(browser, path, width);
      await page.setViewportSize({ width, height: 900 });
      await loadWithStylesheetsOneByOne(page, path, async (step) => expectSameHeights(await searchHeights(page), before, `${path} at ${width} px, ${step}`));
    });
  }
}

// Each field's text whole, at every width in either language and theme: the dates' placeholder or
// dates (this year's with their weekday, another year's with the year) and every choice of each
// select, whichever a renter picks.
for (const path of ['/', '/booking', '/fil/', '/fil/booking']) {
  test(`the date search on ${path} shows every field's text whole at ${WIDTHS.join(', ')} px, in the light and dark themes`, async ({ page }) => {
    const today = todayInManila();
    const nextYear = Number(today.slice(0, 4)) + 1;
    const searches = path.endsWith('booking')
      ? [path, `${path}?pickup=${addDays(today, 3)}&return=${addDays(today, 6)}`, `${path}?pickup=${nextYear}-05-10&return=${nextYear}-05-13`]
      : [path];
    for (const search of searches) {
      await expectTextWhole(page, search, WIDTHS, { scope: (on) => on.getByTestId('date-search'), ready: (on) => expectHydrated(on.getByTestId('date-search')) });
    }
  });
}

/** Holds back every request for `glob` until the returned function is called. */
async function holdBack(page: Page, glob: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// Coming to the home page from another page of the site, the hero shows a placeholder until the
// search's chunk has loaded: it must take the form's place, or the page moves when the form comes.
for (const [from, home] of [
  ['/pcc', '/'],
  ['/fil/pcc', '/fil/'],
] as const) {
  for (const width of WIDTHS) {
    test(`the date search's placeholder on ${home} at ${width} px, reached from ${from}, is as tall as the form it makes way for`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdBack(page, '**/assets/DateSearchForm-*.js');
      await page.goto(from);
      const logo = page.getByRole('banner').locator(`a[href="${home}"]`);
      await expectHydrated(logo);
      await logo.click();
      await expect(page).toHaveURL(home);
      const placeholder = page.getByTestId('date-search-placeholder');
      await expect(placeholder).toBeVisible();
      const waiting = (await placeholder.boundingBox())!;
      release();
      await expect(placeholder).toBeHidden();
      const form = (await page.getByTestId('date-search').boundingBox())!;
      expect(Math.abs(waiting.height - form.height), `placeholder ${waiting.height} px, form ${form.height} px`).toBeLessThanOrEqual(1);
    });
  }
}

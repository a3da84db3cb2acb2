import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test';
import { copy } from '../../src/client/content/site';
import type { TCar } from '../../src/shared/schemas/car.schema';
import { test, expect } from './support';

/** Every server-rendered page; /booking also with a car chosen, which renders the booking form. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const car = ((await (await request.get('/api/cars')).json()) as TCar[]).find((c) => c.available);
  return ['/', '/booking', `/booking?car=${car!.id}`, '/pcc', '/terms', '/privacy', '/find-booking', '/my-booking', '/no/such/page'];
}

/** Loads a page and collects what the browser reported while React hydrated it. */
async function load(page: Page, path: string) {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    // The 404 page's own status is reported by the browser against the page's address.
    const ownStatus = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
    if ((message.type() === 'error' || message.type() === 'warning') && !ownStatus) problems.push(`${message.type()}: ${message.text()}`);
  };
  const fetched: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    if (request.url().includes('/trpc/')) fetched.push(new URL(request.url()).pathname);
  };
  page.on('console', onConsole);
  page.on('request', onRequest);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('console', onConsole);
  page.off('request', onRequest);
  return { problems, fetched };
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`hydration, ${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('every public page arrives rendered and hydrates with no error or warning', async ({ page, request }) => {
      for (const path of await publicPaths(request)) {
        const { problems, fetched } = await load(page, path);
        expect(problems, `${path}: console errors and warnings (a hydration mismatch shows here)`).toEqual([]);
        // The fleet and the garage's details came inlined in the page: nothing fetched them again.
        expect(fetched.filter((url) => /cars\.list|site\.info/.test(url)), `${path}: refetched inlined data`).toEqual([]);
        // Hydrated: the theme toggle names the other theme, which only the browser knows.
        const toggle = page.getByRole('button', { name: scheme === 'dark' ? copy.nav.toLight : copy.nav.toDark });
        await expect(toggle, path).toBeVisible();
        await expect(toggle.locator('svg:visible'), `${path}: one theme icon`).toHaveCount(1);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      }
    });
  });
}

test('the home page is whole without JavaScript: cars, prices and the enquiry form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('car-card')).not.toHaveCount(0);
  await expect(page.getByTestId('car-skeleton')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});

test.describe('on a phone, what lies below the first screen hydrates when it is reached', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  const firstName = (page: Page) => page.locator('#contact').getByLabel('First name');

  /**
   * Waits until the browser has an idle moment: React yields to the browser between slices of
   * hydration but queues the next slice at once, so an idle callback runs only once hydration has
   * done all it can without the visitor. What still waits then is waiting for its gate.
   */
  const hydrationSettled = (page: Page) => page.evaluate(() => new Promise<void>((settled) => requestIdleCallback(() => settled())));

  test('the enquiry form at the bottom waits, readable, until it is scrolled to, then works', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await hydrationSettled(page);
    // Rendered by the server and on the page, but not hydrated: its fields wait (FormFields).
    await expect(firstName(page)).toBeDisabled();
    await page.evaluate(() => document.getElementById('contact')!.scrollIntoView());
    await expect(firstName(page)).toBeEnabled();
    await firstName(page).fill('Ana');
    await expect(firstName(page)).toHaveValue('Ana');
  });

  test('the first key press hydrates everything still waiting', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(firstName(page)).toBeDisabled();
    await page.keyboard.press('Tab');
    await expect(firstName(page)).toBeEnabled();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the last car, far down, is chosen with its own button', async ({ page }) => {
    await page.goto('/');
    const last = page.getByTestId('car-card').filter({ has: page.getByRole('button', { name: copy.fleet.select, disabled: false }) }).last();
    const name = await last.getAttribute('aria-label');
    await last.getByRole('button', { name: copy.fleet.select }).click();
    await expect(page.locator('#booking').getByText(name!, { exact: false }).first()).toBeVisible();
  });
});

import type { Page } from '@playwright/test';
import { DEFAULT_BUSINESS } from '../../src/shared/business';
import { yearInManila } from '../../src/shared/isoDate';
import { FUELS, TRANSMISSIONS } from '../../src/shared/schemas/car.schema';
import { test, expect, expectHydrated } from './support';
import { carByName } from './support/booking';

const NAME = DEFAULT_BUSINESS.name;

/** Every public page, what its title is, and something that shows it has rendered. */
const PAGES: Array<{ path: string; title: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/', title: `${NAME} — Car Rental in Alaminos City, Pangasinan`, ready: (page) => expect(page.getByTestId('car-card').first()).toBeVisible() },
  { path: '/booking', title: `Book a Car | ${NAME}`, ready: (page) => expect(page.getByTestId('vehicle-option').first()).toBeVisible() },
  { path: '/pcc', title: `PCC Car Care Center | ${NAME}`, ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/terms', title: `Terms of Service | ${NAME}`, ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible() },
  { path: '/privacy', title: `Privacy Policy | ${NAME}`, ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible() },
  { path: '/find-booking', title: `Find my booking | ${NAME}`, ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Find my booking' })).toBeVisible() },
  { path: '/my-booking', title: `My booking | ${NAME}`, ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Open your booking from its e-mail' })).toBeVisible() },
  { path: '/no/such/page', title: `Page Not Found | ${NAME}`, ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible() },
];

test('an unknown path answers 404 with the Page Not Found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Premium Car Rental' })).toBeVisible();
});

test('the site routes answer 200', async ({ request }) => {
  for (const path of ['/', '/booking', '/pcc', '/terms', '/privacy', '/find-booking', '/my-booking']) expect((await request.get(path)).status(), path).toBe(200);
});

test('/favicon.ico is the logo as an icon, and every page links its icons', async ({ page, request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  const bytes = await icon.body();
  // An ICO file: reserved 0, type 1 (icon), and its images (PNG data).
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  expect(bytes.includes(Buffer.from('\x89PNG', 'latin1'))).toBe(true);
  for (const path of ['/', '/pcc', '/admin', '/no/such/page']) {
    await page.goto(path);
    const hrefs = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs, path).toEqual(['/favicon.ico', '/logo.svg']);
    for (const href of hrefs) expect((await request.get(href!)).status(), `${path}: ${href}`).toBe(200);
  }
});

test('each page sets its own title and meta description', async ({ page }) => {
  const descriptions = new Set<string>();
  for (const { path, title, ready } of PAGES) {
    await page.goto(path);
    await ready(page);
    await expect(page).toHaveTitle(title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length, `${path} description`).toBeGreaterThan(40);
    descriptions.add(description ?? '');
  }
  expect(descriptions.size).toBe(PAGES.length);
});

test('the title follows client-side navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(PAGES[0]!.title);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page).toHaveTitle(`Privacy Policy | ${NAME}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PCC' }).click();
  await expect(page).toHaveTitle(`PCC Car Care Center | ${NAME}`);
});

test('a navigation right after the page loads is not held by a part still waiting to be seen', async ({ page }) => {
  await page.goto('/privacy');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PCC' });
  // The header's link is live (React has hydrated it); the footer, far below, still waits to be seen.
  await expectHydrated(link);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  // A click without pointer or key input, which would hydrate everything on its own.
  await link.evaluate((element: HTMLElement) => element.click());
  await expect(page).toHaveTitle(`PCC Car Care Center | ${NAME}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PCC Car Care Center');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'a client-side navigation').toBe(true);
});

test('a move in the browser history right after the page loads is not held by a part still waiting to be seen', async ({ page }) => {
  await page.goto('/privacy');
  const live = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
  await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PCC' }).evaluate(live)).toBe(true);
  expect(await page.getByRole('contentinfo').getByRole('link').first().evaluate(live), 'the footer, far below, still waits to be seen').toBe(false);
  // A fragment entered in the address bar: the router hears of it from the history (popstate),
  // with no tap or key on the page, which would hydrate everything on its own.
  await page.evaluate(() => {
    window.location.hash = '#main';
  });
  // The layout scrolls to the fragment's section once the router has rendered the new location.
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('render-all'))).toBe(true);
});

test('on a short page the footer reaches the bottom of the screen, with no strip of page below it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  const bottom = await footer.evaluate((element) => ({ footer: element.getBoundingClientRect().bottom, screen: window.innerHeight }));
  expect(bottom.footer).toBeGreaterThanOrEqual(bottom.screen - 1);
});

test.describe('the vehicle list on /booking', () => {
  test('starts level with the chosen car and stays beside the form as the page scrolls', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const car = await carByName(request, 'Honda City 1.5 V');
    await page.goto(`/booking?car=${car.id}`);
    await expect(page.getByTestId('booking-form')).toBeVisible();
    const list = page.locator('#vehicle-list');
    const column = page.locator('#booking-form-column');
    expect(Math.abs((await list.boundingBox())!.y - (await column.boundingBox())!.y)).toBeLessThanOrEqual(1);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(async () => Math.round((await list.boundingBox())!.y)).toBe(84);
  });

  test('has a heading of its own beside the booking’s, so the chosen car and its form are not read as part of the list', async ({ page, request }) => {
    const car = await carByName(request, 'Honda City 1.5 V');
    await page.goto(`/booking?car=${car.id}`);
    await expect(page.getByTestId('booking-form')).toBeVisible();
    const outline = await page.locator('main').locator('h1, h2, h3').evaluateAll((headings) => headings.map((heading) => `${heading.tagName} ${heading.textContent?.trim()}`));
    const booking = outline.indexOf('H2 Your booking');
    expect(booking, outline.join(' | ')).toBeGreaterThan(outline.findIndex((line) => line.startsWith('H2 ')));
    expect(outline.indexOf(`H3 ${car.name}`), outline.join(' | ')).toBeGreaterThan(booking);
  });

  test('on a phone, ends above the chosen car instead of running over it', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const car = await carByName(request, 'Honda City 1.5 V');
    await page.goto(`/booking?car=${car.id}`);
    await expect(page.getByTestId('booking-form')).toBeVisible();
    const list = (await page.locator('#vehicle-list').boundingBox())!;
    const column = (await page.locator('#booking-form-column').boundingBox())!;
    expect(list.y + list.height).toBeLessThanOrEqual(column.y);
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  for (const { path, ready } of PAGES) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: window.innerWidth }));
      expect(widths.page, 'document width').toBeLessThanOrEqual(widths.viewport);
      expect(widths.body, 'body width').toBeLessThanOrEqual(widths.viewport);
    });
  }

  test('dates of another year fit their fields in the date search', async ({ page }) => {
    const next = Number(yearInManila()) + 1;
    await page.goto(`/booking?pickup=${next}-03-03&return=${next}-03-31`);
    for (const field of ['search-pickup', 'search-return']) {
      const button = page.getByTestId(field);
      await expect(button).toContainText(String(next));
      // The two dates share one bordered box that clips what runs past it.
      const fits = await button.evaluate((element) => {
        const value = element.lastElementChild!.getBoundingClientRect();
        return value.right <= element.getBoundingClientRect().right && value.right <= element.parentElement!.getBoundingClientRect().right;
      });
      expect(fits, `${field} shows its whole date`).toBe(true);
    }
  });

  test('the booking form with a car chosen and delivery wanted does not scroll sideways', async ({ page }) => {
    await page.goto('/booking');
    await page.getByTestId('vehicle-option').first().click();
    await page.getByTestId('booking-form').getByLabel('Deliver the car to my address').check();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  });
});

test('the fleet arrives with the page: 20+ cars, no placeholders, no request for the list', async ({ page }) => {
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/') && request.url().includes('cars.list')) listRequests.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const fleet = page.locator('section#cars');
  await expect(fleet.getByTestId('car-skeleton')).toHaveCount(0);
  const cards = fleet.getByTestId('car-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(20);
  expect(listRequests).toEqual([]);

  const available = cards.filter({ has: page.getByRole('button', { name: 'Select This Car' }) }).first();
  await expect(available.getByRole('img')).toHaveAttribute('alt', /\S/);
  await expect(available.getByRole('heading', { level: 3 })).not.toBeEmpty();
  await expect(available).toContainText(/₱[\d,]+(\.\d\d)?\/day/);
  await expect(available).toContainText(/\d+ seats/);
  await expect(available).toContainText(new RegExp(TRANSMISSIONS.join('|')));
  await expect(available).toContainText(new RegExp(FUELS.join('|')));
});

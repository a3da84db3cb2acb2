import { DEFAULT_BUSINESS, telHref } from '../../src/shared/business';
import type { Locator } from '@playwright/test';
import { test, expect, expectFocusWithin, expectHydrated, linesOf, signInAsStaff } from './support';

test.describe('header on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const [label, anchor, heading] of [
    ['Our Fleet', 'cars', 'Our Fleet'],
    ['About', 'about', 'About us'],
    ['Contact', 'contact', 'Contact us'],
  ] as const) {
    test(`"${label}" on /pcc goes to /#${anchor} and scrolls to that section`, async ({ page }) => {
      await page.goto('/pcc');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`/#${anchor}`);
      const section = page.locator(`section#${anchor}`);
      await expect(section.getByRole('heading', { level: 2, name: heading })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    });
  }

  test('"Contact" on /pcc reaches its section even when that part of the home page arrives late', async ({ page }) => {
    await page.goto('/pcc');
    // The home page's lower sections (a chunk of their own) are held back, as on a slow phone, until
    // the home page has asked for them and is shown without them.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/assets/BelowFold-*.js', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/#contact');
    await expect.poll(() => asked).toBe(true);
    await expect(page.locator('section#contact')).toHaveCount(0);
    release();
    await expect(page.locator('section#contact').getByRole('heading', { level: 2, name: 'Contact us' })).toBeInViewport({ timeout: 10_000 });
  });

  test('the section entries of the header and the footer are links to the home page’s sections, which work before the scripts run', async ({ browser }) => {
    // Scripts off: what a visitor has while they are still on their way, or when one fails to load.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto('/pcc');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const footer = page.getByRole('contentinfo');
      for (const [label, anchor] of [['Our Fleet', 'cars'], ['Book Now', 'booking'], ['About', 'about'], ['Contact', 'contact']] as const) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `/#${anchor}`);
      }
      await expect(footer.getByRole('link', { name: 'About Us', exact: true })).toHaveAttribute('href', '/#about');
      await nav.getByRole('link', { name: 'Contact', exact: true }).click();
      await expect(page).toHaveURL('/#contact');
      await page.goto('/fil/pcc');
      await expect(page.getByRole('navigation', { name: 'Pangunahing menu' }).getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/fil/#contact');
    } finally {
      await context.close();
    }
  });

  test('on the home page an anchor entry scrolls without leaving the page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.locator('section#about').getByRole('heading', { name: 'About us' })).toBeInViewport();
    await expect(page).toHaveURL('/#about');
  });

  test('an anchor entry takes the keyboard’s focus to its section, so the next Tab goes on inside it, on the home page as from another', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true });
    await expectHydrated(contact);
    await contact.focus();
    await page.keyboard.press('Enter');
    const section = page.locator('section#contact');
    await expect(section).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(section.locator(':focus')).toHaveCount(1);

    // From the footer of another page: the home page's section, not the footer, has the focus.
    await page.goto('/pcc');
    const fleet = page.getByRole('contentinfo').getByRole('link', { name: 'Our Fleet' });
    await fleet.scrollIntoViewIfNeeded();
    await expectHydrated(fleet);
    await fleet.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/#cars');
    await expect(page.locator('section#cars')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator('section#cars :focus')).toHaveCount(1);
  });

  test('a link to another page leaves the focus on that page’s content, not on the header or footer link followed', async ({ page }) => {
    await page.goto('/');
    const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
    await terms.scrollIntoViewIfNeeded();
    await expectHydrated(terms);
    await terms.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);

    const findBooking = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find my booking' });
    await expectHydrated(findBooking);
    await findBooking.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Find my booking' })).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('Cars Sale is disabled and says Coming Soon', async ({ page }) => {
    await page.goto('/pcc');
    // A link a screen reader announces as unavailable, still a Tab stop so its hint can be read.
    const entry = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Cars Sale/ });
    await expect(entry).toBeDisabled();
    await expect(entry).toContainText('Coming Soon');
    await entry.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Coming Soon');
    await entry.click({ force: true });
    await expect(page).toHaveURL('/pcc');
  });

  test('PCC and Admin are links to their pages, the logo to the home page', async ({ page }) => {
    await page.goto('/terms');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'PCC' })).toHaveAttribute('href', '/pcc');
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await nav.getByRole('link', { name: 'PCC' }).click();
    await expect(page).toHaveURL('/pcc');
    await page.getByRole('banner').getByRole('link', { name: /Home/ }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('opens, offers Call Now with a tel: link, and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();

    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    const nav = menu.getByRole('navigation', { name: 'Mobile' });
    for (const label of ['Our Fleet', 'Book Now', 'About', 'Contact', 'PCC', 'Admin']) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByText('Cars Sale')).toHaveAttribute('aria-disabled', 'true');
    const call = menu.getByRole('link', { name: 'Call Now' });
    await expect(call).toHaveAttribute('href', telHref(DEFAULT_BUSINESS.phonePrimary));
    expect(telHref(DEFAULT_BUSINESS.phonePrimary)).toMatch(/^tel:\+?\d+$/);

    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('an entry closes the menu and scrolls to its section', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.locator('section#contact').getByRole('heading', { name: 'Contact us' })).toBeInViewport();
  });

  test('Escape closes the menu and gives the focus back to its button, the first time as after', async ({ page }) => {
    await page.goto('/pcc');
    const burger = page.getByRole('button', { name: 'Open menu' });
    for (let time = 0; time < 2; time += 1) {
      await burger.focus();
      await page.keyboard.press('Enter');
      await expectFocusWithin(page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(burger).toBeFocused();
    }
  });
});

/** The smallest a control may be, each way, for a thumb (WCAG 2.5.8 asks 24 px; the dashboard's are 42). */
const THUMB = 40;

/** The links and buttons in `scope` (the header, the footer, the menu) smaller than THUMB either way, as "name WxH". */
async function smallControls(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, thumb) => {
    const small: string[] = [];
    for (const control of root.querySelectorAll<HTMLElement>('a[href], button, [role=link]')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width < thumb || box.height < thumb) small.push(`${control.getAttribute('aria-label') ?? control.textContent?.trim()} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, THUMB);
}

test.describe('the header’s and footer’s controls on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/fil/', '/pcc']) {
    test(`are a thumb’s size on ${path}`, async ({ page }) => {
      await page.goto(path);
      expect(await smallControls(page.getByRole('banner'))).toEqual([]);
      const footer = page.getByRole('contentinfo');
      expect(await smallControls(footer)).toEqual([]);
      // Grown, they keep their places: the footer's logo and links start where its headings do.
      const start = (await footer.getByRole('heading').first().boundingBox())!.x;
      // The logo, then the first of the links under the first heading.
      for (const shown of [footer.getByRole('link').first().locator('img'), footer.getByRole('link').nth(1)]) expect((await shown.boundingBox())!.x).toBe(start);
    });
  }

  test('are a thumb’s size on the dashboard, as its own controls are', async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
    expect(await smallControls(page.getByRole('banner'))).toEqual([]);
    expect(await smallControls(page.getByRole('contentinfo'))).toEqual([]);
  });

  test('are a thumb’s size in the menu, its close button included', async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expectHydrated(burger);
    await burger.click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Call Now' })).toBeVisible();
    expect(await smallControls(menu)).toEqual([]);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the header on a 320 px phone, ${colorScheme} theme`, () => {
    test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, colorScheme });

    for (const path of ['/', '/fil/']) {
      test(`keeps the garage's name and place on a line each beside its controls on ${path}`, async ({ page }) => {
        await page.goto(path);
        const banner = page.getByRole('banner');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        const logo = banner.getByRole('link').first();
        const [name, place] = await logo.locator('p').all();
        expect(await linesOf(name!), 'the name').toBe(1);
        expect(await linesOf(place!), 'the place').toBe(1);
        expect((await banner.boundingBox())!.height).toBe(64);
        expect(await smallControls(banner)).toEqual([]);
      });
    }
  });
}

test.describe('the header’s and footer’s controls on a 1280 px touch screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true, isMobile: true });

  test('are a thumb’s size, the header’s links included', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await smallControls(page.getByRole('banner'))).toEqual([]);
    expect(await smallControls(page.getByRole('contentinfo'))).toEqual([]);
  });
});

test.describe('the header’s and footer’s controls on a 1440 px screen with a mouse', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('stay compact: a 64 px header, a 38 px theme toggle, footer links a line tall', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    expect((await banner.boundingBox())!.height).toBe(64);
    expect((await banner.getByRole('button', { name: /dark theme|light theme/i }).boundingBox())!.height).toBe(38);
    const terms = (await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).boundingBox())!;
    expect(terms.height).toBeLessThan(THUMB);
  });
});

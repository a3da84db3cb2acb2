import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type ImpactValue = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeCheckOptions {
  /** Only these parts of the page (CSS selectors). */
  include?: string[];
  /** Leave these parts out (CSS selectors), e.g. a third-party widget. */
  exclude?: string[];
  /** Rule ids to skip; say why next to the call. */
  disableRules?: string[];
  /** Impacts that fail the check; serious and critical by default. */
  failOn?: ImpactValue[];
  /** Names the attached report, e.g. 'home-dark'. */
  label?: string;
}

export interface E2EFixtures {
  /** An axe-core builder for the test's page, for checks beyond `checkA11y`. */
  makeAxeBuilder: () => AxeBuilder;
  /**
   * Runs axe-core on the page as it is now and fails the test on any serious or critical
   * violation, listing rule, impact, help and the offending elements. The full result is attached
   * to the test report.
   */
  checkA11y: (options?: AxeCheckOptions) => Promise<AxeResults>;
  /** Uncaught exceptions in the page fail the test (default on; `test.use({ failOnPageErrors: false })`). */
  failOnPageErrors: boolean;
  pageErrors: Error[];
}

/**
 * Pages arrive rendered by the server and become interactive once their scripts have hydrated
 * them; input given before is lost, as it would be for a person. So after each navigation the page
 * is given until its scripts have loaded (network idle) and its forms are enabled (FormFields
 * disables them until hydrated). Both waits are bounded and never fail a test on their own: the
 * test's assertions decide.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Forms on screen are hydrated by then; those further down hydrate as they are scrolled to
  // (HydrateWhenSeen), and Playwright's actions wait for their fields to be enabled.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('fieldset[disabled]')].every((fieldset) => {
          const box = fieldset.getBoundingClientRect();
          return box.bottom <= 0 || box.top >= window.innerHeight;
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

export const test = base.extend<E2EFixtures>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await settle(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await settle(page);
      return response;
    };
    await use(page);
  },
  makeAxeBuilder: async ({ page }, use) => {
    await use(() => axeFor(page));
  },
  checkA11y: async ({ page }, use, testInfo) => {
    await use(async (options = {}) => {
      let builder = axeFor(page);
      for (const selector of options.include ?? []) builder = builder.include(selector);
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
      const results = await builder.analyze();
      const label = options.label ?? new URL(page.url()).pathname;
      await testInfo.attach(`axe ${label}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
      const failOn = options.failOn ?? ['serious', 'critical'];
      const failures = results.violations
        .filter((violation) => violation.impact && failOn.includes(violation.impact))
        .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 8).join('\n    ')}`);
      expect(failures, `accessibility violations on ${label}`).toEqual([]);
      return results;
    });
  },
  failOnPageErrors: [true, { option: true }],
  pageErrors: [
    async ({ page, failOnPageErrors }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      if (failOnPageErrors) expect(errors.map((error) => error.message), 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * axe-core for `page`, run in the page itself (`setLegacyMode`): the default runs axe in every
 * frame and then merges the results in a new blank page, injecting axe's 550 kB into both, about
 * a second a check whatever the page; the site has no frames, so the one run sees everything (a
 * check takes a third of the time, and finds the same violations).
 */
function axeFor(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** Saves a screenshot for review under tests/e2e/screenshots/ (git-ignored). */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const dir = resolve(import.meta.dirname, '../screenshots');
  await mkdir(dir, { recursive: true });
  const path = resolve(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}

/**
 * Waits until the focus is inside `dialog`, where its focus trap moves it just after it opens (in a
 * timer): a person's Escape comes after that. A key pressed before it would close the dialog and
 * then see the trap's late focus land in the closing dialog, which no person is quick enough to do.
 */
export async function expectFocusWithin(dialog: Locator): Promise<void> {
  await expect(dialog.locator(':focus')).toHaveCount(1);
}

/**
 * Waits until React has hydrated `element` (its handlers are attached): a key pressed on a control
 * the server rendered does nothing before then, and a link is followed as a plain one (a new page).
 * Parts far down the page hydrate as they come near the screen, or at the first key or tap.
 */
export async function expectHydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps')))).toBe(true);
}

/**
 * On how many lines `text` (by default all the text) is drawn inside `scope`, whatever elements it
 * runs across: a word broken at a line's end counts two.
 */
export function linesOf(scope: Locator, text?: string): Promise<number> {
  return scope.evaluate(
    (root, wanted) => {
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) nodes.push(walker.currentNode as Text);
      const whole = nodes.map((node) => node.data).join('');
      const start = wanted === null ? 0 : whole.indexOf(wanted);
      if (start < 0) throw new Error(`no "${wanted}" in "${whole}"`);
      const end = wanted === null ? whole.length : start + wanted.length;
      const tops = new Set<number>();
      let offset = 0;
      for (const node of nodes) {
        const from = Math.max(start - offset, 0);
        const to = Math.min(end - offset, node.data.length);
        if (from < to) {
          const range = document.createRange();
          range.setStart(node, from);
          range.setEnd(node, to);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        offset += node.data.length;
      }
      return tops.size;
    },
    text ?? null,
  );
}

/**
 * Fails unless `cover` (a notice, say) and each of `targets` are both on screen without sharing a
 * pixel: what is under a notice cannot be seen or clicked while it shows.
 */
export async function expectApart(cover: Locator, targets: Record<string, Locator>): Promise<void> {
  const box = await cover.boundingBox();
  expect(box, 'the covering element is on screen').not.toBeNull();
  for (const [name, target] of Object.entries(targets)) {
    const other = await target.boundingBox();
    expect(other, `${name} is on screen`).not.toBeNull();
    const overlaps = box!.x < other!.x + other!.width && other!.x < box!.x + box!.width && box!.y < other!.y + other!.height && other!.y < box!.y + box!.height;
    expect(overlaps, `${name} (${JSON.stringify(other)}) is under ${JSON.stringify(box)}`).toBe(false);
  }
}

/**
 * What a reader cannot see whole inside `scope`, a line each (none: everything is whole): text
 * running past the edge of a box that cuts it (overflow hidden, an ellipsis, a line clamp) or past
 * the screen's side; a button, link or field cut so; and a field's value or placeholder, or any of a
 * select's choices, wider than the field's room for text (its width less its padding, where the
 * chevron is). Measured in the page's own fonts, with a pixel's slack; text a scrolling box hides
 * is there to scroll to, and visually hidden text (clipped to nothing) is meant for screen readers.
 * Nothing inside `exempt` (a CSS selector) is looked at.
 */
export function clippedText(scope: Locator, exempt: string | null = null): Promise<string[]> {
  return scope.evaluate((root, exempt) => {
    const SLACK = 1;
    const found: string[] = [];
    const name = (element: Element) => `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} class="${element.getAttribute('class') ?? ''}">`;
    const edges = (box: DOMRect) => `${Math.round(box.left)}-${Math.round(box.right)} x ${Math.round(box.top)}-${Math.round(box.bottom)}`;

    /** The first box above `element` (or `element` itself) that cuts `box` off, or null; undefined when the element is visually hidden. */
    function cutBy(element: Element, box: DOMRect, fromSelf: boolean): Element | null | undefined {
      let acrossX = true;
      let acrossY = true;
      for (let node: Element | null = fromSelf ? element : element.parentElement; node && node !== document.documentElement; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip !== 'auto' || style.clipPath !== 'none') return undefined;
        const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
        const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if ((clipsX && acrossX) || (clipsY && acrossY)) {
          const outer = node.getBoundingClientRect();
          const left = outer.left + node.clientLeft;
          const top = outer.top + node.clientTop;
          const cutX = clipsX && acrossX && (box.left < left - SLACK || box.right > left + node.clientWidth + SLACK);
          const cutY = clipsY && acrossY && (box.top < top - SLACK || box.bottom > top + node.clientHeight + SLACK);
          if (cutX || cutY) return node;
        }
        // What a scrolling box hides along an axis is out of every box around it too: it is there to scroll to.
        if (!clipsX && style.overflowX !== 'visible') acrossX = false;
        if (!clipsY && style.overflowY !== 'visible') acrossY = false;
        if (!acrossX && !acrossY) break;
      }
      // Past the screen's side, on a page that scrolls sideways: out of sight, as good as cut.
      const page = document.documentElement;
      if (acrossX && (box.left + window.scrollX < -SLACK || box.right + window.scrollX > page.clientWidth + SLACK)) return page;
      return null;
    }

    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode as Text;
      const parent = text.parentElement;
      if (!text.data.trim() || !parent?.checkVisibility({ visibilityProperty: true }) || (exempt && parent.closest(exempt))) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const box of range.getClientRects()) {
        if (box.width === 0) continue;
        const cut = cutBy(parent, box, true);
        if (cut === undefined) break;
        if (cut) {
          found.push(`"${text.data.trim()}" (${edges(box)}) is cut by ${name(cut)} (${edges(cut.getBoundingClientRect())})`);
          break;
        }
      }
    }

    const context = document.createElement('canvas').getContext('2d')!;
    for (const control of root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]')) {
      if (!control.checkVisibility({ visibilityProperty: true }) || (exempt && control.closest(exempt))) continue;
      const label = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim() || name(control);
      const cut = cutBy(control, control.getBoundingClientRect(), false);
      if (cut === undefined) continue;
      if (cut) found.push(`the ${control.tagName.toLowerCase()} "${label}" (${edges(control.getBoundingClientRect())}) is cut by ${name(cut)} (${edges(cut.getBoundingClientRect())})`);

      const shown =
        control instanceof HTMLSelectElement
          ? [...control.options].map((option) => option.text)
          : control instanceof HTMLInputElement && ['text', 'email', 'tel', 'search', 'url', 'number', 'password'].includes(control.type)
            ? [control.value || control.placeholder]
            : [];
      const style = getComputedStyle(control);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      context.letterSpacing = style.letterSpacing === 'normal' ? '0px' : style.letterSpacing;
      const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const value of shown) {
        const width = context.measureText(value).width;
        if (width > room + SLACK) found.push(`"${value}" in ${name(control)} is ${width.toFixed(1)} px wide, with ${room.toFixed(1)} px of room`);
      }
    }
    return found;
  }, exempt);
}

/**
 * Opens `path` in the light theme, then in the dark, and fails when anything in `scope` (the whole
 * page unless given) is not whole (see clippedText) at any of `widths`. `ready` waits for what is
 * to be judged to be on the page (the page is resized after it); nothing inside `exempt` is judged.
 */
export async function expectTextWhole(
  page: Page,
  path: string,
  widths: readonly number[],
  { scope = (on: Page) => on.locator('body'), ready, exempt = null }: { scope?: (page: Page) => Locator; ready?: (page: Page) => Promise<void>; exempt?: string | null } = {},
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // A page of its own each time: going to the same address but for its #hash would not reload it.
    await page.goto('about:blank');
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await ready?.(page);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // Polled: a part laid out by script for the width (the calendar's months) follows the resize a frame or more later.
      await expect.poll(() => clippedText(scope(page), exempt), { message: `${path} at ${width} px, ${colorScheme}` }).toEqual([]);
    }
  }
}

/**
 * Screenshots of pages at phone and desktop widths, light and dark, for review:
 *   BASE_URL=http://localhost:3000 npx tsx scripts/screenshots.ts / /booking
 * Written to tests/e2e/screenshots/ (git-ignored). Uses Debian's Chromium (tests/e2e/support/env.ts).
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/env';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const out = 'tests/e2e/screenshots';
await mkdir(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const path of paths) {
  for (const [label, width, height] of [['phone', 390, 844], ['desktop', 1440, 900]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      // Cards off screen skip rendering (content-visibility: auto) until scrolled to; a full-page
      // picture shows them all as they will look.
      if (process.env.FULL !== '0') await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      const name = `${path === '/' ? 'home' : path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${label}-${scheme}`;
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: process.env.FULL !== '0' });
      process.stdout.write(`${out}/${name}.png\n`);
      // SEGMENTS=1 also cuts the full page into screen-sized pieces, easier to look at.
      if (process.env.SEGMENTS) {
        const total = await page.evaluate(() => document.documentElement.scrollHeight);
        const step = label === 'phone' ? 1400 : 1100;
        for (let y = 0, i = 1; y < total; y += step, i += 1) {
          const clip = { x: 0, y, width, height: Math.min(step, total - y) };
          await page.screenshot({ path: `${out}/${name}-${i}.png`, fullPage: true, clip });
        }
      }
      await context.close();
    }
  }
}
await browser.close();

/**
 * Writes public/favicon.ico from the logo (public/logo.svg), for browsers and tools that ask for
 * /favicon.ico whatever the page's <link rel="icon">: PNG images of 16, 32 and 48 pixels drawn by
 * Chromium, in an ICO container (which may hold PNG data since Windows Vista). Run it after
 * changing the logo:
 *   npx tsx scripts/favicon.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/env';

const root = resolve(import.meta.dirname, '..');
const SIZES = [16, 32, 48];

const svg = await readFile(resolve(root, 'public/logo.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const images: Buffer[] = [];
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style><img width="${size}" height="${size}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`);
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    images.push(await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    await page.close();
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, i) => {
  const entry = 6 + 16 * i;
  header.writeUInt8(SIZES[i]! % 256, entry);
  header.writeUInt8(SIZES[i]! % 256, entry + 1);
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
await writeFile(resolve(root, 'public/favicon.ico'), Buffer.concat([header, ...images]));
process.stdout.write(`public/favicon.ico: ${SIZES.join(', ')} px, ${offset} bytes\n`);

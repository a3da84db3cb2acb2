import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { carHref } from '../../shared/carLinks';
import { DEFAULT_LOCALE, LOCALES, localeOfPath, localizePath } from '../../shared/i18n/locales';
import { escapeHtml } from '../html';
import { siteOrigin } from './middleware';
import { SITE_ROUTES, SITEMAP_EXCLUDED } from './pages';
import type { AppEnv } from './variables';

/** Every public page and every car's page, in each language (`/pcc`, `/fil/pcc`), as absolute addresses of `origin`. */
export function sitemapXml(origin: string, carSlugs: readonly string[]): string {
  const pages = [...[...SITE_ROUTES].filter((path) => localeOfPath(path) === DEFAULT_LOCALE && !SITEMAP_EXCLUDED.has(path)), ...carSlugs.map((slug) => carHref({ slug }))];
  const paths = pages.flatMap((path) => LOCALES.map((locale) => localizePath(path, locale)));
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * `/sitemap.xml` (the public pages and a page per car, from the fleet cache) and `/robots.txt`
 * (public/robots.txt, naming the sitemap, cached like the other files of public/). Addresses are absolute: PUBLIC_URL, else the address the
 * request came to.
 */
export function seoApp(clientDir: string | undefined, fileCacheControl: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/sitemap.xml', async (c) => {
    const deps = c.get('deps');
    const fleet = await deps.fleet.get();
    const xml = sitemapXml(siteOrigin(c, deps), fleet.cars.map((car) => car.slug));
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=UTF-8', 'Cache-Control': 'no-cache' });
  });
  const robotsFile = clientDir ? resolve(clientDir, 'robots.txt') : null;
  if (robotsFile && existsSync(robotsFile)) {
    const robots = readFileSync(robotsFile, 'utf8').trimEnd();
    app.get('/robots.txt', (c) =>
      c.body(`${robots}\n\nSitemap: ${siteOrigin(c, c.get('deps'))}/sitemap.xml\n`, 200, { 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': fileCacheControl }),
    );
  }
  return app;
}

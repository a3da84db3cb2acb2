import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { Context } from 'hono';
import superjson, { type SuperJSONResult } from 'superjson';
import { DEFAULT_LOCALE, LOCALES, localeOfPath, localizePath, stripLocale, type Locale } from '../../shared/i18n/locales';
import { messages } from '../../shared/messages';
import { jsonForScriptElement, pageStateElement, type RenderedPage, type RenderInput } from '../../shared/pageState';
import type { TCar } from '../../shared/schemas/car.schema';
import type { AppDeps } from '../deps';
import { escapeHtml } from '../html';
import { withLocale } from '../i18n';
import { describeError, log } from '../logger';
import { cachedAnswer, contentSecurityPolicy, requestHeader } from './middleware';
import { createContextInner } from '../trpc/context';
import { appRouter } from '../trpc/root';
import { preferredEncoding, type ContentEncoding } from './compression';
import { entityTag } from './etag';
import { APP_ENTRY, APP_STAGES, cssClosure, readManifest, staticClosure } from './manifest';
import type { AppEnv } from './variables';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The public pages, each also in Filipino under /fil (`/fil`, `/fil/booking`, ...). */
const PUBLIC_ROUTES = ['/', '/booking', '/pcc', '/terms', '/privacy', '/find-booking', '/my-booking'];

/** Pages the site answers with 200; anything else (but a car's page, CAR_PAGE) gets its "Page Not Found" page with 404. */
export const SITE_ROUTES = new Set([...PUBLIC_ROUTES, ...PUBLIC_ROUTES.map((path) => pathOf(localizePath(path, 'fil'))), '/admin']);

/** Pages listed in /sitemap.xml besides the car pages: every public one (the dashboard and a renter's own booking are not). */
export const SITEMAP_EXCLUDED = new Set(['/admin', '/my-booking']);

/** A car's page: /cars/<slug>. */
const CAR_PAGE = /^\/cars\/([^/]+)$/;

/** `/cars` with no car: the fleet, a section of the home page (the header's "Our Fleet"). */
const FLEET_PATH = '/cars';
const FLEET_ADDRESS = '/#cars';

/** Where the "Page Not Found" page is rendered (a path no route has). */
const NOT_FOUND_URL = '/page-not-found';

/** The staff dashboard is rendered in the browser (it is behind sign-in): its page is the empty shell. */
const CLIENT_RENDERED_ROUTES = new Set(['/admin']);

/** Every unknown path renders the same "Page Not Found" page, kept once per language under these keys. */
const NOT_FOUND_KEY: Record<Locale, string> = { en: '*', fil: '/fil/*' };

interface CachedPage {
  status: number;
  html: string;
  etag: string;
  /** The fleet snapshot the page was rendered from: a different one means a re-render. */
  fleetEtag: string;
  encoded: Partial<Record<ContentEncoding, Promise<Buffer<ArrayBuffer>>>>;
}

type Render = (input: RenderInput) => Promise<RenderedPage>;

export interface PagesOptions {
  /** The built browser app: index.html is the page template. */
  clientDir: string;
  /** The server renderer built by `vite build --ssr` (dist/server/entry-server.js). */
  serverEntry: string;
}

/**
 * The lazily loaded parts each page renders on the server (prerendering waits for them), by their
 * source in Vite's manifest. Their stylesheets go into the page with it: arriving later with
 * their script, they would restyle markup already on screen and move it.
 */
export function lazyPartsOf(url: string): string[] {
  return ['src/client/components/Footer/Footer.tsx', ...pageParts(url)];
}

function pageParts(url: string): string[] {
  const [localized = '', query = ''] = url.split('?');
  const path = stripLocale(localized);
  switch (path) {
    case '/':
      return ['src/client/features/search/DateSearchForm.tsx', 'src/client/features/home/BookingSection.tsx', 'src/client/features/home/BelowFold.tsx', 'src/client/features/contact/ContactForm.tsx'];
    case '/booking':
      return ['src/client/pages/Booking.page.tsx', ...(new URLSearchParams(query).has('car') ? ['src/client/features/booking/BookingForm.tsx'] : [])];
    case '/pcc':
      return ['src/client/pages/Pcc.page.tsx'];
    case '/terms':
    case '/privacy':
      return ['src/client/pages/Legal.page.tsx'];
    case '/find-booking':
      return ['src/client/pages/FindBooking.page.tsx'];
    // Its shell (the booking is fetched in the browser) with the stylesheets of the booking it shows.
    case '/my-booking':
      return ['src/client/pages/MyBooking.page.tsx'];
    default:
      return CAR_PAGE.test(path ?? '') ? ['src/client/pages/Car.page.tsx'] : [];
  }
}

function pathOf(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/**
 * The cache key of a page, and the address it is rendered at. Only what changes the markup counts:
 * the path, and on /booking a `car` that can be booked (any other value shows the same "choose a
 * car" page). So the keys are bounded by the routes and the fleet, whatever the query string.
 */
export function pageKey(path: string, search: URLSearchParams, cars: TCar[]): string {
  if (stripLocale(path) === '/booking') {
    const id = search.get('car');
    if (id && cars.some((car) => car.id === id && car.available)) return `${path}?car=${encodeURIComponent(id)}`;
  }
  return path;
}

/**
 * The page's language and its alternates (https://developers.google.com/search/docs/specialty/international/localized-versions):
 * `<html lang>`, and a `hreflang` link to the page in each language, English as the default.
 */
export function withLanguage(html: string, url: string, origin: string): string {
  const [path = '/'] = url.split('?');
  const locale = localeOfPath(path);
  const query = url.slice(path.length);
  const href = (target: Locale) => escapeHtml(`${origin}${localizePath(path, target)}${query}`);
  const links = [...LOCALES.map((target) => `<link rel="alternate" hreflang="${target}" href="${href(target)}" />`), `<link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}" />`].join('');
  return html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`).replace('</head>', () => `${links}</head>`);
}

/**
 * The public pages, rendered on the server. The markup of each page is rendered once per fleet
 * change (the fleet cache's ETag) and kept with its compressed forms, so most requests cost a map
 * lookup. Each page carries the first screen's data (the fleet and the garage's details) as
 * react-query's dehydrated state under tRPC's query keys, so the browser hydrates without fetching.
 * Should the database be unreachable, the page is the browser-rendered shell, as before.
 */
export class PageRenderer {
  private readonly template: string;
  /** The template of server-rendered pages: their scripts start after the first paint. */
  private readonly pageTemplate: string;
  private readonly entry: string;
  private renderer: Promise<Render> | null = null;
  private readonly cache = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<CachedPage>>();
  /** The page without server rendering: every page while the database is away, and the dashboard's (`admin`). */
  private readonly shells: { ok: CachedPage; notFound: CachedPage; admin: CachedPage };

  /** The pages' policy: the site's, plus the hash of the inlined theme script. */
  private readonly contentSecurityPolicy: string;
  /** Each lazy part's stylesheets that the entry's (already in the template) do not hold, in their order. */
  private readonly lazyStyles = new Map<string, string[]>();
  /** The text of each of those stylesheets. */
  private readonly stylesheets = new Map<string, string>();

  constructor(
    private readonly deps: AppDeps,
    options: PagesOptions,
  ) {
    const inlined = inlineRenderBlocking(readFileSync(resolve(options.clientDir, 'index.html'), 'utf8'), options.clientDir);
    this.template = inlined.html;
    const manifest = readManifest(options.clientDir);
    const entry = manifest[APP_ENTRY] ? APP_ENTRY : undefined;
    const stages = APP_STAGES.filter((stage) => manifest[stage]).map((stage) => ({
      file: `/${manifest[stage]!.file}`,
      imports: staticClosure(manifest, stage).map((key) => `/${manifest[key]!.file}`),
    }));
    const painted = paintBeforeScripts(this.template, stages);
    this.pageTemplate = painted.html;
    const entryCss = new Set(entry ? cssClosure(manifest, entry) : []);
    for (const part of new Set(['/', '/booking?car', '/pcc', '/terms', '/find-booking', '/my-booking', '/cars/any'].flatMap(lazyPartsOf))) {
      const files = cssClosure(manifest, part).filter((file) => !entryCss.has(file));
      for (const file of files) if (!this.stylesheets.has(file)) this.stylesheets.set(file, readFileSync(resolve(options.clientDir, file), 'utf8'));
      this.lazyStyles.set(part, files);
    }
    this.contentSecurityPolicy = contentSecurityPolicy(deps, [...inlined.scriptHashes, ...(painted.scriptHash ? [painted.scriptHash] : [])]);
    this.entry = resolve(options.serverEntry);
    if (!existsSync(this.entry)) throw new Error(`${this.entry} is missing: run npm run build`);
    this.shells = { ok: cachedPage(200, this.template, ''), notFound: cachedPage(404, this.template, ''), admin: cachedPage(200, withNoScript(this.template), '') };
  }

  /** Answers a GET for a site path. */
  async respond(c: Context<AppEnv>): Promise<Response> {
    const path = pathOf(c.req.path);
    if (CLIENT_RENDERED_ROUTES.has(path)) return this.send(c, this.shells.admin);
    let page: CachedPage | string;
    try {
      page = await this.page(path, new URL(c.req.url).searchParams);
    } catch (error) {
      log.warn('page.render.failed', { path, ...describeError(error) });
      return this.send(c, this.shell(SITE_ROUTES.has(path) || CAR_PAGE.test(stripLocale(path)) ? 200 : 404), 'no-store');
    }
    // A car's former address (it was renamed) leads to its page for good, `/cars` to the fleet.
    if (typeof page === 'string') return c.redirect(page, 301);
    return this.send(c, page);
  }

  /** The page of a path, or where a renamed car's former page (or the fleet) now is. */
  private async page(path: string, search: URLSearchParams): Promise<CachedPage | string> {
    const fleet = await this.deps.fleet.get();
    const locale = localeOfPath(path);
    if (stripLocale(path) === FLEET_PATH) return localizePath(FLEET_ADDRESS, locale);
    const slug = CAR_PAGE.exec(stripLocale(path))?.[1];
    const car = slug !== undefined ? fleet.cars.some((one) => one.slug === slug) : false;
    if (slug !== undefined && !car && fleet.formerSlugs.has(slug)) return localizePath(`/cars/${fleet.formerSlugs.get(slug)!}`, locale);
    const known = SITE_ROUTES.has(path) || car;
    const url = known ? pageKey(path, search, fleet.cars) : localizePath(NOT_FOUND_URL, locale);
    const key = known ? url : NOT_FOUND_KEY[locale];
    const cached = this.cache.get(key);
    if (cached?.fleetEtag === fleet.etag) return cached;

    const flightKey = `${key} ${fleet.etag}`;
    let flight = this.rendering.get(flightKey);
    if (!flight) {
      // In the page's language, whichever request asks for it first: its data (the garage's hours) too.
      flight = withLocale(locale, () => this.render(url, fleet.etag)).finally(() => this.rendering.delete(flightKey));
      this.rendering.set(flightKey, flight);
    }
    const page = await flight;
    // Served again only while the fleet is what it was rendered from (checked above).
    this.cache.set(key, page);
    return page;
  }

  private async render(url: string, fleetEtag: string): Promise<CachedPage> {
    const helpers = createServerSideHelpers({
      router: appRouter,
      ctx: createContextInner({ em: this.deps.orm.em.fork(), deps: this.deps }),
      transformer: superjson,
    });
    // The same procedures, and so the same query keys, as the hooks the pages use.
    await Promise.all([helpers.cars.list.fetch(), helpers.site.info.fetch()]);
    // Typed as react-query's state, but passed through the transformer: superjson's { json, meta }.
    const state = helpers.dehydrate() as unknown as SuperJSONResult;
    const render = await this.loadRenderer();
    const origin = this.deps.siteUrl;
    const rendered = await render({ url, state, origin });
    const styles = this.lazyStylesOf(url);
    const head = rendered.status === 200 ? headTags(rendered, `${origin}${url}`, this.deps.business.name) : '';
    // Absolute alternates from the site's own address (never the request's Host, which anyone can set).
    const html = withLanguage(this.pageTemplate, url, origin)
      .replace('</head>', () => `${head}${styles}</head>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(rendered.description)}" />`)
      .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${pageStateElement(state)}`);
    return cachedPage(rendered.status, html, fleetEtag);
  }

  /**
   * The page's lazy parts' stylesheets as one <style>, each once and in the order the browser
   * would load them: a file repeated for a later part would come after the rules that override it.
   */
  private lazyStylesOf(url: string): string {
    const files = [...new Set(lazyPartsOf(url).flatMap((part) => this.lazyStyles.get(part) ?? []))];
    const css = files.map((file) => this.stylesheets.get(file) ?? '').join('\n');
    return css && !css.includes('</style') ? `<style>${css}</style>` : '';
  }

  private shell(status: number): CachedPage {
    return status === 200 ? this.shells.ok : this.shells.notFound;
  }

  private loadRenderer(): Promise<Render> {
    this.renderer ??= import(pathToFileURL(this.entry).href).then((module: { render: Render }) => module.render);
    return this.renderer;
  }

  /**
   * The page, compressed as the browser takes it, or 304 when the browser's copy is current. A 304
   * keeps the page's own Content-Security-Policy (with its inline scripts' hashes): the browser
   * takes the headers of a 304 over the cached ones, and the site's default would block them.
   */
  private async send(c: Context<AppEnv>, page: CachedPage, cacheControl = 'no-cache'): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Security-Policy': this.contentSecurityPolicy,
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding',
    };
    const encoding = preferredEncoding(requestHeader(c, 'accept-encoding'));
    if (!encoding) return cachedAnswer(c, { status: page.status, body: page.html, etag: page.etag, headers });
    const body = await encode(page, encoding);
    headers['Content-Encoding'] = encoding;
    return cachedAnswer(c, { status: page.status, body, etag: page.etag, headers });
  }
}

/**
 * The dashboard is drawn by its script alone: without JavaScript its page would stay blank, so it
 * says what it needs. (Outside #root, which the app takes over; public pages work without it.)
 */
export function withNoScript(template: string): string {
  const t = messages.admin.noScript;
  const notice = `<noscript><div class="noscript-notice"><img src="/logo.svg" width="48" height="48" alt=""><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.text)}</p><p><a href="/">${escapeHtml(t.home)}</a></p></div></noscript>`;
  return template.replace('<div id="root"></div>', () => `<div id="root"></div>${notice}`);
}

/**
 * What would hold the first paint back is put into the page itself: the stylesheets of the build
 * and the theme script (public/theme-init.js, which must run before the first paint). Each would
 * otherwise cost a request, and on a mobile connection a new connection, before anything shows.
 * Inline styles are allowed by the CSP; the script is allowed by its hash alone.
 */
export function inlineRenderBlocking(template: string, clientDir: string): { html: string; scriptHashes: string[] } {
  const scriptHashes: string[] = [];
  const html = template
    .replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g, (tag, href: string) => {
      const css = readFileSync(resolve(clientDir, `.${href}`), 'utf8');
      return css.includes('</style') ? tag : `<style>${css}</style>`;
    })
    .replace(/<script src="(\/theme-init\.js)"><\/script>/, (tag, src: string) => {
      const script = readFileSync(resolve(clientDir, `.${src}`), 'utf8');
      if (script.includes('</script')) return tag;
      scriptHashes.push(`sha256-${createHash('sha256').update(script).digest('base64')}`);
      return `<script>${script}</script>`;
    });
  return { html, scriptHashes };
}

/** A stage of starting the app: its script, and every module it imports (itself included). */
export interface AppStage {
  file: string;
  imports: string[];
}

/**
 * A server-rendered page is complete without its scripts: they only make it interactive. So it
 * paints first and asks for them after. The entry script and its module preloads leave the head
 * for a small inline loader at the end of the body, which waits for the first frame (and for the
 * page's main picture, the image marked `fetchpriority="high"`, to be decoded) and then asks for
 * every module at once (module preloads) and runs the `stages` one after the other, each in a
 * task of its own, then the entry. On a slow connection the scripts would otherwise share the
 * bandwidth with the page itself, and on a slow phone evaluating them and hydrating before the
 * first paint would hold the page back by that long. (The browser-rendered shell keeps the plain
 * tags: nothing shows before they run.)
 */
export function paintBeforeScripts(html: string, stages: AppStage[] = []): { html: string; scriptHash: string | null } {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(html);
  if (!entry) return { html, scriptHash: null };
  const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g)];
  const preloads = [...new Set([...stages.flatMap((stage) => stage.imports), entry[1]!, ...links.map((link) => link[1]!)])];
  const scripts = [...stages.map((stage) => stage.file), entry[1]!];
  const loader =
    '(function(){var add=function(tag,attrs){var e=document.createElement(tag);e.crossOrigin="";' +
    'for(var k in attrs)e[k]=attrs[k];document.head.appendChild(e);return e};' +
    `var scripts=${JSON.stringify(scripts)},preloads=${JSON.stringify(preloads)};` +
    'var run=function(i){var s=add("script",{type:"module",src:scripts[i]});' +
    'if(i+1<scripts.length)s.onload=s.onerror=function(){setTimeout(function(){run(i+1)},0)}};' +
    'var start=function(){preloads.forEach(function(href){add("link",{rel:"modulepreload",href:href})});run(0)};' +
    'var hero=document.querySelector("img[fetchpriority=high]");' +
    'Promise.resolve(hero&&hero.decode?hero.decode().catch(function(){}):0).then(function(){requestAnimationFrame(function(){setTimeout(start,0)})})})()';
  let out = html.replace(entry[0], '');
  for (const link of links) out = out.replace(link[0], '');
  out = out.replace('</body>', () => `<script>${loader}</script></body>`);
  return { html: out, scriptHash: `sha256-${createHash('sha256').update(loader).digest('base64')}` };
}

/**
 * What a page says of itself to link previews and search engines: its canonical address, Open Graph
 * (title, description, address, picture) and, when it gives one, its schema.org data as JSON-LD
 * (data, not script: the CSP does not apply to it; `<` is escaped so no text can close the element).
 */
/** Open Graph's form of the page's language (https://ogp.me/#optional). */
const OG_LOCALE: Record<Locale, string> = { en: 'en_PH', fil: 'fil_PH' };

export function headTags(page: Pick<RenderedPage, 'title' | 'description' | 'head'>, url: string, siteName: string): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('og:type', page.head?.type ?? 'website'),
    meta('og:site_name', siteName),
    meta('og:locale', OG_LOCALE[localeOfPath(new URL(url).pathname)]),
    meta('og:title', page.title),
    meta('og:description', page.description),
    meta('og:url', url),
  ];
  if (page.head?.image) tags.push(meta('og:image', page.head.image), '<meta name="twitter:card" content="summary_large_image" />');
  if (page.head?.structuredData) tags.push(`<script type="application/ld+json">${jsonForScriptElement(page.head.structuredData)}</script>`);
  return tags.join('');
}

function cachedPage(status: number, html: string, fleetEtag: string): CachedPage {
  // Weak: the compressed forms are the same page in other bytes.
  return { status, html, etag: entityTag(`${status} ${html}`, { weak: true }), fleetEtag, encoded: {} };
}

/**
 * Each page is compressed once per encoding; brotli at quality 9 costs a few milliseconds for a
 * page. (zlib's output is a Buffer over an ArrayBuffer of its own, sent as it is.)
 */
function encode(page: CachedPage, encoding: ContentEncoding): Promise<Buffer<ArrayBuffer>> {
  page.encoded[encoding] ??= (
    encoding === 'br' ? brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipAsync(page.html, { level: 9 })
  ) as Promise<Buffer<ArrayBuffer>>;
  return page.encoded[encoding];
}

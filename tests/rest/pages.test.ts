import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingCopy } from '../../src/client/content/booking';
import { myBookingCopy } from '../../src/client/content/myBooking';
import { copy } from '../../src/client/content/site';
import { workshop } from '../../src/client/content/workshop';
import { IMMUTABLE_CACHE_CONTROL, PUBLIC_FILE_CACHE_CONTROL } from '../../src/server/app';
import { cssClosure, readManifest } from '../../src/server/http/manifest';
import { lazyPartsOf } from '../../src/server/http/pages';
import { PAGE_STATE_ELEMENT_ID } from '../../src/shared/pageState';
import type { TCar } from '../../src/shared/schemas/car.schema';
import { ensureClientBuilt } from '../e2e/support/server';
import { createHarness, type Harness } from '../utils/harness';

let h: Harness;
beforeAll(async () => {
  await ensureClientBuilt();
  h = await createHarness({ clientDir: resolve(import.meta.dirname, '../../dist/client') });
}, 180_000);
afterAll(() => h.close());

const get = (path: string, headers: Record<string, string> = {}) => h.app.request(path, { headers: { 'accept-encoding': 'identity', ...headers } });

function pageState(html: string): { queries: Array<{ queryKey: unknown; state: { data: unknown } }> } {
  const match = html.match(new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`, 's'));
  expect(match, 'the page carries its inlined data').not.toBeNull();
  return superjson.deserialize(JSON.parse(match![1]!));
}

/** The markup React rendered into the root, without the inlined data. */
function rootMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}"`));
}

/** The app's entry script, which a server-rendered page's inline loader runs last, after the first paint. */
function entryScript(html: string): string {
  const scripts = /var scripts=(\[[^\]]*\])/.exec(html)?.[1];
  expect(scripts, 'the loader names its scripts').toBeDefined();
  const src = (JSON.parse(scripts!) as string[]).at(-1);
  expect(src).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  return src!;
}

describe('server-rendered pages', () => {
  it('does not serve the build records (.vite/manifest.json)', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('"isEntry"');
  });

  it('each page brings the stylesheets of the lazily loaded parts it renders, so nothing restyles and moves when their scripts arrive', async () => {
    const clientDir = resolve(import.meta.dirname, '../../dist/client');
    const manifest = readManifest(clientDir);
    const cars = await h.caller().cars.list();
    const car = cars.find((one) => one.available)!;
    for (const url of ['/', '/booking', `/booking?car=${car.id}`, '/pcc', '/terms', '/privacy', '/find-booking', '/my-booking']) {
      const html = await (await get(url)).text();
      const parts = lazyPartsOf(url);
      expect(parts.length, url).toBeGreaterThan(0);
      for (const file of parts.flatMap((part) => cssClosure(manifest, part))) {
        const css = readFileSync(resolve(clientDir, file), 'utf8');
        expect(html.includes(css), `${url} holds ${file}`).toBe(true);
      }
    }
    // The booking form's styles only where the form is on the page.
    const form = cssClosure(manifest, 'src/client/features/booking/BookingForm.tsx').filter((file) => !cssClosure(manifest, 'src/client/pages/Booking.page.tsx').includes(file));
    expect(form.length).toBeGreaterThan(0);
    const plain = await (await get('/booking')).text();
    expect(form.some((file) => plain.includes(readFileSync(resolve(clientDir, file), 'utf8')))).toBe(false);
  });

  it('/ arrives with every car rendered and the fleet and site details inlined under tRPC query keys', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    const cars = await h.caller().cars.list();
    for (const car of cars) expect(rootMarkup(html), car.name).toContain(car.name);
    expect(html).toContain(`<title>${h.deps.business.name} — Car Rental in Alaminos City, Pangasinan</title>`);

    const state = pageState(html);
    const byKey = new Map(state.queries.map((query) => [JSON.stringify(query.queryKey), query.state.data]));
    expect(byKey.get(JSON.stringify([['cars', 'list'], { type: 'query' }]))).toEqual(cars);
    expect(byKey.get(JSON.stringify([['site', 'info'], { type: 'query' }]))).toEqual(h.deps.business);
    // No inline script but the theme script and the loader of the app's scripts, which the
    // page's CSP allows by their hashes alone.
    const theme = readFileSync(resolve(import.meta.dirname, '../../public/theme-init.js'), 'utf8');
    const inline = [...html.matchAll(/<script(?![^>]* src=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toEqual([theme, expect.stringContaining('requestAnimationFrame')]);
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'self' ${hash(theme)} ${hash(inline[1]!)};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    // The page paints before its scripts are even asked for: the loader adds them after the first
    // frame, the entry and each module it imports.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const entry = entryScript(html);
    expect((await get(entry)).status).toBe(200);
    // First the stages (React, then the libraries), each in a task of its own, then the entry; every
    // module they import is preloaded at once.
    const scripts = JSON.parse(/var scripts=(\[[^\]]*\])/.exec(inline[1]!)![1]!) as string[];
    expect(scripts.map((src) => src.replace(/-[\w-]+\.js$/, ''))).toEqual(['/assets/react', '/assets/libraries', '/assets/index']);
    const preloads = JSON.parse(/preloads=(\[[^\]]*\])/.exec(inline[1]!)![1]!) as string[];
    for (const src of scripts) expect(preloads).toContain(src);
    for (const src of preloads) expect((await get(src)).status, src).toBe(200);
    // The stylesheets come inside the page: nothing holds its first paint back.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
  });

  it('/booking and /pcc render their headings on the server; an unknown path is the 404 page', async () => {
    const booking = await get('/booking');
    expect(booking.status).toBe(200);
    expect(rootMarkup(await booking.text())).toMatch(new RegExp(`<h1[^>]*>${bookingCopy.page.heading}</h1>`));
    const pcc = await get('/pcc');
    expect(pcc.status).toBe(200);
    expect(rootMarkup(await pcc.text())).toMatch(new RegExp(`<h1[^>]*>${workshop.title}</h1>`));
    for (const path of ['/no/such/page', '/index.html', '/booking/extra']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(rootMarkup(await missing.text()), path).toMatch(new RegExp(`<h1[^>]*>${copy.notFound.title}</h1>`));
    }
  });

  it('a page is rendered in its path\'s language, whatever the browser that asked first prefers, the garage\'s hours too', async () => {
    const fil = await (await get('/fil/pcc', { 'accept-language': 'en' })).text();
    expect(fil).toMatch(/<html lang="fil"/);
    expect(rootMarkup(fil)).toContain('Lunes - Linggo, 8:00 AM - 6:00 PM');
    expect(rootMarkup(fil)).not.toContain('Monday');
    const en = await (await get('/pcc', { 'accept-language': 'fil' })).text();
    expect(rootMarkup(en)).toContain('Monday - Sunday, 8:00 AM - 6:00 PM');
    expect(rootMarkup(en)).not.toContain('Lunes');
  });

  it('/booking?car=<id> renders that car chosen; other query strings render the plain page', async () => {
    const car = (await h.caller().cars.list()).find((c) => c.available)!;
    const chosen = rootMarkup(await (await get(`/booking?car=${car.id}`)).text());
    expect(chosen).toContain('data-testid="booking-form"');
    const plain = await (await get('/booking')).text();
    expect(await (await get('/booking?car=nonsense&utm_source=x')).text()).toBe(plain);
  });

  it('/find-booking renders its form on the server; /my-booking its shell, the token being in the fragment, which reaches no server', async () => {
    const find = await get('/find-booking');
    expect(find.status).toBe(200);
    const form = rootMarkup(await find.text());
    expect(form).toMatch(new RegExp(`<h1[^>]*>${myBookingCopy.find.heading}</h1>`));
    expect(form).toContain('data-testid="find-booking-form"');
    const mine = await get('/my-booking');
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html).toContain(`<title>${myBookingCopy.manage.title} | ${h.deps.business.name}</title>`);
    expect(rootMarkup(html)).toMatch(new RegExp(`<h1[^>]*>${myBookingCopy.manage.heading}</h1>`));
    expect(rootMarkup(html)).toContain(myBookingCopy.manage.loading);
  });

  it('the dashboard stays a browser-rendered shell', async () => {
    const response = await get('/admin');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    // Nothing shows before its scripts run: they are asked for at once, from the head.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);
    expect(html).not.toContain('requestAnimationFrame');
  });

  it('a page is answered from its cache with a stable ETag (304) until a car changes, then rendered anew', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await get('/')).headers.get('etag')).toBe(etag);
    const revalidated = await get('/', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    // The browser takes a 304's headers over the cached page's: the policy must still allow its inline scripts.
    expect(revalidated.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(first.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);

    const [car] = await h.caller().cars.list();
    const renamed = `Renamed ${car!.name} <b>&</b>`;
    await h.caller({ staff: true }).cars.update({ id: car!.id, data: { name: renamed } });

    const after = await get('/', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const html = await after.text();
    expect(rootMarkup(html)).toContain('Renamed ' + car!.name + ' &lt;b&gt;&amp;&lt;/b&gt;');
    const inlined = pageState(html).queries.find((query) => JSON.stringify(query.queryKey).includes('"cars"'))!.state.data as TCar[];
    expect(inlined.find((c) => c.id === car!.id)?.name).toBe(renamed);
  });

  it('a car name cannot close the inlined data element', async () => {
    const [, car] = await h.caller().cars.list();
    const hostile = 'Van </script><script src="/x.js"></script><!--';
    await h.caller({ staff: true }).cars.update({ id: car!.id, data: { name: hostile } });
    const html = await (await get('/')).text();
    expect(html).not.toContain('</script><script src="/x.js">');
    const inlined = pageState(html).queries.find((query) => JSON.stringify(query.queryKey).includes('"cars"'))!.state.data as TCar[];
    expect(inlined.find((c) => c.id === car!.id)?.name).toBe(hostile);
  });
});

describe('compression and caching of files', () => {
  it('a hashed asset comes precompressed (brotli, gzip) with the year-long immutable cache header', async () => {
    const html = await (await get('/')).text();
    const script = entryScript(html);
    const plain = await get(script);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const original = Buffer.from(await plain.arrayBuffer());

    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await get(script!, { 'accept-encoding': `gzip, deflate, ${encoding === 'br' ? 'br' : 'zstd'}` });
      expect(response.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length).toBeLessThan(original.length / 2);
      expect(decode(body).equals(original)).toBe(true);
    }
  });

  it('serves one range of a file’s bytes, and answers any other Range 416 (not a fault)', async () => {
    const whole = Buffer.from(await (await get('/logo.svg')).arrayBuffer());
    const part = await get('/logo.svg', { range: 'bytes=2-5' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(2, 6))).toBe(true);
    expect((await get('/logo.svg', { range: 'bytes=10-' })).status).toBe(206);
    for (const range of ['bytes=5-2', `bytes=${whole.length + 100}-`, 'bytes=-5', 'bytes=0-1,4-5', 'bytes=x-y', 'pages=1-2']) {
      expect((await get('/logo.svg', { range })).status, range).toBe(416);
    }
  });

  it('pages are compressed too, by what the browser accepts', async () => {
    const plain = await (await get('/pcc')).text();
    const br = await get('/pcc', { 'accept-encoding': 'gzip;q=0.5, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(plain);
    const gzip = await get('/pcc', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')).toBe(plain);
  });

  it('files of public/ are kept by browsers for a day (their names carry no hash)', async () => {
    for (const path of ['/logo.svg', '/cars/camry.svg', '/images/workshop-1.svg', '/robots.txt']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PUBLIC_FILE_CACHE_CONTROL);
    }
  });

  it('robots.txt is served', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^User-agent: \*$/m);
  });
});

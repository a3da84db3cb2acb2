import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '../../src/client/content/site';
import { createApp } from '../../src/server/app';
import { SITE_ROUTES, SITEMAP_EXCLUDED } from '../../src/server/http/pages';
import { carImageSrc } from '../../src/shared/carImages';
import { messages } from '../../src/shared/messages';
import { formatPeso } from '../../src/shared/money';
import type { TCar } from '../../src/shared/schemas/car.schema';
import { ensureClientBuilt } from '../e2e/support/server';
import { createHarness, type Harness } from '../utils/harness';

const clientDir = resolve(import.meta.dirname, '../../dist/client');

let h: Harness;
beforeAll(async () => {
  await ensureClientBuilt();
  h = await createHarness({ clientDir });
}, 180_000);
afterAll(() => h.close());

const get = (path: string, headers: Record<string, string> = {}) => h.app.request(path, { headers: { 'accept-encoding': 'identity', ...headers } });

/** The content of a <meta property=...> of the page. */
function meta(html: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
}

function structuredData(html: string): Record<string, any> {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, 'the page carries JSON-LD').toBeDefined();
  return JSON.parse(json!);
}

async function carNamed(name: string): Promise<TCar> {
  return (await h.caller().cars.list()).find((car) => car.name === name)!;
}

describe('GET /cars/{slug}', () => {
  it('renders the car on the server with its own title, description, Open Graph tags and schema.org Car with a PHP offer', async () => {
    const car = await carNamed('Toyota Fortuner 2.8 Q 4x4');
    const response = await get(`/cars/${car.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    // React separates adjacent text with empty comments.
    const root = html.slice(html.indexOf('<div id="root">')).replace(/<!-- -->/g, '');
    expect(root).toMatch(new RegExp(`<h1[^>]*>${car.name}</h1>`));
    expect(root).toContain(`Security deposit: ${formatPeso(car.deposit)}, refundable`);
    expect(root).toContain(car.description);
    expect(root).toContain('Included with every rental');

    const title = `${car.name} for Rent in Alaminos City | ${h.deps.business.name}`;
    expect(html).toContain(`<title>${title}</title>`);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    expect(description).toBe(`Rent the ${car.name} in Alaminos City, Pangasinan: 7 seats, automatic, diesel. ${formatPeso(car.dailyRate)} a day, with or without a driver. Pay at pick-up, nothing online.`);
    const url = `${h.deps.siteUrl}/cars/${car.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toBe(`${h.deps.siteUrl}${carImageSrc(car.image)}`);

    expect(structuredData(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: car.name,
      url,
      image: [`${h.deps.siteUrl}${carImageSrc(car.image)}`],
      category: 'Premium SUV',
      vehicleSeatingCapacity: 7,
      vehicleTransmission: 'Automatic',
      fuelType: 'Diesel',
      vehicleModelDate: String(car.year),
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: Number(car.mileage.replace(/\D/g, '')), unitCode: 'KMT' },
      offers: {
        '@type': 'Offer',
        url,
        price: car.dailyRate,
        priceCurrency: 'PHP',
        priceSpecification: { '@type': 'UnitPriceSpecification', price: car.dailyRate, priceCurrency: 'PHP', unitCode: 'DAY' },
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'AutoRental', name: h.deps.business.name },
      },
    });
  });

  it('is answered from its cache until a car changes; a rename moves the page and the former address redirects there', async () => {
    const car = await carNamed('Toyota Vios 1.3 J');
    const first = await get(`/cars/${car.slug}`);
    const etag = first.headers.get('etag')!;
    expect((await get(`/cars/${car.slug}`, { 'if-none-match': etag })).status).toBe(304);

    const renamed = await h.caller({ staff: true }).cars.update({ id: car.id, data: { name: 'Toyota Vios 1.3 J (2021)' } });
    expect(renamed.slug).toBe('toyota-vios-1-3-j-2021');
    const moved = await get(`/cars/${car.slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/cars/${renamed.slug}`);
    const page = await get(`/cars/${renamed.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Toyota Vios 1.3 J (2021)');
  });

  it('answers an unknown slug with the "Page Not Found" page and 404, like any unknown path', async () => {
    const unknown = await get('/cars/no-such-car');
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${copy.notFound.title}</h1>`));
    expect(html).not.toContain('application/ld+json');
    expect(await (await get('/no/such/page')).text()).toBe(html);
  });

  it('leads /cars, with no car, to the fleet on the home page, in the address’s language', async () => {
    for (const [path, fleet] of [['/cars', '/#cars'], ['/cars/', '/#cars'], ['/fil/cars', '/fil/#cars']] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe(fleet);
    }
    expect(await (await get('/')).text()).toContain('id="cars"');
  });

  it('writes a hostile car name as text: it cannot close the JSON-LD or any other element', async () => {
    const car = await carNamed('Honda City 1.5 V');
    const hostile = 'City </script><script src="/x.js"></script><!-- "quoted"';
    const renamed = await h.caller({ staff: true }).cars.update({ id: car.id, data: { name: hostile } });
    const html = await (await get(`/cars/${renamed.slug}`)).text();
    expect(html).not.toContain('</script><script src="/x.js">');
    expect(structuredData(html).name).toBe(hostile);
    expect(meta(html, 'og:title')).toBe(`${hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')} for Rent in Alaminos City | ${h.deps.business.name}`);
  });
});

describe('the fleet for partner sites', () => {
  it('names, for every picture of every car, an address on the site that answers the picture', async () => {
    const cars = (await (await get('/api/cars')).json()) as TCar[];
    expect(cars.length).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const car of cars) {
      expect(car.imageUrl).toBe(car.imageUrls[0]);
      expect(car.imageUrls).toHaveLength(car.images.length);
      for (const url of car.imageUrls) {
        const answer = await get(url);
        if (answer.status !== 200 || !/^image\//.test(answer.headers.get('content-type') ?? '')) broken.push(`${car.name}: ${url} -> ${answer.status}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('GET /api/cars/{idOrSlug} answers one car by its id, its slug or a slug it had before a rename; 404 for none', async () => {
    const car = await carNamed('Toyota Innova 2.8 E');
    const listed = ((await (await get('/api/cars')).json()) as TCar[]).find((candidate) => candidate.id === car.id);
    for (const key of [car.id, car.slug]) {
      const answer = await get(`/api/cars/${key}`);
      expect(answer.status, key).toBe(200);
      expect(await answer.json()).toEqual(listed);
    }
    const renamed = await h.caller({ staff: true }).cars.update({ id: car.id, data: { name: 'Toyota Innova 2.8 E (2024)' } });
    const byFormer = await get(`/api/cars/${car.slug}`);
    expect(byFormer.status).toBe(200);
    expect(await byFormer.json()).toMatchObject({ id: car.id, slug: renamed.slug });
    for (const unknown of ['no-such-car', '00000000-0000-4000-8000-000000000000']) {
      const answer = await get(`/api/cars/${unknown}`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: messages.errors.carNotFound });
    }
    expect((await get(`/api/cars/${'x'.repeat(161)}`)).status).toBe(400);
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists every public page and every car, each in English and in Filipino, as absolute addresses of the request', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const urls = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    const pages = [...SITE_ROUTES].filter((path) => !SITEMAP_EXCLUDED.has(path) && !path.startsWith('/fil'));
    expect(pages).toEqual(expect.arrayContaining(['/', '/booking', '/pcc', '/terms', '/privacy', '/find-booking']));
    const cars = await h.caller().cars.list();
    const both = (path: string) => [path, path === '/' ? '/fil/' : `/fil${path}`];
    expect(urls).toEqual([...pages, ...cars.map((car) => `/cars/${car.slug}`)].flatMap(both).map((path) => `http://localhost${path}`));
    expect(xml).not.toContain('/admin');
    expect(xml).not.toContain('/my-booking');
  });

  it('names PUBLIC_URL when it is set, in the sitemap and in robots.txt', async () => {
    const app = createApp({ ...h.deps, env: { ...h.env, PUBLIC_URL: 'https://rent.example.ph' } }, { clientDir });
    const xml = await (await app.request('/sitemap.xml')).text();
    expect(xml).toContain('<loc>https://rent.example.ph/</loc>');
    expect(xml).not.toContain('http://localhost');
    const robots = await app.request('/robots.txt');
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/objects\/public\/$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/rent\.example\.ph\/sitemap\.xml$/m);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { withLocale } from '../../src/server/i18n';
import { formatDate, formatInstant, formatLongDate } from '../../src/shared/dates';
import { translate } from '../../src/shared/i18n/catalog';
import { formatShortDate } from '../../src/shared/isoDate';
import { flattenCatalog, placeholders } from '../../src/shared/i18n/compile';
import { LOCALES, localeOfAcceptLanguage, localeOfPath, localizePath, stripLocale } from '../../src/shared/i18n/locales';
import { CATALOG_FILES, CATALOG_PARTS, catalogFile, type CatalogName } from '../../src/shared/i18n/parts';
import calendarFil from '../../src/client/content/calendar.fil';
import homeFil from '../../src/client/content/home.fil';
import myBookingFil from '../../src/client/content/myBooking.fil';
import messagesFil from '../../src/shared/messages.fil';

async function load(name: CatalogName, locale: string): Promise<Record<string, string>> {
  const module = (await import(/* @vite-ignore */ `../../${catalogFile(name, locale as never)}`)) as { default: unknown };
  return flattenCatalog(name, module.default);
}

describe('message catalogs', () => {
  for (const name of Object.keys(CATALOG_FILES) as CatalogName[]) {
    it(`${name}: every key in every language, in the same order, with the same placeholders`, async () => {
      const [en, ...others] = await Promise.all(LOCALES.map((locale) => load(name, locale)));
      for (const other of others) {
        expect(Object.keys(other!)).toEqual(Object.keys(en!));
        for (const [id, text] of Object.entries(en!)) {
          expect(other![id]!.trim(), id).not.toBe('');
          expect(placeholders(other![id]!), id).toEqual(placeholders(text));
        }
      }
    });
  }

  it('puts every catalog but the e-mails in a part the browser loads', () => {
    const inParts = new Set(Object.values(CATALOG_PARTS).flat());
    expect((Object.keys(CATALOG_FILES) as CatalogName[]).filter((name) => !inParts.has(name as never) && name !== ('mail' as CatalogName))).toEqual([]);
  });

  it('writes dates in the current language: English months, Filipino months and days without a leading zero', () => {
    expect(formatLongDate('2027-03-05')).toBe('March 05, 2027');
    expect(withLocale('fil', () => formatLongDate('2027-03-05'))).toBe('Marso 5, 2027');
    expect(withLocale('fil', () => formatDate('2027-03-05', 'dddd'))).toBe('Biyernes');
    expect(withLocale('fil', () => formatInstant('2027-03-05T01:41:00Z'))).toBe('Marso 5, 2027, 9:41 AM');
    expect(formatInstant('2027-03-05T01:41:00Z')).toBe('March 5, 2027 at 9:41 AM');
    expect(withLocale('fil', () => formatShortDate('2027-03-05'))).toBe('Biy, Mar 5');
  });

  it('names a field in a Filipino error as the Filipino form labels it, not by its English name', () => {
    const v = messagesFil.validation;
    expect(v.firstName.toLowerCase()).toContain(homeFil.contact.form.firstName.toLowerCase());
    expect(v.lastName.toLowerCase()).toContain(homeFil.contact.form.lastName.toLowerCase());
    expect(v.returnAfterPickup.toLowerCase()).toContain(calendarFil.return.toLowerCase());
    for (const text of [v.firstName, v.lastName, v.returnAfterPickup]) expect(text).not.toMatch(/\b(first name|last name|return date)\b/i);
  });

  it('formats plurals and values by the language: "1 day", "3 days", "3 araw"', () => {
    expect(translate('labels.dayCount', { days: 1 }, 'en')).toBe('1 day');
    expect(translate('labels.dayCount', { days: 3 }, 'en')).toBe('3 days');
    expect(translate('labels.dayCount', { days: 3 }, 'fil')).toBe('3 araw');
    expect(translate('messages.validation.tooLong', { max: 120 }, 'fil')).toBe('Hanggang 120 characters lang');
  });
});

describe('the Filipino catalogs', () => {
  it('speak of the garage as "kami/namin" on every page and in every e-mail, in the words and the word order a Filipino reader expects', async () => {
    const odd = [
      /\baming\b/i, // "ng aming staff", "aming terms", "sa aming kontrol": the garage is "kami", and what is its own "staff namin", "terms namin", "kontrol namin"
      /\b(na-cancel|nakumpirma|itinama)( na)? ng (staff|garahe)\b/i, // the garage's own act, told of a third party
      /Ang sabi/, // "what was said", for the garage's note ("Note namin:")
      /Nakahanda/, // "already ready", for a car the garage will ready ("Ihahanda namin")
      /buksan ulit ang mga petsa|petsa ng sasakyan\b/, // dates "reopened", word for word ("magiging bakante ulit ang sasakyan")
      /para dito/, // "rito" after a vowel
      /\bay (babayaran|binabayaran|kinukuha|sisingilin|itatago)\b/, // the English word order, for what is paid, collected or kept
      /nagre-rent ay\b/, // "Ang nagre-rent ay 21 …": "21 … ang nagre-rent"
      /paninda para sa upa/, // "goods for hire" is hauling cargo for pay, not goods to rent out
      /\bpagkasira\b/, // "sira" said twice for damage and a breakdown ("tumirik")
      /nang lasing\b/, // "under the influence" is drink or drugs ("nakainom o naka-droga")
      /\bDapat ay\b/, // "Dapat ay numero": "Dapat numero"
      /\bay dapat\b/, // "Ang upuan ay dapat …": "Dapat … ang upuan"
      /(^|[.!?] )Ang [^.,:;!?]+ ay\b/, // "Ang Idempotency-Key ay 1 hanggang 255 …": "1 hanggang 255 … ang Idempotency-Key"
      /\b(ba|ngayon) ay\b/, // "Sa tingin mo ba ay pagkakamali ito?", "ngayon ay mahigit …": "Pagkakamali ba ito sa tingin mo?", "ngayon, mahigit …"
      /Makipag-ugnayan/i, // the formal "get in touch", for the site's "Kontakin kami" (its menu says "Contact")
    ];
    for (const name of Object.keys(CATALOG_FILES) as CatalogName[]) {
      for (const [id, text] of Object.entries(await load(name, 'fil'))) {
        for (const pattern of odd) expect(text, `${id}: ${String(pattern)}`).not.toMatch(pattern);
      }
    }
  });

  it('say on the booking’s page that the garage readies the car, cancelled the booking and wrote the note', () => {
    const status = myBookingFil.manage.status;
    expect(status.confirmed).toContain('Ihahanda namin ang sasakyan');
    expect(status.cancelled.staff).toMatch(/^Na-cancel namin ang booking na ito\./);
    expect(status.cancelled.hold).toContain('bakante na ulit ang sasakyan sa mga petsang iyon');
    expect(myBookingFil.manage.document.lead).toMatch(/Note namin:$/);
  });
});

describe('message trees', () => {
  /** A fresh copy of the catalog module, with nothing loaded yet, as a page has at its start. */
  async function freshCatalog() {
    vi.resetModules();
    return import('../../src/shared/i18n/catalog');
  }

  it('give branches read before loading their text once loaded', async () => {
    const { addMessages, messageTree } = await freshCatalog();
    const tree = messageTree<{ nav: { home: string; count: string } }>('t');
    const nav = tree.nav;
    addMessages('en', { 't.nav.home': 'Home', 't.nav.count': [['n']] });
    expect(nav.home).toBe('Home');
    expect(Object.keys(nav)).toEqual(['home', 'count']);
  });

  it('give a branch of a catalog still loading when another is loaded (a page loads them a part at a time)', async () => {
    const { addMessages, messageTree } = await freshCatalog();
    addMessages('en', { 'a.title': 'Site' });
    const labels = messageTree<{ driver: { none: string } }>('b').driver;
    addMessages('en', { 'b.driver.none': 'Self Drive Only' });
    expect(labels.none).toBe('Self Drive Only');
  });

  it('name a message kept from before loading, or a group used as text, instead of failing obscurely', async () => {
    const { addMessages, messageTree } = await freshCatalog();
    const tree = messageTree<{ nav: { home: string } }>('t');
    const early = tree.nav.home;
    addMessages('en', { 't.nav.home': 'Home' });
    expect(() => `${early}`).toThrow('Message "t.nav.home" was read before the catalogs were loaded');
    expect(() => String(tree.nav)).toThrow('"t.nav" is a group of messages, not a message');
  });
});

describe('language of a path and of a request', () => {
  it('mirrors each public path under /fil, the dashboard excepted', () => {
    expect(localizePath('/', 'fil')).toBe('/fil/');
    expect(localizePath('/booking', 'fil')).toBe('/fil/booking');
    expect(localizePath('/fil/booking', 'en')).toBe('/booking');
    expect(localizePath('/admin', 'fil')).toBe('/admin');
    expect(localeOfPath('/fil')).toBe('fil');
    expect(localeOfPath('/filipino')).toBe('en');
    expect(stripLocale('/fil/')).toBe('/');
  });

  it('keeps the other language on this site whatever the address: a path of two leading slashes is not another host', () => {
    // The language switch links to localizePath(location.pathname): on /fil//evil.example/x (the
    // site's own "Page Not Found") it must not become //evil.example/x, which a browser follows to that host.
    for (const [path, target] of [
      ['/fil//evil.example/x', 'en'],
      ['/fil/\\evil.example/x', 'en'],
      ['/fil/\\/evil.example', 'en'],
      ['//evil.example/x', 'fil'],
      ['//evil.example/x', 'en'],
      ['/\\evil.example', 'en'],
      ['/fil///admin', 'en'],
    ] as const) {
      const localized = localizePath(path, target);
      expect(localized, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(localized, 'https://rent.example.ph').host, path).toBe('rent.example.ph');
    }
    expect(localizePath('/fil//evil.example/x', 'en')).toBe('/evil.example/x');
  });

  it('reads Accept-Language by quality, English unless Filipino (or Tagalog) comes first', () => {
    expect(localeOfAcceptLanguage('fil')).toBe('fil');
    expect(localeOfAcceptLanguage('tl-PH,en;q=0.5')).toBe('fil');
    expect(localeOfAcceptLanguage('en-US,fil;q=0.9')).toBe('en');
    expect(localeOfAcceptLanguage('de, fil;q=0.2')).toBe('fil');
    expect(localeOfAcceptLanguage('fil;q=0, en')).toBe('en');
    expect(localeOfAcceptLanguage('')).toBe('en');
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });
});

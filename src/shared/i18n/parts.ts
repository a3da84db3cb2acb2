import type { Locale } from './locales';

/**
 * Every catalog, by name, and the file its text is in for each language:
 * `<path>.en.ts` (the source, with its keys) and `<path>.fil.ts` (the same keys in Filipino).
 */
export const CATALOG_FILES = {
  messages: 'src/shared/messages',
  labels: 'src/shared/labels',
  business: 'src/shared/business',
  site: 'src/client/content/site',
  home: 'src/client/content/home',
  booking: 'src/client/content/booking',
  bookingForm: 'src/client/content/bookingForm',
  calendar: 'src/client/content/calendar',
  search: 'src/client/content/search',
  carPage: 'src/client/content/carPage',
  myBooking: 'src/client/content/myBooking',
  workshop: 'src/client/content/workshop',
  legal: 'src/client/content/legal',
  mail: 'src/server/mail/mail',
} as const;
export type CatalogName = keyof typeof CATALOG_FILES;

/**
 * What the browser loads, a part at a time: `site` before the page hydrates (every page needs it),
 * the others with the pages and forms that read them (`forms`: notices, validation and labels). A catalog
 * two unrelated parts read is in both. The e-mails' catalog (`mail`) stays on the server.
 */
export const CATALOG_PARTS = {
  site: ['site', 'booking', 'business'],
  forms: ['messages', 'labels', 'bookingForm', 'myBooking'],
  home: ['home'],
  search: ['search', 'calendar'],
  car: ['carPage'],
  pcc: ['workshop'],
  // The terms state the price list with the delivery areas' names (labels, about 1 kB, also in `forms`).
  legal: ['legal', 'labels'],
} as const satisfies Record<string, readonly CatalogName[]>;
export type CatalogPart = keyof typeof CATALOG_PARTS;

export function catalogFile(name: CatalogName, locale: Locale): string {
  return `${CATALOG_FILES[name]}.${locale}.ts`;
}

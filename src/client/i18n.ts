import { addMessages, currentLocale, type CompiledMessages } from '../shared/i18n/catalog';
import { localizePath, type Locale } from '../shared/i18n/locales';
import type { CatalogPart } from '../shared/i18n/parts';

type Loader = () => Promise<{ default: CompiledMessages }>;

/**
 * Each language's catalog parts, compiled at build time (scripts/vite-messages.ts), each a chunk
 * of its own: a page downloads only its own language, and a part only with the pages that read it.
 */
const LOADERS: Record<Locale, Record<CatalogPart, Loader>> = {
  en: {
    site: () => import('virtual:messages/en/site'),
    forms: () => import('virtual:messages/en/forms'),
    home: () => import('virtual:messages/en/home'),
    search: () => import('virtual:messages/en/search'),
    car: () => import('virtual:messages/en/car'),
    pcc: () => import('virtual:messages/en/pcc'),
    legal: () => import('virtual:messages/en/legal'),
  },
  fil: {
    site: () => import('virtual:messages/fil/site'),
    forms: () => import('virtual:messages/fil/forms'),
    home: () => import('virtual:messages/fil/home'),
    search: () => import('virtual:messages/fil/search'),
    car: () => import('virtual:messages/fil/car'),
    pcc: () => import('virtual:messages/fil/pcc'),
    legal: () => import('virtual:messages/fil/legal'),
  },
};

const loading = new Map<string, Promise<void>>();

/** Loads a part of the catalogs in `locale` (the page's by default), once. */
export function loadMessages(part: CatalogPart, locale: Locale = currentLocale()): Promise<void> {
  const key = `${locale}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = LOADERS[locale][part]().then((module) => addMessages(locale, module.default));
    loading.set(key, promise);
  }
  return promise;
}

/** Every part in every language: the server's renderer (entry-server.tsx) answers pages in both. */
export function loadAllMessages(): Promise<void> {
  return Promise.all(Object.entries(LOADERS).flatMap(([locale, parts]) => Object.keys(parts).map((part) => loadMessages(part as CatalogPart, locale as Locale)))).then(() => undefined);
}

/**
 * A lazily loaded module with the catalog parts it reads, fetched together; it is ready when both
 * are. A module may keep a branch of a tree at its top level (a table of labels): a branch read
 * before its catalog arrives resolves its messages when they are read.
 */
export function withMessages<T>(load: () => Promise<T>, ...parts: CatalogPart[]): () => Promise<T> {
  return () => Promise.all([load(), ...parts.map((part) => loadMessages(part))]).then(([module]) => module);
}

/** A path of the site in the page's language: `/pcc` on a Filipino page is `/fil/pcc`. */
export function localePath(path: string): string {
  return localizePath(path, currentLocale());
}

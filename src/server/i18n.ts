import { AsyncLocalStorage } from 'node:async_hooks';
import { addMessages, setLocaleResolver } from '../shared/i18n/catalog';
import { compileCatalog } from '../shared/i18n/compile';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/i18n/locales';
import { CATALOG_FILES, catalogFile, type CatalogName } from '../shared/i18n/parts';

/**
 * The server speaks the language of whoever it answers: a request's (its `Accept-Language`, set by
 * the pages to their own language), or an e-mail's (its booking's). Every catalog is compiled once
 * at start; `withLocale` runs a request or a rendering in its language, which messages read
 * through AsyncLocalStorage (https://nodejs.org/api/async_context.html).
 */
const storage = new AsyncLocalStorage<Locale>();

const root = new URL('../../', import.meta.url);
for (const locale of LOCALES) {
  for (const name of Object.keys(CATALOG_FILES) as CatalogName[]) {
    const module = (await import(new URL(catalogFile(name, locale), root).href)) as { default: unknown };
    addMessages(locale, compileCatalog(name, module.default));
  }
}
setLocaleResolver(() => storage.getStore() ?? DEFAULT_LOCALE);

export function withLocale<T>(locale: Locale, run: () => T): T {
  return storage.run(locale, run);
}

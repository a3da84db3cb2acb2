import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { CompiledMessages } from '../src/shared/i18n/catalog';
import { compileCatalog } from '../src/shared/i18n/compile';
import { isLocale } from '../src/shared/i18n/locales';
import { CATALOG_PARTS, catalogFile, type CatalogPart } from '../src/shared/i18n/parts';

const PREFIX = 'virtual:messages/';

/**
 * `virtual:messages/<locale>/<part>`: that part's catalogs in that language, compiled to Lingui's
 * tokens at build time (https://lingui.dev/guides/message-format#compiling), so the browser needs
 * no ICU parser and each page downloads only its own language.
 */
export function messagesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'messages',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [locale, part] = id.slice(PREFIX.length + 1).split('/');
      if (!isLocale(locale) || !part || !Object.hasOwn(CATALOG_PARTS, part)) throw new Error(`Unknown message catalog ${id.slice(1)}`);
      const compiled: CompiledMessages = {};
      for (const name of CATALOG_PARTS[part as CatalogPart]) {
        const file = resolve(root, catalogFile(name, locale));
        this.addWatchFile(file);
        const module = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { default: unknown };
        Object.assign(compiled, compileCatalog(name, module.default));
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

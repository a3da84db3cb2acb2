import { compileMessageOrThrow, type CompiledMessage as LinguiCompiled } from '@lingui/message-utils/compileMessage';
import type { CompiledMessage, CompiledMessages } from './catalog';

/**
 * Catalogs are compiled ahead of use: by the build (vite.config.ts) for the browser, and once at
 * start on the server. Only the server, the build and the tests import this module (Lingui's ICU
 * parser stays out of the browser).
 */

/** Every message of a catalog's tree by its id: `site.nav.fleet`, `site.about.text.0`. */
export function flattenCatalog(name: string, tree: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (node: unknown, path: string) => {
    if (typeof node === 'string') out[path] = node;
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) visit(child, `${path}.${key}`);
    else throw new Error(`${path}: a catalog holds only text, lists and groups`);
  };
  visit(tree, name);
  return out;
}

/** One message as Lingui runs it: plain text stays text, anything with a placeholder becomes tokens. */
export function compileText(text: string): CompiledMessage {
  const tokens = compileMessageOrThrow(text);
  return tokens.every((token) => typeof token === 'string') ? tokens.join('') : tokens;
}

export function compileCatalog(name: string, tree: unknown): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [id, text] of Object.entries(flattenCatalog(name, tree))) {
    try {
      out[id] = compileText(text);
    } catch (error) {
      throw new Error(`${id}: ${(error as Error).message}`, { cause: error });
    }
  }
  return out;
}

/** The names a message's text takes as values (`{count}`, `{count, plural, ...}`), sorted. */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: LinguiCompiled) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.add(name);
      if (format && typeof format === 'object') for (const choice of Object.values(format)) if (Array.isArray(choice)) visit(choice as LinguiCompiled);
    }
  };
  visit(compileMessageOrThrow(text));
  return [...names].sort();
}

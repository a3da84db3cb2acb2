import { setupI18n, type I18n, type Messages as LinguiMessages } from '@lingui/core';
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locales';

/**
 * The site's messages at run time, through Lingui (https://lingui.dev/ref/core): ICU MessageFormat
 * with plural rules and interpolation. Catalogs are written per language (`<name>.en.ts`,
 * `<name>.fil.ts`, see parts.ts) and compiled before they reach a browser (vite.config.ts), so
 * the browser gets no message compiler and only the language of its page.
 *
 * Code reads messages through trees (`messageTree`) that hold no text: `copy.hero.title` is the
 * current language's text, `copy.fleet.seats({ count: { count: 3 } })` formats one with values. The current
 * language is the page's in the browser, and the request's (or the e-mail's) on the server.
 */

/** A message as Lingui runs it: plain text, or the tokens of an ICU message. */
export type CompiledMessage = string | readonly unknown[];
export type CompiledMessages = Record<string, CompiledMessage>;
export type MessageValues = Record<string, string | number>;

/** A catalog's tree as code reads it: plain text, or a function of the message's values. */
export type Messages<T> = T extends string
  ? T extends `${string}{${string}`
    ? (values: MessageValues) => string
    : string
  : { readonly [K in keyof T]: Messages<T[K]> };

/** The shape another language must give: the same keys, lists of the same length, text for text. */
export type Translation<T> = T extends string ? string : { readonly [K in keyof T]: Translation<T[K]> };

interface LoadedLocale {
  i18n: I18n;
  messages: CompiledMessages;
  /** The keys under each branch (`site.nav` -> ['fleet', ...]), in catalog order. */
  branches: Map<string, string[]>;
  /** The catalogs loaded so far (`site`, `messages`, ...): a page loads them a part at a time. */
  catalogs: Set<string>;
}

const loaded = new Map<Locale, LoadedLocale>();

let localeResolver: () => Locale = () => DEFAULT_LOCALE;

/** Where the current language comes from: the page's (browser), the request's or e-mail's (server). */
export function setLocaleResolver(resolve: () => Locale): void {
  localeResolver = resolve;
}

export function currentLocale(): Locale {
  return localeResolver();
}

/** Adds compiled messages (a catalog part) for a language. */
export function addMessages(locale: Locale, messages: CompiledMessages): void {
  let entry = loaded.get(locale);
  if (!entry) {
    entry = { i18n: setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: {} } }), messages: {}, branches: new Map(), catalogs: new Set() };
    loaded.set(locale, entry);
  }
  entry.i18n.load(locale, messages as LinguiMessages);
  Object.assign(entry.messages, messages);
  for (const id of Object.keys(messages)) {
    const parts = id.split('.');
    entry.catalogs.add(parts[0]!);
    for (let i = 1; i < parts.length; i++) {
      const branch = parts.slice(0, i).join('.');
      const children = entry.branches.get(branch) ?? [];
      if (!children.includes(parts[i]!)) children.push(parts[i]!);
      entry.branches.set(branch, children);
    }
  }
}

export function hasMessages(locale: Locale): boolean {
  return loaded.has(locale);
}

function loadedLocale(locale: Locale): LoadedLocale {
  const entry = loaded.get(locale);
  if (!entry) throw new Error(`No messages loaded for "${locale}"`);
  return entry;
}

/** One message by its id, in `locale` (the current language by default). */
export function translate(id: string, values?: MessageValues, locale: Locale = currentLocale()): string {
  const entry = loadedLocale(locale);
  if (!Object.hasOwn(entry.messages, id)) throw new Error(`No message "${id}" in "${locale}"`);
  return entry.i18n._(id, values);
}

const branchProxies = new Map<string, object>();

function resolve(id: string): unknown {
  const locale = currentLocale();
  // Read before its catalog is loaded (a module's top level, while its part still loads): a
  // branch, resolved when read.
  const entry = loaded.get(locale);
  if (!entry?.catalogs.has(id.split('.', 1)[0]!)) return branchProxy(id);
  const message = Object.hasOwn(entry.messages, id) ? entry.messages[id] : undefined;
  if (message !== undefined) return typeof message === 'string' ? message : (values: MessageValues) => translate(id, values);
  const children = entry.branches.get(id);
  if (!children) return undefined;
  if (children.every((key) => /^\d+$/.test(key))) return children.map((key) => resolve(`${id}.${key}`));
  return branchProxy(id);
}

/**
 * A branch used as text: either a group of messages (a wrong key), or a message read before any
 * catalog of its language was loaded, e.g. at a module's top level, which can only give a branch.
 * Such a message must be read where it is used (in a component or a function), not kept in a constant.
 */
function misread(path: string): never {
  const entry = loaded.get(currentLocale());
  if (entry && Object.hasOwn(entry.messages, path)) throw new Error(`Message "${path}" was read before the catalogs were loaded (at a module's top level?): read it where it is used`);
  throw new Error(`"${path}" is a group of messages, not a message`);
}

function branchProxy(path: string, extra?: object): object {
  const cached = extra ? undefined : branchProxies.get(path);
  if (cached) return cached;
  const own = (key: string | symbol) => typeof key === 'string' && extra !== undefined && Object.hasOwn(extra, key);
  const keys = () => [...(loaded.get(currentLocale())?.branches.get(path) ?? []), ...Object.keys(extra ?? {})];
  const get = (key: string | symbol): unknown => {
    if (key === Symbol.toPrimitive) return () => misread(path);
    return own(key) ? (extra as Record<string, unknown>)[key as string] : typeof key === 'string' ? resolve(`${path}.${key}`) : undefined;
  };
  const proxy = new Proxy(
    {},
    {
      get: (_target, key) => get(key),
      has: (_target, key) => keys().includes(key as string),
      ownKeys: () => keys(),
      getOwnPropertyDescriptor: (_target, key) => (keys().includes(key as string) ? { enumerable: true, configurable: true, value: get(key) } : undefined),
    },
  );
  if (!extra) branchProxies.set(path, proxy);
  return proxy;
}

/**
 * The tree of catalog `name` (whose English text has the type `T`): each read gives the current
 * language's text. `extra` adds keys that are not translated (the dashboard's English notices).
 */
export function messageTree<T extends object, E extends object = Record<never, never>>(name: string, extra?: E): Messages<T> & E {
  return branchProxy(name, extra) as Messages<T> & E;
}

/**
 * The site's languages. English lives at `/...`, Filipino at `/fil/...` (every public page); the
 * dashboard stays English. A request's language comes from its `Accept-Language` header, which the
 * pages set to their own language on every call (README, "Languages").
 */
export const LOCALES = ['en', 'fil'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The tag for `Intl` and dayjs: pesos and dates as people in the Philippines write them. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-PH', fil: 'fil-PH' };

/** The language's own name, for the switch (each written in itself). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fil: 'Filipino' };

const PREFIX: Record<Locale, string> = { en: '', fil: '/fil' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language of a path: `/fil` and `/fil/...` are Filipino, anything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/fil' || pathname.startsWith('/fil/') ? 'fil' : 'en';
}

/** The path without its language prefix: `/fil/booking` -> `/booking`, `/fil/` -> `/`. */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  return pathname.slice(PREFIX[locale].length) || '/';
}

/** Whether a page (a path without its language prefix) is in English only: the dashboard. */
export function isEnglishOnly(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/**
 * The same page in `locale`: `/booking` -> `/fil/booking`, `/` -> `/fil/` (the dashboard is English
 * only). Always a path on this site: leading slashes (or backslashes) count as one, since a browser
 * follows `//host/...` (and `/\host`) to another host, and the language switch links to this path
 * of whatever address the visitor opened.
 */
export function localizePath(pathname: string, locale: Locale): string {
  const path = stripLocale(pathname).replace(/^[/\\]+/, '/');
  if (isEnglishOnly(path)) return path;
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `${PREFIX[locale]}/` : `${PREFIX[locale]}${path}`;
}

/**
 * The language a request asks for (RFC 9110 `Accept-Language`, by quality): the first supported one,
 * `fil` also for Tagalog (`tl`); English otherwise.
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (primary === 'fil' || primary === 'tl') return 'fil';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

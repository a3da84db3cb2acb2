/** The longest slug a name gives (the car page's address stays readable). */
export const MAX_SLUG_LENGTH = 80;

/** What a slug looks like: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The address form of a name: accents dropped, lower case, every run of other characters a
 * hyphen. "Toyota Vios 1.3 XLE" is "toyota-vios-1-3-xle"; a name with nothing to keep is "car".
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'car';
}

/** The slug of `name` that `taken` does not hold: its own, else with "-2", "-3", ... appended. */
export function freeSlug(name: string, taken: ReadonlySet<string>): string {
  const base = slugify(name);
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1).replace(/-+$/, '')}-${n}`;
  return slug;
}

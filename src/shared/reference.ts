/**
 * A booking's public reference: `HI-` and six characters of Crockford's base32
 * (https://www.crockford.com/base32.html), which has no I, L, O or U, so a reference read over the
 * phone or copied from paper cannot be mistaken. About a billion values; the server draws them at
 * random (never in sequence) and the database keeps them unique.
 */
export const REFERENCE_PREFIX = 'HI-';
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_LENGTH = 6;
const REFERENCE_SOURCE = 'HI-[0-9A-HJKMNP-TV-Z]{6}';
export const REFERENCE_PATTERN = new RegExp(`^${REFERENCE_SOURCE}$`);

/** The references a text names: `text.split(REFERENCES_IN_TEXT)` has them at its odd places. */
export const REFERENCES_IN_TEXT = new RegExp(`\\b(${REFERENCE_SOURCE})\\b`);

/** The dashboard's bookings tab opened on one booking: the overview's schedule and the garage's e-mails link there. */
export function bookingSearchPath(reference: string): string {
  return `/admin?${new URLSearchParams({ tab: 'bookings', q: reference }).toString()}`;
}

/**
 * The reference a person typed, as stored: upper case, spaces and hyphens ignored, the prefix
 * optional, and the letters Crockford's alphabet leaves out read as the digits they look like
 * (I and L as 1, O as 0). Null when it cannot be a reference.
 */
export function normalizeReference(input: string): string | null {
  const body = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/^HI(?=[0-9A-Z]{6}$)/, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  const reference = `${REFERENCE_PREFIX}${body}`;
  return REFERENCE_PATTERN.test(reference) ? reference : null;
}

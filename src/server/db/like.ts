import { ZEmailSchema } from '../../shared/schemas/common.schema';

/** A LIKE/ILIKE pattern matching `text` anywhere, with the wildcards in `text` itself escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * SQL that is true when the row aliased `alias` has the bound pattern (see `containsPattern`) in
 * its `search_text`, case-insensitive: a customer's name, e-mail and phone, or a booking's renter,
 * car and reference, lower-cased in a stored generated column whose trigram index serves the match.
 */
export function searchTextMatches(alias: string): string {
  return `${alias}.search_text like lower(?)`;
}

/**
 * The digits a search for a phone number looks for, or null when `text` is not one: digits with
 * the spaces, dashes, dots, brackets and "+" people type among them, at least four. Stored numbers
 * are searched by their digits too (a line of the search column), so "09178889900" finds "0917 888
 * 9900"; the country code (+63) is read as the leading 0 the garage's numbers are written with.
 */
export function phoneDigits(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 4) return null;
  return /^\+?\s*63/.test(text.trim()) ? `0${digits.slice(2)}` : digits;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The uuid range that `prefix` (4 or more leading characters of a booking id) covers, or null when
 * no id can start with it. Searching by id prefix as a range keeps it on the primary key.
 */
export function uuidPrefixRange(prefix: string): [string, string] | null {
  const text = prefix.toLowerCase();
  // A uuid's shape: hex digits (each 0 here) and dashes.
  const shape = '00000000-0000-0000-0000-000000000000';
  if (text.length < 4 || text.length > shape.length) return null;
  for (let i = 0; i < text.length; i += 1) {
    const dash = shape[i] === '-';
    if (dash !== (text[i] === '-') || (!dash && !/[0-9a-f]/.test(text[i]!))) return null;
  }
  const fill = (digit: string) => text + shape.slice(text.length).replace(/0/g, digit);
  return [fill('0'), fill('f')];
}

/**
 * The address `text` is when the search box holds a whole e-mail address, lower-cased as
 * customers' addresses are stored, or null. Such a search matches the address itself through its
 * unique index: a "contains" match on a long pattern has the trigram index combine every trigram of
 * it, and PostgreSQL rightly prefers reading every customer instead.
 */
export function wholeEmail(text: string): string | null {
  if (!text.includes('@')) return null;
  const parsed = ZEmailSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

import { raw } from '@mikro-orm/core';
import { ZEmailSchema } from '../../shared/schemas/common.schema';

/** A LIKE/ILIKE pattern matching `text` anywhere, with the wildcards in `text` itself escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * What a search box's text may name, each looked for as one phrase (`containsPattern`): the text as
 * typed, and each rotation of its words, so a name typed surname first ("Reyes Ana", "Reyes, Ana",
 * "Dela Cruz, Juan", as forms here ask for it) finds "Ana Reyes" and "Juan Dela Cruz". A phrase never
 * spans two of the search column's lines: words typed together are found together, in one field.
 */
export function searchPhrases(text: string): string[] {
  const typed = text.trim();
  const words = typed.split(/[\s,]+/).filter(Boolean);
  if (words.length < 2 || words.length > MAX_ROTATED_WORDS) return [typed];
  return [...new Set([typed, ...words.map((_, i) => [...words.slice(i), ...words.slice(0, i)].join(' '))])];
}
/** Past this many words a search is a phrase as typed: a name has fewer, and each rotation is one more index scan. */
const MAX_ROTATED_WORDS = 5;

/**
 * SQL that is true when the row aliased `alias` has the bound pattern (see `containsPattern`) in
 * its `search_text`, case-insensitive: a customer's name, e-mail and phone, or a booking's renter,
 * car and reference, lower-cased in a stored generated column whose trigram index serves the match.
 */
export function searchTextMatches(alias: string): string {
  return `${alias}.search_text like lower(?)`;
}

/**
 * A filter on `search_text` holding `text` anywhere (`searchTextMatches`). Made afresh for each
 * use: MikroORM accepts a raw fragment key once.
 */
export function searchTextHolds(text: string): Record<string, unknown> {
  return { [raw((alias) => searchTextMatches(alias), [containsPattern(text)])]: [] };
}

/**
 * The digits a search for a phone number looks for (none when `text` is not one): digits with the
 * spaces, dashes, dots, brackets and "+" people type among them, at least four. Stored numbers are
 * searched by their digits too (a line of the search column), so "09178889900" finds "0917 888
 * 9900". A leading 63 is the country code (+63), read as the leading 0 the garage's numbers are
 * written with, when it is written with its "+", or starts a whole number (63 and ten digits) or a
 * mobile one (63 9...); otherwise it may as well be the middle or the end of a number ("631-2345",
 * "6312": the last digits staff read out), and the digits are looked for as typed too.
 */
export function phoneDigits(text: string): string[] {
  const typed = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return [];
  const digits = typed.replace(/\D/g, '');
  if (digits.length < 4) return [];
  if (!digits.startsWith('63')) return [digits];
  const local = `0${digits.slice(2)}`;
  if (/^\+\s*\(?63/.test(typed)) return [local];
  return digits.length >= 12 || (digits[2] === '9' && digits.length >= 7) ? [local, digits] : [digits];
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

/** A LIKE/ILIKE pattern matching `text` anywhere, with the wildcards in `text` itself escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
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
  const template = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
  if (text.length < 4 || text.length > template.length) return null;
  for (let i = 0; i < text.length; i += 1) {
    const dash = template[i] === '-';
    if (dash !== (text[i] === '-') || (!dash && !/[0-9a-f]/.test(text[i]!))) return null;
  }
  const fill = (digit: string) => text + template.slice(text.length).replace(/x/g, digit);
  return [fill('0'), fill('f')];
}

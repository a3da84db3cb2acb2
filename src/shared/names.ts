/**
 * Names match after trimming, collapsing inner spaces, ignoring case and accents
 * ("  José   DELA Cruz " and "jose dela cruz" are the same person for the blocklist).
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Trims and collapses inner whitespace, keeping case and accents (for display and storage). */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

import { createRequire } from 'node:module';

/**
 * unicode-confusables is CommonJS and its types file is misnamed (`index.ts.d`), so it is loaded
 * with `require` and typed here. Its `rectifyConfusion` replaces each code point by its Unicode
 * TR39 prototype (confusables.txt: Cyrillic "о" → "o", "ǀ" → "l", "m" → "rn"). Loading it here,
 * on the server only, keeps its table out of the browser's bundles.
 */
const { rectifyConfusion } = createRequire(import.meta.url)('unicode-confusables') as { rectifyConfusion: (text: string) => string };

/** Combining diacritical marks (accents), in their four blocks. */
const MARKS = /[\u0300-\u036f]|[\u1ab0-\u1aff]|[\u1dc0-\u1dff]|[\u20d0-\u20ff]|[\ufe20-\ufe2f]/g;
/** Zero-width spaces and joiners, soft hyphens, bidi controls, variation selectors, ... */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Dashes, underscores, commas, colons and slashes separate words: "Dela-Cruz,Juan" is "Dela Cruz Juan". */
const SEPARATORS = /[\p{Pd}\p{Pc},;:/\\]/gu;
/** Any other punctuation or symbol is dropped: "J.uan", "O'Brien" and "Juan!" are "Juan", "OBrien", "Juan". */
const DROPPED = /[\p{P}\p{S}]/gu;

/** The longest skeleton the blocklist stores: four times a name's 120 characters ("m" alone becomes "rn"). */
export const NAME_SKELETON_MAX = 480;

const withoutMarks = (text: string) => text.normalize('NFD').replace(MARKS, '');

/**
 * The blocklist's key for a name: two names with the same skeleton are the same name. NFKC
 * (full-width and styled letters), default-ignorable code points removed, case folded, accents
 * dropped, TR39 confusables mapped to their prototypes, punctuation dropped, words sorted.
 *
 * Case is folded before the confusables are mapped, so that case never matters ("IVAN" is
 * "ivan"): TR39 maps capital I to l, which would otherwise part "Ivan" from "ivan". The price is
 * that a capital-only lookalike (Cyrillic "Н" for "H") is compared as its small letter ("н").
 * Folding first also means "m" and "rn" are one letter here, as TR39 has it.
 */
export function nameSkeleton(name: string): string {
  // Upper then lower case folds as Unicode's full case folding does: "ß" is "ss", "ς" is "σ".
  const folded = withoutMarks(name.normalize('NFKC').replace(IGNORABLE, '').toUpperCase().toLowerCase());
  // Prototypes may be capitals ("0" → "O") or carry marks ("ł" → "l" + U+0338).
  const mapped = withoutMarks(rectifyConfusion(folded).toLowerCase());
  return mapped
    .replace(SEPARATORS, ' ')
    .replace(DROPPED, '')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}

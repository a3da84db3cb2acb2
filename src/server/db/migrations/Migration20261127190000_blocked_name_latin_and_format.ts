import { createRequire } from 'node:module';
import { Migration } from '@mikro-orm/migrations';
import { nameSkeleton } from '../../services/name-skeleton';
import { rewriteBlockedNameKeys } from './blocked-name-keys';

const { rectifyConfusion } = createRequire(import.meta.url)('unicode-confusables') as { rectifyConfusion: (text: string) => string };

const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  ᴀ: 'a', ʙ: 'b', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm',
  ɴ: 'n', ᴘ: 'p', ꞯ: 'q', ʀ: 'r', ᴛ: 't', ʉ: 'u', ᵾ: 'u',
};

/**
 * The skeleton as it was before this migration (for `down`): format characters that are not
 * default-ignorable kept, and of the Latin letters beyond ASCII only small capitals and the barred
 * u mapped (by a table of their own).
 */
function previousSkeleton(name: string): string {
  const withoutMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
  const spaced = name
    .normalize('NFKC')
    .replace(/[\p{Zs}\u115f\u1160\u3164\uffa0\u2800\u{1d159}]/gu, ' ')
    .replace(/\p{Default_Ignorable_Code_Point}|[\p{Co}\u0640\u2061-\u2064]/gu, '');
  const folded = withoutMarks(spaced.toUpperCase().toLowerCase()).replace(new RegExp(`[${Object.keys(SMALL_CAPITALS).join('')}]`, 'gu'), (letter) => SMALL_CAPITALS[letter]!);
  return withoutMarks(rectifyConfusion(folded).toLowerCase())
    .replace(/[\p{Pd}\p{Pc},;:/\\\u00b7]/gu, ' ')
    .replace(/[\p{P}\p{S}]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * The blocklist's skeleton (src/server/services/name-skeleton.ts) now removes every format
 * character (\p{Cf}: U+FFF9-FFFB, U+13430-1343F, U+0600-0605, ...) and reads every Latin letter
 * beyond ASCII (hooks, strokes, belts, tails, curls: "ɾ", "ɬ", "ⱥ", "ᶙ") as its plain letters: the
 * key of a name blocked with one of them changes. As the earlier skeleton migrations did, this
 * reads the blocked names and writes each one's key again, in the migration's transaction; blocked
 * names that now share a key were one entry twice: the oldest stays, the others are removed and the
 * audit log says into which one each was merged. `down` writes the previous keys, the same way.
 */
export class Migration20261127190000_blocked_name_latin_and_format extends Migration {
  override async up(): Promise<void> {
    await rewriteBlockedNameKeys(this, nameSkeleton);
  }

  override async down(): Promise<void> {
    await rewriteBlockedNameKeys(this, previousSkeleton);
  }
}

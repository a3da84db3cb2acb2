import { createRequire } from 'node:module';
import { Migration } from '@mikro-orm/migrations';
import { nameSkeleton } from '../../services/name-skeleton';
import { rewriteBlockedNameKeys } from './blocked-name-keys';

const { rectifyConfusion } = createRequire(import.meta.url)('unicode-confusables') as { rectifyConfusion: (text: string) => string };

/**
 * The skeleton as it was before this migration (for `down`): blank-looking characters removed
 * rather than read as spaces, the marks of four accent blocks only dropped, middle dots dropped.
 */
function previousSkeleton(name: string): string {
  const withoutMarks = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]|[\u1ab0-\u1aff]|[\u1dc0-\u1dff]|[\u20d0-\u20ff]|[\ufe20-\ufe2f]/g, '');
  const folded = withoutMarks(name.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '').toUpperCase().toLowerCase());
  return withoutMarks(rectifyConfusion(folded).toLowerCase())
    .replace(/[\p{Pd}\p{Pc},;:/\\]/gu, ' ')
    .replace(/[\p{P}\p{S}]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * The blocklist's skeleton (src/server/services/name-skeleton.ts) now reads blank-looking
 * characters (Hangul fillers, the blank Braille pattern) and middle dots as spaces, drops every
 * combining mark, removes private-use characters and tatweels and maps small capitals: the key of a
 * name blocked with one of them changes. As Migration20261125090000_blocked_name_skeleton did, this
 * reads the blocked names and writes each one's key again, in the migration's transaction; blocked
 * names that now share a key were one entry twice: the oldest stays, the others are removed and the
 * audit log says into which one each was merged. `down` writes the previous keys, the same way.
 */
export class Migration20261127030000_blocked_name_blanks_and_marks extends Migration {
  override async up(): Promise<void> {
    await rewriteBlockedNameKeys(this, nameSkeleton);
  }

  override async down(): Promise<void> {
    await rewriteBlockedNameKeys(this, previousSkeleton);
  }
}

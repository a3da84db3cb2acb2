import { createRequire } from 'node:module';
import { Migration } from '@mikro-orm/migrations';
import { nameSkeleton } from '../../services/name-skeleton';

interface BlockedRow {
  id: string;
  full_name: string;
  normalized_name: string;
  reason: string | null;
  blocked_by: string;
  created_at: Date;
}

const asRecord = (row: BlockedRow) => ({ id: row.id, fullName: row.full_name, reason: row.reason, blockedBy: row.blocked_by, createdAt: new Date(row.created_at).toISOString() });

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
    await this.rekey(nameSkeleton);
  }

  override async down(): Promise<void> {
    await this.rekey(previousSkeleton);
  }

  private async rekey(skeleton: (name: string) => string): Promise<void> {
    const rows = (await this.execute(`select id, full_name, normalized_name, reason, blocked_by, created_at from blocked_name order by created_at, id`)) as BlockedRow[];
    const kept = new Map<string, BlockedRow>();
    const keys: Array<{ id: string; key: string }> = [];
    const merged: Array<{ id: string; before: unknown; after: unknown }> = [];
    for (const row of rows) {
      const key = skeleton(row.full_name).slice(0, 480);
      const first = kept.get(key);
      if (first) merged.push({ id: row.id, before: asRecord(row), after: asRecord(first) });
      else {
        kept.set(key, row);
        if (key !== row.normalized_name) keys.push({ id: row.id, key });
      }
    }
    if (!merged.length && !keys.length) return;
    await this.execute(`alter table "blocked_name" drop constraint "blocked_name_normalized_name_unique";`);
    if (merged.length) {
      await this.execute(
        `insert into audit_entry (id, at, actor, action, entity_type, entity_id, before, after)
         select gen_random_uuid(), now(), 'System', 'blocked_name.merge', 'blocked_name', v.id::text, v.before, v.after
         from json_to_recordset(?::json) as v(id uuid, before jsonb, after jsonb)`,
        [JSON.stringify(merged)],
      );
      await this.execute(`delete from blocked_name where id in (select v.id from json_to_recordset(?::json) as v(id uuid))`, [JSON.stringify(merged)]);
    }
    if (keys.length) {
      await this.execute(
        `update blocked_name b set normalized_name = v.key from json_to_recordset(?::json) as v(id uuid, key text) where b.id = v.id`,
        [JSON.stringify(keys)],
      );
    }
    await this.execute(`alter table "blocked_name" add constraint "blocked_name_normalized_name_unique" unique ("normalized_name");`);
  }
}

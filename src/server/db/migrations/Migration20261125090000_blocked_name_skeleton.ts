import { Migration } from '@mikro-orm/migrations';
import { nameSkeleton } from '../../services/name-skeleton';
import { rekeyBlockedNames } from './blocked-name-keys';

/** The key as it was before this migration: case, accents and spaces ignored. */
function legacyKey(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * `blocked_name.normalized_name` becomes the name's skeleton (src/server/services/name-skeleton.ts),
 * which also ignores invisible characters, lookalike letters of other scripts, punctuation and the
 * order of the words. SQL cannot compute it, so this migration reads the blocked names and writes
 * each one's skeleton, in the migration's transaction. Blocked names that now share a skeleton were
 * the same entry twice: the oldest stays, the others are removed and the audit log says into which
 * one each was merged. A later change to the skeleton needs a migration like this one.
 */
export class Migration20261125090000_blocked_name_skeleton extends Migration {
  override async up(): Promise<void> {
    await this.execute(`alter table "blocked_name" drop constraint "blocked_name_normalized_name_unique";`);
    // A skeleton can be longer than its name ("m" becomes "rn").
    await this.execute(`alter table "blocked_name" alter column "normalized_name" type varchar(480) using "normalized_name";`);
    await rekeyBlockedNames(this, nameSkeleton);
    await this.execute(`alter table "blocked_name" add constraint "blocked_name_normalized_name_unique" unique ("normalized_name");`);
  }

  override async down(): Promise<void> {
    await this.execute(`alter table "blocked_name" drop constraint "blocked_name_normalized_name_unique";`);
    const rows = (await this.execute(`select id, full_name from blocked_name`)) as Array<{ id: string; full_name: string }>;
    if (rows.length) {
      await this.execute(
        `update blocked_name b set normalized_name = v.key from json_to_recordset(?::json) as v(id uuid, key text) where b.id = v.id`,
        [JSON.stringify(rows.map((row) => ({ id: row.id, key: legacyKey(row.full_name).slice(0, 120) })))],
      );
    }
    await this.execute(`alter table "blocked_name" alter column "normalized_name" type varchar(120) using "normalized_name";`);
    await this.execute(`alter table "blocked_name" add constraint "blocked_name_normalized_name_unique" unique ("normalized_name");`);
  }
}

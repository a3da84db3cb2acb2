import type { Migration } from '@mikro-orm/migrations';

interface BlockedRow {
  id: string;
  full_name: string;
  normalized_name: string;
  reason: string | null;
  blocked_by: string;
  created_at: Date;
}

const asRecord = (row: BlockedRow) => ({ id: row.id, fullName: row.full_name, reason: row.reason, blockedBy: row.blocked_by, createdAt: new Date(row.created_at).toISOString() });

/**
 * Writes the key (`normalized_name`) of every blocked name again with `skeleton`, in the migration's
 * transaction: SQL cannot compute a skeleton. Blocked names that now share a key were one entry
 * twice: the oldest stays, the others are removed, and the audit log says into which one each was
 * merged. The caller has dropped the key's unique constraint, and adds it back afterwards.
 */
export async function rekeyBlockedNames(migration: Pick<Migration, 'execute'>, skeleton: (name: string) => string): Promise<void> {
  const rows = (await migration.execute(`select id, full_name, normalized_name, reason, blocked_by, created_at from blocked_name order by created_at, id`)) as BlockedRow[];
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
  if (merged.length) {
    await migration.execute(
      `insert into audit_entry (id, at, actor, action, entity_type, entity_id, before, after)
       select gen_random_uuid(), now(), 'System', 'blocked_name.merge', 'blocked_name', v.id::text, v.before, v.after
       from json_to_recordset(?::json) as v(id uuid, before jsonb, after jsonb)`,
      [JSON.stringify(merged)],
    );
    await migration.execute(`delete from blocked_name where id in (select v.id from json_to_recordset(?::json) as v(id uuid))`, [JSON.stringify(merged)]);
  }
  if (keys.length) {
    await migration.execute(`update blocked_name b set normalized_name = v.key from json_to_recordset(?::json) as v(id uuid, key text) where b.id = v.id`, [JSON.stringify(keys)]);
  }
}

/**
 * A change of the skeleton, applied to the stored keys: the unique constraint on the key is dropped,
 * every key written again with `skeleton` (`rekeyBlockedNames`), and the constraint added back.
 */
export async function rewriteBlockedNameKeys(migration: Pick<Migration, 'execute'>, skeleton: (name: string) => string): Promise<void> {
  await migration.execute(`alter table "blocked_name" drop constraint "blocked_name_normalized_name_unique";`);
  await rekeyBlockedNames(migration, skeleton);
  await migration.execute(`alter table "blocked_name" add constraint "blocked_name_normalized_name_unique" unique ("normalized_name");`);
}

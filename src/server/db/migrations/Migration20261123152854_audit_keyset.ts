import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log pages newest first by (at, id), its cursor: the indexes on `at` alone become
 * (at, id) and (entity_type, at, id), so a page after a cursor is one index range.
 */
export class Migration20261123152854_audit_keyset extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "audit_entry_at_index";`);
    this.addSql(`drop index "audit_entry_entity_type_at_index";`);

    this.addSql(`create index "audit_entry_at_id_index" on "audit_entry" ("at", "id");`);
    this.addSql(`create index "audit_entry_entity_type_at_id_index" on "audit_entry" ("entity_type", "at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "audit_entry_at_id_index";`);
    this.addSql(`drop index "audit_entry_entity_type_at_id_index";`);

    this.addSql(`create index "audit_entry_at_index" on "audit_entry" ("at");`);
    this.addSql(`create index "audit_entry_entity_type_at_index" on "audit_entry" ("entity_type", "at");`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * The customer records deleted outright (`CustomerDeletion`): the id, the instant and a reason, for
 * an integrator's sync to drop its copy, read in `(deleted_at, id)` order, a cursor's, through its
 * index. The deletions made before this migration are not known.
 */
export class Migration20261128080000_customer_deletion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "customer_deletion_reason" as enum ('erased', 'merged');`);
    this.addSql(
      `create table "customer_deletion" ("id" uuid not null, "deleted_at" timestamptz(3) not null, "reason" "customer_deletion_reason" not null, constraint "customer_deletion_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "customer_deletion_deleted_at_id_index" on "customer_deletion" ("deleted_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "customer_deletion" cascade;`);
    this.addSql(`drop type "customer_deletion_reason";`);
  }
}

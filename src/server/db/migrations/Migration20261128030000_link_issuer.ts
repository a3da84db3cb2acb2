import { Migration } from '@mikro-orm/migrations';

/**
 * A one-time password link remembers the owner account that gave it: it works only while that
 * owner still may manage accounts. Links given before know no giver and keep working until they end.
 */
export class Migration20261128030000_link_issuer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "staff_account" add column "link_issued_by" uuid null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "staff_account" drop column "link_issued_by";`);
  }
}

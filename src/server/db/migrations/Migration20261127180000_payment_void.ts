import { Migration } from '@mikro-orm/migrations';

/**
 * A ledger row entered by mistake (a payment typed ₱5,000 for ₱500, one recorded on the wrong
 * booking) is voided, not deleted: it stays in the ledger with who voided it, when and why, and no
 * longer counts in what was paid.
 */
export class Migration20261127180000_payment_void extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment" add column "voided_at" timestamptz null, add column "voided_by" varchar(60) null, add column "void_reason" varchar(300) null;`);
    this.addSql(
      `alter table "payment" add constraint "payment_void_check" check ((voided_at is null and voided_by is null and void_reason is null) or (voided_at is not null and voided_by is not null and void_reason is not null));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payment" drop constraint "payment_void_check";`);
    this.addSql(`alter table "payment" drop column "voided_at", drop column "voided_by", drop column "void_reason";`);
  }
}

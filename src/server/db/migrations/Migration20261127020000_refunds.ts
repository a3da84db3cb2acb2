import { Migration } from '@mikro-orm/migrations';

/** A row of a booking's payment ledger is a payment or a refund (money given back); the rows already there are payments. */
export class Migration20261127020000_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "payment_kind" as enum ('payment', 'refund');`);
    this.addSql(`alter table "payment" add column "kind" "payment_kind" not null default 'payment';`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "payment" where "kind" = 'refund';`);
    this.addSql(`alter table "payment" drop column "kind";`);
    this.addSql(`drop type "payment_kind";`);
  }
}

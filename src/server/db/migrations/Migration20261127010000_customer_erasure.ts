import { Migration } from '@mikro-orm/migrations';

/**
 * When staff erased a customer's personal data at their request (erasure.service.ts): the record and
 * its bookings stay for the accounts, under a stand-in name, and can no longer be changed.
 */
export class Migration20261127010000_customer_erasure extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "customer" add column "erased_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "customer" drop column "erased_at";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * An idempotency key may name the payment (or refund) its request recorded, besides its booking: a
 * back office that retries `PATCH /api/admin/bookings/{id}/payment` after a lost answer gets the row
 * it recorded instead of recording the money twice. Goes with the payment, as with the booking.
 */
export class Migration20261127200000_payment_idempotency extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "idempotency_key" add column "payment_id" uuid null;`);
    this.addSql(`create index "idempotency_key_payment_id_index" on "idempotency_key" ("payment_id");`);
    this.addSql(
      `alter table "idempotency_key" add constraint "idempotency_key_payment_id_foreign" foreign key ("payment_id") references "payment" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "idempotency_key" drop constraint "idempotency_key_payment_id_foreign";`);
    this.addSql(`alter table "idempotency_key" drop column "payment_id";`);
  }
}

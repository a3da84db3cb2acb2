import { Migration } from '@mikro-orm/migrations';

/**
 * The idempotency keys of booking requests (`IdempotencyKey`): each names the booking its request
 * made, for a day, and goes with the booking.
 */
export class Migration20261126220000_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "idempotency_key" ("key" varchar(255) not null, "fingerprint" varchar(64) not null, "booking_id" uuid not null, "created_at" timestamptz not null, constraint "idempotency_key_pkey" primary key ("key"));`,
    );
    this.addSql(`create index "idempotency_key_booking_id_index" on "idempotency_key" ("booking_id");`);
    this.addSql(`create index "idempotency_key_created_at_index" on "idempotency_key" ("created_at");`);
    this.addSql(
      `alter table "idempotency_key" add constraint "idempotency_key_booking_id_foreign" foreign key ("booking_id") references "booking" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_key" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The renter's language on each booking (their e-mails are written in it); earlier bookings were made in English. */
export class Migration20261126191500_booking_locale extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "booking_locale" as enum ('en', 'fil');`);
    this.addSql(`alter table "booking" add column "locale" "booking_locale" not null default 'en';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "booking" drop column "locale";`);
    this.addSql(`drop type "booking_locale";`);
  }
}

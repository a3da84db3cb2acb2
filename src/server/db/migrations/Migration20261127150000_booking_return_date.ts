import { Migration } from '@mikro-orm/migrations';

/** A day's returns (the dashboard's schedule) read through their own index, as its pick-ups do. */
export class Migration20261127150000_booking_return_date extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "booking_return_date_index" on "booking" ("return_date");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "booking_return_date_index";`);
  }
}

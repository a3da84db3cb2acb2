import { Migration } from '@mikro-orm/migrations';

/**
 * The bookings page's search matches the booking's own renter details (name, e-mail, phone), its
 * car's name and its reference through `booking.search_text`, a stored generated column with one
 * trigram index, in place of a sub-select of every matching customer (a search as broad as "@"
 * compared each booking with the ids of every customer) and of the car name's own index.
 */
export class Migration20261126090000_booking_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "booking_car_name_trgm";`);
    this.addSql(
      `alter table "booking" add column "search_text" text generated always as (lower(renter_name) || chr(10) || lower(renter_email) || chr(10) || renter_phone || chr(10) || lower(car_name) || chr(10) || lower(reference)) stored not null;`,
    );
    this.addSql(`create index "booking_search_text_trgm" on "booking" using gin ("search_text" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "booking_search_text_trgm";`);
    this.addSql(`alter table "booking" drop column "search_text";`);
    this.addSql(`create index "booking_car_name_trgm" on "booking" using gin ("car_name" gin_trgm_ops);`);
  }
}

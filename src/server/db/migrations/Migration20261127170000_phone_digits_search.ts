import { Migration } from '@mikro-orm/migrations';

/**
 * The search columns of customers and bookings hold the phone number's digits too, a line of their
 * own (the country code 63 read as the leading 0), so a number typed without the spaces it was stored
 * with ("09178889900" for "0917 888 9900" or "+63 917 888 9900") finds it (`phoneDigits` in
 * src/server/db/like.ts). Each column is made again with its trigram index.
 */
export class Migration20261127170000_phone_digits_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "customer_search_text_trgm";`);
    this.addSql(`alter table "customer" drop column "search_text";`);
    this.addSql(
      `alter table "customer" add column "search_text" text generated always as (lower(full_name) || chr(10) || email || chr(10) || phone || chr(10) || regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^63', '0')) stored not null;`,
    );
    this.addSql(`create index "customer_search_text_trgm" on "customer" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`drop index "booking_search_text_trgm";`);
    this.addSql(`alter table "booking" drop column "search_text";`);
    this.addSql(
      `alter table "booking" add column "search_text" text generated always as (lower(renter_name) || chr(10) || lower(renter_email) || chr(10) || renter_phone || chr(10) || regexp_replace(regexp_replace(renter_phone, '[^0-9]', '', 'g'), '^63', '0') || chr(10) || lower(car_name) || chr(10) || lower(reference)) stored not null;`,
    );
    this.addSql(`create index "booking_search_text_trgm" on "booking" using gin ("search_text" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "customer_search_text_trgm";`);
    this.addSql(`alter table "customer" drop column "search_text";`);
    this.addSql(`alter table "customer" add column "search_text" text generated always as (lower(full_name) || chr(10) || email || chr(10) || phone) stored not null;`);
    this.addSql(`create index "customer_search_text_trgm" on "customer" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`drop index "booking_search_text_trgm";`);
    this.addSql(`alter table "booking" drop column "search_text";`);
    this.addSql(
      `alter table "booking" add column "search_text" text generated always as (lower(renter_name) || chr(10) || lower(renter_email) || chr(10) || renter_phone || chr(10) || lower(car_name) || chr(10) || lower(reference)) stored not null;`,
    );
    this.addSql(`create index "booking_search_text_trgm" on "booking" using gin ("search_text" gin_trgm_ops);`);
  }
}

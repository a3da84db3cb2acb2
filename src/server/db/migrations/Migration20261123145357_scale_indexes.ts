import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the dashboard's lists at a hundred thousand bookings: newest-first paging of
 * customers and blocked names, the overview's months by pick-up date, and trigram indexes
 * (pg_trgm, shipped with PostgreSQL) for the search box's "contains" matches on customer names,
 * e-mails, phones and car names.
 */
export class Migration20261123145357_scale_indexes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "blocked_name_created_at_index" on "blocked_name" ("created_at");`);

    this.addSql(`create index "customer_created_at_index" on "customer" ("created_at");`);
    this.addSql(`create index "customer_full_name_trgm" on "customer" using gin ("full_name" gin_trgm_ops);`);
    this.addSql(`create index "customer_email_trgm" on "customer" using gin ("email" gin_trgm_ops);`);
    this.addSql(`create index "customer_phone_trgm" on "customer" using gin ("phone" gin_trgm_ops);`);

    this.addSql(`create index "booking_pickup_date_index" on "booking" ("pickup_date");`);
    this.addSql(`create index "booking_car_name_trgm" on "booking" using gin ("car_name" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "blocked_name_created_at_index";`);

    this.addSql(`drop index "booking_pickup_date_index";`);
    this.addSql(`drop index "booking_car_name_trgm";`);

    this.addSql(`drop index "customer_created_at_index";`);
    this.addSql(`drop index "customer_full_name_trgm";`);
    this.addSql(`drop index "customer_email_trgm";`);
    this.addSql(`drop index "customer_phone_trgm";`);
  }

}

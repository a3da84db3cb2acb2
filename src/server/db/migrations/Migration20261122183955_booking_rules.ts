import { Migration } from '@mikro-orm/migrations';

/**
 * Rules the schema generator cannot express, kept by PostgreSQL itself:
 * - no two pending/confirmed bookings of one car share a day (exclusion constraint over the
 *   inclusive range pickup..return, with btree_gist for the car id's equality);
 * - a booking lasts at least one day; money is never negative; payments are positive.
 */
export class Migration20261122183955_booking_rules extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`alter table "booking" add constraint "booking_dates_check" check ("return_date" > "pickup_date");`);
    this.addSql(`alter table "booking" add constraint "booking_money_check" check ("subtotal" >= 0 and "driver_fee" >= 0 and "distance_fee" >= 0 and "delivery_fee" >= 0 and "insurance" >= 0 and "total" > 0 and "amount_paid" >= 0 and "amount_paid" <= "total");`);
    this.addSql(
      `alter table "booking" add constraint "booking_no_overlap" exclude using gist ("car_id" with =, daterange("pickup_date", "return_date", '[]') with &&) where ("status" in ('pending', 'confirmed'));`,
    );
    this.addSql(`alter table "payment" add constraint "payment_amount_check" check ("amount" > 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payment" drop constraint if exists "payment_amount_check";`);
    this.addSql(`alter table "booking" drop constraint if exists "booking_no_overlap";`);
    this.addSql(`alter table "booking" drop constraint if exists "booking_money_check";`);
    this.addSql(`alter table "booking" drop constraint if exists "booking_dates_check";`);
  }
}

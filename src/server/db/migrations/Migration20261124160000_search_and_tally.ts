import { Migration } from '@mikro-orm/migrations';

/**
 * Two things the dashboard's lists need at a hundred thousand bookings.
 *
 * - `customer.search_text`: a customer's name (lower-cased), e-mail and phone, a line each, kept
 *   by PostgreSQL as a stored generated column with one trigram index, in place of the three
 *   trigram indexes on the separate columns. The search box's `like '%text%'` is one cheap test per
 *   row and one index for the planner to weigh.
 * - `booking_tally`: how many bookings there are of each status, spread over 64 rows a status by
 *   the booking's id, kept by triggers on `booking` in the transaction of every insert, status
 *   change, delete and truncate. The bookings page's total, unfiltered or by status, sums at most
 *   64 rows instead of counting every booking. Each statement's changes are applied in (status,
 *   shard) order, so two transactions never wait for each other in a cycle.
 */
export class Migration20261124160000_search_and_tally extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "customer_full_name_trgm";`);
    this.addSql(`drop index "customer_email_trgm";`);
    this.addSql(`drop index "customer_phone_trgm";`);
    this.addSql(`alter table "customer" add column "search_text" text generated always as (lower(full_name) || chr(10) || email || chr(10) || phone) stored not null;`);
    this.addSql(`create index "customer_search_text_trgm" on "customer" using gin ("search_text" gin_trgm_ops);`);

    this.addSql(`create table "booking_tally" ("status" "booking_status" not null, "shard" smallint not null, "bookings" int not null, constraint "booking_tally_pkey" primary key ("status", "shard"));`);
    this.addSql(`
      create function booking_tally_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          delete from booking_tally;
        elsif tg_op = 'INSERT' then
          insert into booking_tally as t (status, shard, bookings)
            select status, hashtext(id::text) & 63, count(*) from new_rows group by 1, 2 order by 1, 2
            on conflict (status, shard) do update set bookings = t.bookings + excluded.bookings;
        elsif tg_op = 'DELETE' then
          insert into booking_tally as t (status, shard, bookings)
            select status, hashtext(id::text) & 63, -count(*) from old_rows group by 1, 2 order by 1, 2
            on conflict (status, shard) do update set bookings = t.bookings + excluded.bookings;
        end if;
        return null;
      end
      $$;`);
    // Row by row for a change of status (a statement trigger with transition tables cannot name
    // columns, and would run for every payment and re-dating too): one upsert in key order.
    this.addSql(`
      create function booking_tally_move() returns trigger language plpgsql as $$
      begin
        insert into booking_tally as t (status, shard, bookings)
          select status, hashtext(new.id::text) & 63, n
          from (values (old.status, -1), (new.status, 1)) as change (status, n) order by 1
          on conflict (status, shard) do update set bookings = t.bookings + excluded.bookings;
        return null;
      end
      $$;`);
    this.addSql(`create trigger booking_tally_insert after insert on booking referencing new table as new_rows for each statement execute function booking_tally_count();`);
    this.addSql(`create trigger booking_tally_update after update of status on booking for each row when (old.status is distinct from new.status) execute function booking_tally_move();`);
    this.addSql(`create trigger booking_tally_delete after delete on booking referencing old table as old_rows for each statement execute function booking_tally_count();`);
    this.addSql(`create trigger booking_tally_truncate after truncate on booking for each statement execute function booking_tally_count();`);
    this.addSql(`insert into booking_tally (status, shard, bookings) select status, hashtext(id::text) & 63, count(*) from booking group by 1, 2;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger booking_tally_insert on booking;`);
    this.addSql(`drop trigger booking_tally_update on booking;`);
    this.addSql(`drop trigger booking_tally_delete on booking;`);
    this.addSql(`drop trigger booking_tally_truncate on booking;`);
    this.addSql(`drop function booking_tally_count();`);
    this.addSql(`drop function booking_tally_move();`);
    this.addSql(`drop table "booking_tally";`);

    this.addSql(`drop index "customer_search_text_trgm";`);
    this.addSql(`alter table "customer" drop column "search_text";`);
    this.addSql(`create index "customer_full_name_trgm" on "customer" using gin ("full_name" gin_trgm_ops);`);
    this.addSql(`create index "customer_email_trgm" on "customer" using gin ("email" gin_trgm_ops);`);
    this.addSql(`create index "customer_phone_trgm" on "customer" using gin ("phone" gin_trgm_ops);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * The overview's all-time figures without a pass over every booking and customer.
 *
 * - `booking_tally` also sums the bookings' totals per status (and shard): the triggers that
 *   count inserted and deleted bookings add their totals, and the one that moves a booking
 *   between statuses now also runs when its total changes (re-dating, an agreed price), moving the
 *   old total out and the new one in.
 * - `customer_tally`: how many customers there are, over 64 rows by the customer's id, kept by
 *   statement triggers on `customer` (insert, delete, truncate) like the booking tally. An
 *   `insert ... on conflict do update` that finds the renter's record inserts nothing, and counts
 *   nothing.
 *
 * Each statement's changes are applied in key order, so two transactions never wait for each
 * other in a cycle.
 */
export class Migration20261126140000_overview_tally extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "booking_tally" add column "total" numeric(14,2) not null default 0;`);
    this.addSql(`alter table "booking_tally" alter column "total" drop default;`);
    this.addSql(`
      create or replace function booking_tally_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          delete from booking_tally;
        elsif tg_op = 'INSERT' then
          insert into booking_tally as t (status, shard, bookings, total)
            select status, hashtext(id::text) & 63, count(*), sum(total) from new_rows group by 1, 2 order by 1, 2
            on conflict (status, shard) do update set bookings = t.bookings + excluded.bookings, total = t.total + excluded.total;
        elsif tg_op = 'DELETE' then
          insert into booking_tally as t (status, shard, bookings, total)
            select status, hashtext(id::text) & 63, -count(*), -sum(total) from old_rows group by 1, 2 order by 1, 2
            on conflict (status, shard) do update set bookings = t.bookings + excluded.bookings, total = t.total + excluded.total;
        end if;
        return null;
      end
      $$;`);
    // One row out, one row in; a change of total alone is one row with no change of count.
    this.addSql(`
      create or replace function booking_tally_move() returns trigger language plpgsql as $$
      begin
        insert into booking_tally as t (status, shard, bookings, total)
          select status, hashtext(new.id::text) & 63, sum(n), sum(amount)
          from (values (old.status, -1, -old.total), (new.status, 1, new.total)) as change (status, n, amount)
          group by status order by status
          on conflict (status, shard) do update set bookings = t.bookings + excluded.bookings, total = t.total + excluded.total;
        return null;
      end
      $$;`);
    this.addSql(`drop trigger booking_tally_update on booking;`);
    this.addSql(`create trigger booking_tally_update after update of status, total on booking for each row when (old.status is distinct from new.status or old.total is distinct from new.total) execute function booking_tally_move();`);
    this.addSql(`update booking_tally as t set total = s.total from (select status, hashtext(id::text) & 63 as shard, sum(total) as total from booking group by 1, 2) as s where s.status = t.status and s.shard = t.shard;`);

    this.addSql(`create table "customer_tally" ("shard" smallint not null, "customers" int not null, constraint "customer_tally_pkey" primary key ("shard"));`);
    this.addSql(`
      create function customer_tally_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          delete from customer_tally;
        elsif tg_op = 'INSERT' then
          insert into customer_tally as t (shard, customers)
            select hashtext(id::text) & 63, count(*) from new_rows group by 1 order by 1
            on conflict (shard) do update set customers = t.customers + excluded.customers;
        elsif tg_op = 'DELETE' then
          insert into customer_tally as t (shard, customers)
            select hashtext(id::text) & 63, -count(*) from old_rows group by 1 order by 1
            on conflict (shard) do update set customers = t.customers + excluded.customers;
        end if;
        return null;
      end
      $$;`);
    this.addSql(`create trigger customer_tally_insert after insert on customer referencing new table as new_rows for each statement execute function customer_tally_count();`);
    this.addSql(`create trigger customer_tally_delete after delete on customer referencing old table as old_rows for each statement execute function customer_tally_count();`);
    this.addSql(`create trigger customer_tally_truncate after truncate on customer for each statement execute function customer_tally_count();`);
    this.addSql(`insert into customer_tally (shard, customers) select hashtext(id::text) & 63, count(*) from customer group by 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger customer_tally_insert on customer;`);
    this.addSql(`drop trigger customer_tally_delete on customer;`);
    this.addSql(`drop trigger customer_tally_truncate on customer;`);
    this.addSql(`drop function customer_tally_count();`);
    this.addSql(`drop table "customer_tally";`);

    this.addSql(`drop trigger booking_tally_update on booking;`);
    this.addSql(`create trigger booking_tally_update after update of status on booking for each row when (old.status is distinct from new.status) execute function booking_tally_move();`);
    this.addSql(`
      create or replace function booking_tally_move() returns trigger language plpgsql as $$
      begin
        insert into booking_tally as t (status, shard, bookings)
          select status, hashtext(new.id::text) & 63, n
          from (values (old.status, -1), (new.status, 1)) as change (status, n) order by 1
          on conflict (status, shard) do update set bookings = t.bookings + excluded.bookings;
        return null;
      end
      $$;`);
    this.addSql(`
      create or replace function booking_tally_count() returns trigger language plpgsql as $$
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
    this.addSql(`alter table "booking_tally" drop column "total";`);
  }
}

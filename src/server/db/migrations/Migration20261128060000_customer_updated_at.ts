import { Migration } from '@mikro-orm/migrations';

/**
 * A customer's answer (GET /api/admin/customers) shows their record and their bookings, so the
 * customer's `updated_at` moves with either (`updatedSince`, read through its own `(updated_at, id)`
 * index). Their record's own changes set it (the entity). A new booking is made in one place
 * (`buildBooking`), with the instant its customer's record was stamped with as it was found or made
 * (`findOrCreateCustomer`), so its insert has nothing to add. A statement that changes bookings
 * brings each of their customers' `updated_at` up to the latest `updated_at` it gave them, in the
 * statement's transaction: any booking change reaches it, the ORM's, `nativeUpdate`s and a job's
 * `update ... returning` alike, and stamps it on the server's clock, as the booking's. A booking
 * moved to another customer touches both. Bookings are deleted only with their customer.
 *
 * A statement trigger, after every booking row is changed: the customers are locked last (a booking's
 * row before its customer's, as `lockCustomer` orders them), in id order, and only for an update of
 * a non-key column (`for no key update`), which does not wait for another transaction's foreign key
 * check of a new booking of theirs. None on insert: it would cost every booking a function call and
 * a copy of its row for nothing.
 */
export class Migration20261128060000_customer_updated_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function booking_touches_customer() returns trigger language plpgsql as $$
      declare
        ids uuid[];
        stamps timestamptz[];
      begin
        select array_agg(id order by id), array_agg(at order by id) into ids, stamps
          from (
            select id, max(at) as at from (
              select n.customer_id as id, n.updated_at as at from new_rows n join old_rows o on o.id = n.id
                where n.updated_at is distinct from o.updated_at or n.customer_id is distinct from o.customer_id
              union all
              select o.customer_id, n.updated_at from new_rows n join old_rows o on o.id = n.id
                where n.customer_id is distinct from o.customer_id
            ) as changes group by 1
          ) as touched;
        if ids is null then
          return null;
        end if;
        perform 1 from customer where id = any(ids) order by id for no key update;
        update customer c set updated_at = t.at from unnest(ids, stamps) as t (id, at) where c.id = t.id and c.updated_at < t.at;
        return null;
      end
      $$;`);
    this.addSql(`create trigger booking_touches_customer_update after update on booking referencing old table as old_rows new table as new_rows for each statement execute function booking_touches_customer();`);
    this.addSql(`update customer c set updated_at = b.at from (select customer_id, max(updated_at) as at from booking group by 1) as b where c.id = b.customer_id and c.updated_at < b.at;`);
    this.addSql(`create index "customer_updated_at_id_index" on "customer" ("updated_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "customer_updated_at_id_index";`);
    this.addSql(`drop trigger booking_touches_customer_update on booking;`);
    this.addSql(`drop function booking_touches_customer();`);
  }
}

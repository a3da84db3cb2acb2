import { Migration } from '@mikro-orm/migrations';

/**
 * The mailbox of each booking's address, as the limit of unconfirmed bookings per address counts
 * it (`mailboxKey` in src/shared/names.ts): lower-cased, without a `+tag`, and at Gmail without the
 * dots of its local part, so that spellings of one mailbox share the limit. Earlier bookings get it
 * from their address by the same rules.
 */
export class Migration20261126200000_booking_mailbox_key extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "booking" add column "renter_mailbox_key" varchar(254) null;`);
    this.addSql(`
      update "booking" set "renter_mailbox_key" = case
        when lower(split_part("renter_email", '@', 2)) in ('gmail.com', 'googlemail.com')
          then replace(regexp_replace(lower(split_part("renter_email", '@', 1)), '\\+.*$', ''), '.', '') || '@gmail.com'
        else regexp_replace(lower(split_part("renter_email", '@', 1)), '\\+.*$', '') || '@' || lower(split_part("renter_email", '@', 2))
      end;`);
    this.addSql(`alter table "booking" alter column "renter_mailbox_key" set not null;`);
    this.addSql(`create index "booking_renter_mailbox_key_index" on "booking" ("renter_mailbox_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "booking_renter_mailbox_key_index";`);
    this.addSql(`alter table "booking" drop column "renter_mailbox_key";`);
  }
}

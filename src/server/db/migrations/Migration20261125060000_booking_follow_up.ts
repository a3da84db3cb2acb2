import { Migration } from '@mikro-orm/migrations';

/**
 * What a renter needs to find, follow and cancel their booking, and staff to follow it up:
 * - `reference`: a short public reference (HI- and six Crockford base32 characters), unique and
 *   drawn at random; existing bookings get one here;
 * - the hold of an unconfirmed website booking (`hold_until`, `email_proven_at`), with an index for
 *   the job that releases expired holds;
 * - the reminder the day before pick-up (`reminder_sent_at`, so it goes once);
 * - who cancelled and when;
 * - a document staff asked the renter to replace, with their note.
 */
export class Migration20261125060000_booking_follow_up extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "booking_cancelled_by" as enum ('staff', 'renter', 'hold');`);
    this.addSql(`create type "document_field" as enum ('photoId1Url', 'photoId2Url', 'proofOfBillingUrl');`);
    this.addSql(`alter table "booking" add column "reference" varchar(9) null, add column "email_proven_at" timestamptz null, add column "hold_until" timestamptz null, add column "reminder_sent_at" timestamptz null, add column "cancelled_at" timestamptz null, add column "cancelled_by" "booking_cancelled_by" null, add column "requested_document" "document_field" null, add column "document_request_note" varchar(500) null, add column "document_requested_at" timestamptz null;`);
    // Random references for the bookings there are; a collision (about one in a billion per pair) is drawn again.
    this.addSql(`
      do $$
      declare
        alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
        row record;
        candidate text;
      begin
        for row in select id from booking where reference is null loop
          loop
            candidate := 'HI-' || (select string_agg(substr(alphabet, 1 + floor(random() * 32)::int, 1), '') from generate_series(1, 6));
            exit when not exists (select 1 from booking where reference = candidate);
          end loop;
          update booking set reference = candidate where id = row.id;
        end loop;
      end $$;`);
    this.addSql(`alter table "booking" alter column "reference" set not null;`);
    this.addSql(`alter table "booking" add constraint "booking_reference_unique" unique ("reference");`);
    // Website bookings still pending when this runs are treated as confirmed by their renter: they were made before holds existed.
    this.addSql(`update "booking" set "email_proven_at" = "created_at" where "source" = 'website';`);
    this.addSql(`create index "booking_hold_until_index" on "booking" ("hold_until") where "status" = 'pending' and "hold_until" is not null;`);
    // The renter's phone as the limit per phone number counts it (phoneKey in src/shared/names.ts).
    this.addSql(`alter table "booking" add column "renter_phone_key" varchar(40) null;`);
    this.addSql(`update "booking" set "renter_phone_key" = case when regexp_replace("renter_phone", '\\D', '', 'g') ~ '^63\\d{10}$' then '0' || substr(regexp_replace("renter_phone", '\\D', '', 'g'), 3) else regexp_replace("renter_phone", '\\D', '', 'g') end;`);
    this.addSql(`alter table "booking" alter column "renter_phone_key" set not null;`);
    this.addSql(`create index "booking_renter_email_index" on "booking" ("renter_email");`);
    this.addSql(`create index "booking_renter_phone_key_index" on "booking" ("renter_phone_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "booking_renter_phone_key_index";`);
    this.addSql(`drop index "booking_renter_email_index";`);
    this.addSql(`alter table "booking" drop column "renter_phone_key";`);
    this.addSql(`drop index "booking_hold_until_index";`);
    this.addSql(`alter table "booking" drop constraint "booking_reference_unique";`);
    this.addSql(`alter table "booking" drop column "reference", drop column "email_proven_at", drop column "hold_until", drop column "reminder_sent_at", drop column "cancelled_at", drop column "cancelled_by", drop column "requested_document", drop column "document_request_note", drop column "document_requested_at";`);
    this.addSql(`drop type "document_field";`);
    this.addSql(`drop type "booking_cancelled_by";`);
  }
}

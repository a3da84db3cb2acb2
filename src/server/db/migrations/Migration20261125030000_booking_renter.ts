import { Migration } from '@mikro-orm/migrations';

/**
 * A booking keeps its own renter details and documents, the ones it was made with: a public
 * booking no longer changes the customer record it is grouped under (which let anyone who knew an
 * e-mail address rewrite a customer's name, phone and documents). Existing bookings take their
 * customer's current details; their documents stay on the customer.
 *
 * The upload's verified type and size were written and never read: the check itself is what
 * attaching requires.
 */
export class Migration20261125030000_booking_renter extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "booking" add column "renter_name" varchar(120) null, add column "renter_email" varchar(254) null, add column "renter_phone" varchar(40) null, add column "renter_license" varchar(60) null, add column "photo_id1_url" varchar(80) null, add column "photo_id2_url" varchar(80) null, add column "proof_of_billing_url" varchar(80) null;`);
    this.addSql(`update "booking" b set "renter_name" = c."full_name", "renter_email" = c."email", "renter_phone" = c."phone", "renter_license" = c."license" from "customer" c where c."id" = b."customer_id";`);
    this.addSql(`alter table "booking" alter column "renter_name" set not null, alter column "renter_email" set not null, alter column "renter_phone" set not null;`);
    this.addSql(`alter table "upload" drop column "verified_type", drop column "size";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "upload" add column "verified_type" varchar(60) null, add column "size" int null;`);
    this.addSql(`alter table "booking" drop column "renter_name", drop column "renter_email", drop column "renter_phone", drop column "renter_license", drop column "photo_id1_url", drop column "photo_id2_url", drop column "proof_of_billing_url";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Which "Manage your booking" links of a booking still open it: those of its current version. Staff
 * correcting the renter's e-mail address start a new one, so the links sent to the earlier address
 * stop working. Every booking starts at 0, the links made before versions existed.
 */
export class Migration20261127140000_booking_link_version extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "booking" add column "link_version" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "booking" drop column "link_version";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Changes since an instant (`GET /api/admin/bookings?updatedSince=`), in their order, read through their own index. */
export class Migration20261128050000_booking_updated_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "booking_updated_at_id_index" on "booking" ("updated_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "booking_updated_at_id_index";`);
  }
}

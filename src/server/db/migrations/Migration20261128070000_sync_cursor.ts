import { Migration } from '@mikro-orm/migrations';

/**
 * An integrator's sync pages by cursor, the `(updated_at, id)` of the last row it read
 * (`changeWindow`). The server's clock gives milliseconds, and so does a JavaScript Date; a
 * stamp with microseconds (written by SQL's `now()`, in a restored or generated database) read into
 * a Date would name a place before its own row, and the row would come again after its cursor. The
 * columns keep milliseconds, rounding what they held; the table is rewritten once.
 */
export class Migration20261128070000_sync_cursor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "booking" alter column "updated_at" type timestamptz(3);`);
    this.addSql(`alter table "customer" alter column "updated_at" type timestamptz(3);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "customer" alter column "updated_at" type timestamptz;`);
    this.addSql(`alter table "booking" alter column "updated_at" type timestamptz;`);
  }
}

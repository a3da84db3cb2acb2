import { Migration } from '@mikro-orm/migrations';

/** A car's description in Filipino, for the /fil pages; empty (every car so far): they show the English one. */
export class Migration20261127160000_car_description_fil extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "car" add column "description_fil" text not null default '';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "car" drop column "description_fil";`);
  }
}

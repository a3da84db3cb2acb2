import { Migration } from '@mikro-orm/migrations';

/**
 * A stranger's upload remembers the network that asked for it and the bytes its address may take,
 * so the unattached uploads of one network, and of all strangers, are held to a quota
 * (`UPLOADS_NETWORK_MAX_MB`, `UPLOADS_UNATTACHED_MAX_MB`). Uploads already there count for
 * nothing: they are at most a day old and go with the next clean-up.
 */
export class Migration20261127210000_upload_quota extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "upload" add column "network" varchar(64) null, add column "reserved_bytes" int not null default 0;`);
    this.addSql(`create index "upload_unattached_index" on "upload" ("created_at") where "attached_to" is null and "network" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "upload_unattached_index";`);
    this.addSql(`alter table "upload" drop column "network", drop column "reserved_bytes";`);
  }
}

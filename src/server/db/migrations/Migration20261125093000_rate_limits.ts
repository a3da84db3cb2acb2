import { Migration } from '@mikro-orm/migrations';

/**
 * The per-address limits' counts (`rate_limit_window`), shared by every instance: one row per
 * purpose and caller, counted by one upsert per call and deleted by the hourly housekeeping once
 * its window has passed. Unlogged: a count is worth nothing after a crash (PostgreSQL empties the
 * table then, and replicas never see it), and a call counted there does not wait for the
 * write-ahead log to reach the disk.
 */
export class Migration20261125093000_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table "rate_limit_window" ("name" varchar(32) not null, "subject" varchar(64) not null, "hits" int not null, "expires_at" timestamptz not null, constraint "rate_limit_window_pkey" primary key ("name", "subject"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "rate_limit_window";`);
  }
}

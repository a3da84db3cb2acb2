import { Migration } from '@mikro-orm/migrations';

/**
 * Staff accounts. The password everyone shared (`app_setting.admin_password_hash`) becomes the
 * main owner's, with an e-mail address the next start fills in from ADMIN_EMAIL; the sessions it
 * opened stay signed in, as the owner's. Audit entries name the account's e-mail address too, and
 * account changes are audited as `staff_account`.
 */
export class Migration20261126110000_staff_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create type "staff_role" as enum ('owner', 'staff');`);
    this.addSql(`create table "staff_account" ("id" uuid not null, "name" varchar(80) not null, "email" varchar(254) not null, "role" "staff_role" not null, "main_owner" boolean not null default false, "password_hash" text null, "password_changed_at" timestamptz null, "disabled_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "last_sign_in_at" timestamptz null, "link_token_hash" varchar(64) null, "link_expires_at" timestamptz null, "totp_secret" varchar(64) null, "totp_pending_secret" varchar(64) null, "totp_enabled_at" timestamptz null, "totp_last_step" int null, "recovery_codes" jsonb null, constraint "staff_account_pkey" primary key ("id"));`);
    this.addSql(`alter table "staff_account" add constraint "staff_account_email_unique" unique ("email");`);
    this.addSql(`alter table "staff_account" add constraint "staff_account_link_token_hash_unique" unique ("link_token_hash");`);
    this.addSql(`create unique index "staff_account_main_owner_unique" on "staff_account" ("main_owner") where "main_owner";`);

    this.addSql(`insert into "staff_account" ("id", "name", "email", "role", "main_owner", "password_hash", "password_changed_at", "created_at", "updated_at")
      select gen_random_uuid(), 'Owner', '', 'owner', true, "value", "updated_at", now(), now() from "app_setting" where "key" = 'admin_password_hash';`);
    this.addSql(`delete from "app_setting" where "key" = 'admin_password_hash';`);

    this.addSql(`alter table "admin_session" add column "account_id" uuid null;`);
    this.addSql(`update "admin_session" set "account_id" = (select "id" from "staff_account" where "main_owner");`);
    this.addSql(`delete from "admin_session" where "account_id" is null;`);
    this.addSql(`alter table "admin_session" alter column "account_id" set not null;`);
    this.addSql(`alter table "admin_session" add constraint "admin_session_account_id_foreign" foreign key ("account_id") references "staff_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "admin_session_account_id_index" on "admin_session" ("account_id");`);

    this.addSql(`alter table "audit_entry" add column "actor_email" varchar(254) null;`);
    this.addSql(`alter type "audit_entity" add value if not exists 'staff_account';`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "audit_entry" where "entity_type" = 'staff_account';`);
    this.addSql(`alter type "audit_entity" rename to "audit_entity_old";`);
    this.addSql(`create type "audit_entity" as enum ('car', 'booking', 'payment', 'customer', 'blocked_name', 'session');`);
    this.addSql(`alter table "audit_entry" alter column "entity_type" type "audit_entity" using "entity_type"::text::"audit_entity";`);
    this.addSql(`drop type "audit_entity_old";`);
    this.addSql(`alter table "audit_entry" drop column "actor_email";`);

    this.addSql(`delete from "admin_session" where "account_id" <> (select "id" from "staff_account" where "main_owner");`);
    this.addSql(`alter table "admin_session" drop constraint "admin_session_account_id_foreign";`);
    this.addSql(`drop index "admin_session_account_id_index";`);
    this.addSql(`alter table "admin_session" drop column "account_id";`);
    this.addSql(`insert into "app_setting" ("key", "value", "updated_at")
      select 'admin_password_hash', "password_hash", now() from "staff_account" where "main_owner" and "password_hash" is not null
      on conflict ("key") do update set "value" = excluded."value", "updated_at" = excluded."updated_at";`);
    this.addSql(`drop table "staff_account";`);
    this.addSql(`drop type "staff_role";`);
  }
}

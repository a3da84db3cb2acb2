import { Migration } from '@mikro-orm/migrations';

export class Migration20261122183950_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create type "audit_entity" as enum ('car', 'booking', 'payment', 'customer', 'blocked_name', 'session');`);
    this.addSql(`create type "car_transmission" as enum ('Automatic', 'Manual');`);
    this.addSql(`create type "car_fuel" as enum ('Gas', 'Diesel', 'Hybrid');`);
    this.addSql(`create type "pickup_time" as enum ('9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM');`);
    this.addSql(`create type "driver_service" as enum ('none', 'within_pangasinan', 'outside_pangasinan');`);
    this.addSql(`create type "distance_service" as enum ('none', 'outside_pangasinan_500', 'over_250km_800');`);
    this.addSql(`create type "delivery_area" as enum ('alaminos_city', 'alaminos_outskirts', 'bolinao', 'mabini', 'lingayen', 'calasiao', 'san_fabian');`);
    this.addSql(`create type "booking_status" as enum ('pending', 'confirmed', 'cancelled', 'completed');`);
    this.addSql(`create type "booking_source" as enum ('website', 'admin');`);
    this.addSql(`create type "mail_status" as enum ('queued', 'sent', 'failed');`);
    this.addSql(`create type "payment_method" as enum ('cash', 'gcash', 'maya', 'bank_transfer', 'card');`);
    this.addSql(`create type "upload_kind" as enum ('document', 'car-image');`);
    this.addSql(`create table "admin_session" ("id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "ended_at" timestamptz null, "ip" varchar(64) null, "user_agent" varchar(300) null, constraint "admin_session_pkey" primary key ("id"));`);
    this.addSql(`alter table "admin_session" add constraint "admin_session_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "app_setting" ("key" varchar(60) not null, "value" text not null, "updated_at" timestamptz not null, constraint "app_setting_pkey" primary key ("key"));`);

    this.addSql(`create table "audit_entry" ("id" uuid not null, "at" timestamptz not null, "actor" varchar(80) not null, "action" varchar(60) not null, "entity_type" "audit_entity" not null, "entity_id" varchar(64) not null, "before" jsonb null, "after" jsonb null, constraint "audit_entry_pkey" primary key ("id"));`);
    this.addSql(`create index "audit_entry_at_index" on "audit_entry" ("at");`);
    this.addSql(`create index "audit_entry_entity_type_at_index" on "audit_entry" ("entity_type", "at");`);

    this.addSql(`create table "blocked_name" ("id" uuid not null, "full_name" varchar(120) not null, "normalized_name" varchar(120) not null, "reason" varchar(500) null, "blocked_by" varchar(60) not null, "created_at" timestamptz not null, constraint "blocked_name_pkey" primary key ("id"));`);
    this.addSql(`alter table "blocked_name" add constraint "blocked_name_normalized_name_unique" unique ("normalized_name");`);

    this.addSql(`create table "car" ("id" uuid not null, "name" varchar(120) not null, "category" varchar(60) not null, "daily_rate" numeric(12,2) not null, "seats" int not null, "transmission" "car_transmission" not null, "fuel" "car_fuel" not null, "image" varchar(300) not null, "description" text not null default '', "mileage" varchar(60) not null default '', "year" int not null, "plate_number" varchar(20) not null default '', "available" boolean not null default true, "position" int not null default 1000, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "car_pkey" primary key ("id"));`);

    this.addSql(`create table "contact_message" ("id" uuid not null, "first_name" varchar(80) not null, "last_name" varchar(80) not null, "email" varchar(254) not null, "phone" varchar(40) null, "subject" varchar(60) not null, "message" text not null, "created_at" timestamptz not null, constraint "contact_message_pkey" primary key ("id"));`);
    this.addSql(`create index "contact_message_created_at_index" on "contact_message" ("created_at");`);

    this.addSql(`create table "customer" ("id" uuid not null, "full_name" varchar(120) not null, "email" varchar(254) not null, "phone" varchar(40) not null, "license" varchar(60) null, "license_expiry" date null, "address" varchar(300) null, "facebook_profile" varchar(200) null, "photo_id1_url" varchar(80) null, "photo_id2_url" varchar(80) null, "proof_of_billing_url" varchar(80) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "customer_pkey" primary key ("id"));`);
    this.addSql(`alter table "customer" add constraint "customer_email_unique" unique ("email");`);

    this.addSql(`create table "booking" ("id" uuid not null, "customer_id" uuid not null, "car_id" uuid null, "car_name" varchar(120) not null, "pickup_date" date not null, "return_date" date not null, "pickup_time" "pickup_time" not null, "driver_service" "driver_service" not null, "distance_service" "distance_service" not null, "wants_delivery" boolean not null default false, "delivery_area" "delivery_area" null, "delivery_address" varchar(500) null, "facebook_profile" varchar(200) null, "total_days" int not null, "daily_rate" numeric(12,2) not null, "subtotal" numeric(12,2) not null, "driver_fee" numeric(12,2) not null, "distance_fee" numeric(12,2) not null, "delivery_fee" numeric(12,2) not null, "insurance" numeric(12,2) not null, "adjustment" numeric(12,2) not null default '0.00', "total" numeric(12,2) not null, "amount_paid" numeric(12,2) not null default '0.00', "status" "booking_status" not null default 'pending', "source" "booking_source" not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "booking_pkey" primary key ("id"));`);
    this.addSql(`create index "booking_customer_id_index" on "booking" ("customer_id");`);
    this.addSql(`create index "booking_car_id_return_date_index" on "booking" ("car_id", "return_date");`);
    this.addSql(`create index "booking_created_at_index" on "booking" ("created_at");`);
    this.addSql(`create index "booking_status_created_at_index" on "booking" ("status", "created_at");`);

    this.addSql(`create table "mail_message" ("id" uuid not null, "kind" varchar(40) not null, "to" varchar(254) not null, "reply_to" varchar(254) null, "subject" varchar(200) not null, "text" text not null, "html" text not null, "status" "mail_status" not null default 'queued', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "locked_until" timestamptz null, "last_error" varchar(500) null, "sent_at" timestamptz null, "created_at" timestamptz not null, constraint "mail_message_pkey" primary key ("id"));`);
    this.addSql(`create index "mail_message_status_next_attempt_at_index" on "mail_message" ("status", "next_attempt_at");`);

    this.addSql(`create table "payment" ("id" uuid not null, "booking_id" uuid not null, "amount" numeric(12,2) not null, "method" "payment_method" not null, "note" varchar(300) null, "recorded_by" varchar(60) not null, "created_at" timestamptz not null, constraint "payment_pkey" primary key ("id"));`);
    this.addSql(`create index "payment_booking_id_index" on "payment" ("booking_id");`);

    this.addSql(`create table "upload" ("id" uuid not null, "kind" "upload_kind" not null, "object_key" varchar(80) not null, "content_type" varchar(60) null, "verified_type" varchar(60) null, "size" int null, "attached_to" varchar(80) null, "attached_at" timestamptz null, "created_at" timestamptz not null, constraint "upload_pkey" primary key ("id"));`);
    this.addSql(`alter table "upload" add constraint "upload_object_key_unique" unique ("object_key");`);
    this.addSql(`create index "upload_attached_at_created_at_index" on "upload" ("attached_at", "created_at");`);

    this.addSql(`alter table "booking" add constraint "booking_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "booking" add constraint "booking_car_id_foreign" foreign key ("car_id") references "car" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "payment" add constraint "payment_booking_id_foreign" foreign key ("booking_id") references "booking" ("id") on update cascade on delete cascade;`);
  }

}

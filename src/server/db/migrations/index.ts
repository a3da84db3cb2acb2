import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122183950_initial } from './Migration20261122183950_initial';
import { Migration20261122183955_booking_rules } from './Migration20261122183955_booking_rules';
import { Migration20261123145357_scale_indexes } from './Migration20261123145357_scale_indexes';
import { Migration20261123152854_audit_keyset } from './Migration20261123152854_audit_keyset';
import { Migration20261124160000_search_and_tally } from './Migration20261124160000_search_and_tally';
import { Migration20261125030000_booking_renter } from './Migration20261125030000_booking_renter';
import { Migration20261125060000_booking_follow_up } from './Migration20261125060000_booking_follow_up';
import { Migration20261125090000_blocked_name_skeleton } from './Migration20261125090000_blocked_name_skeleton';
import { Migration20261125093000_rate_limits } from './Migration20261125093000_rate_limits';
import { Migration20261126090000_booking_search } from './Migration20261126090000_booking_search';
import { Migration20261126110000_staff_accounts } from './Migration20261126110000_staff_accounts';
import { Migration20261126120000_car_pages } from './Migration20261126120000_car_pages';
import { Migration20261126140000_overview_tally } from './Migration20261126140000_overview_tally';
import { Migration20261126191500_booking_locale } from './Migration20261126191500_booking_locale';
import { Migration20261126200000_booking_mailbox_key } from './Migration20261126200000_booking_mailbox_key';
import { Migration20261126210000_mail_subject_length } from './Migration20261126210000_mail_subject_length';
import { Migration20261126220000_idempotency_keys } from './Migration20261126220000_idempotency_keys';
import { Migration20261127010000_customer_erasure } from './Migration20261127010000_customer_erasure';
import { Migration20261127020000_refunds } from './Migration20261127020000_refunds';
import { Migration20261127030000_blocked_name_blanks_and_marks } from './Migration20261127030000_blocked_name_blanks_and_marks';
import { Migration20261127140000_booking_link_version } from './Migration20261127140000_booking_link_version';

/** Every migration, in order. The CLI writes new files here; add each one to this list. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122183950_initial', class: Migration20261122183950_initial },
  { name: 'Migration20261122183955_booking_rules', class: Migration20261122183955_booking_rules },
  { name: 'Migration20261123145357_scale_indexes', class: Migration20261123145357_scale_indexes },
  { name: 'Migration20261123152854_audit_keyset', class: Migration20261123152854_audit_keyset },
  { name: 'Migration20261124160000_search_and_tally', class: Migration20261124160000_search_and_tally },
  { name: 'Migration20261125030000_booking_renter', class: Migration20261125030000_booking_renter },
  { name: 'Migration20261125060000_booking_follow_up', class: Migration20261125060000_booking_follow_up },
  { name: 'Migration20261125090000_blocked_name_skeleton', class: Migration20261125090000_blocked_name_skeleton },
  { name: 'Migration20261125093000_rate_limits', class: Migration20261125093000_rate_limits },
  { name: 'Migration20261126090000_booking_search', class: Migration20261126090000_booking_search },
  { name: 'Migration20261126110000_staff_accounts', class: Migration20261126110000_staff_accounts },
  { name: 'Migration20261126120000_car_pages', class: Migration20261126120000_car_pages },
  { name: 'Migration20261126140000_overview_tally', class: Migration20261126140000_overview_tally },
  { name: 'Migration20261126191500_booking_locale', class: Migration20261126191500_booking_locale },
  { name: 'Migration20261126200000_booking_mailbox_key', class: Migration20261126200000_booking_mailbox_key },
  { name: 'Migration20261126210000_mail_subject_length', class: Migration20261126210000_mail_subject_length },
  { name: 'Migration20261126220000_idempotency_keys', class: Migration20261126220000_idempotency_keys },
  { name: 'Migration20261127010000_customer_erasure', class: Migration20261127010000_customer_erasure },
  { name: 'Migration20261127020000_refunds', class: Migration20261127020000_refunds },
  { name: 'Migration20261127030000_blocked_name_blanks_and_marks', class: Migration20261127030000_blocked_name_blanks_and_marks },
  { name: 'Migration20261127140000_booking_link_version', class: Migration20261127140000_booking_link_version },
];

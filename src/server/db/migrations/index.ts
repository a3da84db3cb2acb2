import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122183950_initial } from './Migration20261122183950_initial';
import { Migration20261122183955_booking_rules } from './Migration20261122183955_booking_rules';

/** Every migration, in order. The CLI writes new files here; add each one to this list. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122183950_initial', class: Migration20261122183950_initial },
  { name: 'Migration20261122183955_booking_rules', class: Migration20261122183955_booking_rules },
];

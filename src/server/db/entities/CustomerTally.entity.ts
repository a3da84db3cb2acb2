import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * How many customers there are, kept by PostgreSQL itself: triggers on `customer` (see
 * Migration20261126140000_overview_tally) add and subtract in the same transaction as every
 * insert and delete, spread over 64 rows by the customer's id so that simultaneous bookings of new
 * renters seldom wait for each other's row. The overview sums them instead of counting every
 * customer. Never written by the application; left out of backups, which rebuild it as they load
 * the customers.
 */
export const CustomerTally = defineEntity({
  name: 'CustomerTally',
  properties: {
    shard: p.smallint().primary().autoincrement(false),
    customers: p.integer(),
  },
});
export type ICustomerTally = InferEntity<typeof CustomerTally>;

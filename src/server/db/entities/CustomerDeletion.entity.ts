import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CUSTOMER_DELETION_REASONS } from '../../../shared/schemas/customer.schema';

/**
 * A customer record deleted outright (a tombstone): its id, when and why, and nothing of the person.
 * Written in the transaction that deletes the record (`removeCustomer`), so an integrator's sync
 * can learn of every deletion that committed and of none that did not. Indexed by `(deleted_at, id)`,
 * the sync's order; kept as long as the activity-log entries that record the same deletion
 * (`purgeOldRecords`).
 */
export const CustomerDeletion = defineEntity({
  name: 'CustomerDeletion',
  indexes: [{ properties: ['deletedAt', 'id'] }],
  properties: {
    /** The deleted record's id. */
    id: p.uuid().primary(),
    /** To the millisecond, as the customers' `updatedAt`: a cursor names its row exactly. */
    deletedAt: p.datetime(3),
    reason: p.enum([...CUSTOMER_DELETION_REASONS]).nativeEnumName('customer_deletion_reason'),
  },
});
export type ICustomerDeletion = InferEntity<typeof CustomerDeletion>;

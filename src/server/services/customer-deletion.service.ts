import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerDeletionReason } from '../../shared/schemas/customer.schema';
import { CustomerDeletion, type ICustomer } from '../db/entities';

/**
 * Deletes a customer record outright, leaving its tombstone (`CustomerDeletion`: the id, `at` and
 * the reason) in the same unit of work, so the two commit, or roll back, together. The one way a
 * customer record is deleted.
 */
export function removeCustomer(em: EntityManager, customer: ICustomer, reason: CustomerDeletionReason, at: Date): void {
  em.remove(customer);
  em.create(CustomerDeletion, { id: customer.id, deletedAt: at, reason });
}

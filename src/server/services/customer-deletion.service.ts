import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerDeletionReason, TCustomerDeletionPage, TCustomerDeletionQuery } from '../../shared/schemas/customer.schema';
import { countSearch, searchPage, syncWindow } from '../db/paging';
import { CustomerDeletion, type ICustomer } from '../db/entities';
import type { ServiceContext } from '../deps';

/**
 * Deletes a customer record outright, leaving its tombstone (`CustomerDeletion`: the id, `at` and
 * the reason) in the same unit of work, so the two commit, or roll back, together. The one way a
 * customer record is deleted.
 */
export function removeCustomer(em: EntityManager, customer: ICustomer, reason: CustomerDeletionReason, at: Date): void {
  em.remove(customer);
  em.create(CustomerDeletion, { id: customer.id, deletedAt: at, reason });
}

/**
 * The customer records deleted outright, for an integrator's copy to drop them: deleted at or after
 * an instant (`deletedSince`) or after a cursor's row (`after`), or every one kept; oldest deletion
 * first, ties by id, through the `(deleted_at, id)` index, counted as a search is, with the cursor
 * after the page.
 */
export async function listCustomerDeletions(ctx: ServiceContext, query: TCustomerDeletionQuery): Promise<TCustomerDeletionPage> {
  const sync = syncWindow('customer-deletions', 'deletedAt', { since: query.deletedSince, after: query.after });
  const page = () => ctx.em.find(CustomerDeletion, sync.where(), { orderBy: sync.orderBy, limit: query.limit, offset: query.offset });
  const [rows, total] = await searchPage(query, page, () => countSearch(ctx.em, CustomerDeletion, sync.where()));
  return { items: rows.map((row) => ({ id: row.id, deletedAt: row.deletedAt.toISOString(), reason: row.reason })), ...total, nextCursor: sync.nextCursor(rows) };
}

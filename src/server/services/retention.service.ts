import { addDays, todayInManila } from '../../shared/dates';
import { clock } from '../clock';
import type { AppDeps } from '../deps';
import { describeError, log } from '../logger';
import { keyFromObjectPath } from '../storage/storage';

interface ExpiredRow {
  id: string;
  photo_id1_url: string | null;
  photo_id2_url: string | null;
  proof_of_billing_url: string | null;
}

/**
 * Deletes identity documents DOCUMENT_RETENTION_DAYS after the customer's last return date (or
 * their registration, when they never booked). Booking and payment records stay, as the privacy
 * page says. Returns how many customers' documents were removed.
 */
export async function purgeExpiredDocuments(deps: AppDeps): Promise<number> {
  const em = deps.orm.em.fork();
  const cutoff = addDays(todayInManila(clock.now()), -deps.env.DOCUMENT_RETENTION_DAYS);
  const rows = (await em.execute(
    `select c.id, c.photo_id1_url, c.photo_id2_url, c.proof_of_billing_url
       from customer c
      where (c.photo_id1_url is not null or c.photo_id2_url is not null or c.proof_of_billing_url is not null)
        and coalesce((select max(b.return_date) from booking b where b.customer_id = c.id), (c.created_at at time zone 'Asia/Manila')::date) < ?
      limit 500`,
    [cutoff],
  )) as ExpiredRow[];

  let purged = 0;
  for (const row of rows) {
    const keys = [row.photo_id1_url, row.photo_id2_url, row.proof_of_billing_url]
      .map((path) => (path ? keyFromObjectPath(path) : null))
      .filter((key): key is string => key !== null);
    try {
      for (const key of keys) await deps.storage.delete(key);
      await em.transactional(async (tx) => {
        await tx.execute(`update customer set photo_id1_url = null, photo_id2_url = null, proof_of_billing_url = null, updated_at = ? where id = ?`, [clock.now(), row.id]);
        if (keys.length) await tx.execute(`delete from upload where object_key in (${keys.map(() => '?').join(', ')})`, keys);
      });
      purged += 1;
    } catch (error) {
      log.warn('retention.failed', { customer: row.id, ...describeError(error) });
    }
  }
  if (purged) log.info('retention.documents.purged', { customers: purged });
  return purged;
}

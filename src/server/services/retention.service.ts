import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, todayInManila } from '../../shared/dates';
import { DOCUMENT_FIELDS } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { AuditEntry, Booking, ContactMessage, Customer, CustomerDeletion, MailMessage, Upload } from '../db/entities';
import type { AppDeps } from '../deps';
import { describeError, log } from '../logger';
import { keyFromObjectPath } from '../storage/storage';
import { SYSTEM_ACTOR } from './audit.service';
import { lockCustomerWithBookings } from './booking-change.service';
import { eraseCustomer } from './erasure.service';

const HAS_DOCUMENTS = { $or: DOCUMENT_FIELDS.map((field) => ({ [field]: { $ne: null } })) };
const NO_DOCUMENTS = Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, null]));

/**
 * Whether customer `c`'s documents are past retention: the end of their last rental, or their
 * registration when they never booked, before the cut-off. A cancelled booking's rental ended
 * when it was cancelled (Asia/Manila), if that was before its return date: one booked a year ahead
 * and cancelled does not keep the documents a year longer.
 */
const LAST_RENTAL_END = `(case when b.status = 'cancelled' then least(b.return_date, (coalesce(b.cancelled_at, b.updated_at) at time zone 'Asia/Manila')::date) else b.return_date end)`;
const PAST_RETENTION = `coalesce((select max(${LAST_RENTAL_END}) from booking b where b.customer_id = c.id), (c.created_at at time zone 'Asia/Manila')::date) < ?`;

/**
 * Deletes identity documents DOCUMENT_RETENTION_DAYS after the customer's last return date (or
 * their registration, when they never booked): the customer record's and those of each of their
 * bookings. Booking and payment records stay, as the privacy page says. Returns how many customers'
 * documents were removed.
 */
export async function purgeExpiredDocuments(deps: AppDeps): Promise<number> {
  const em = deps.orm.em.fork();
  const cutoff = addDays(todayInManila(clock.now()), -deps.env.DOCUMENT_RETENTION_DAYS);
  const expired = (await em.execute(
    `select c.id from customer c
      where (c.photo_id1_url is not null or c.photo_id2_url is not null or c.proof_of_billing_url is not null
             or exists (select 1 from booking b where b.customer_id = c.id and (b.photo_id1_url is not null or b.photo_id2_url is not null or b.proof_of_billing_url is not null)))
        and ${PAST_RETENTION}
      limit 500`,
    [cutoff],
  )) as Array<{ id: string }>;

  let purged = 0;
  for (const { id } of expired) {
    try {
      if (await purgeCustomerDocuments(deps, em, id, cutoff)) purged += 1;
      em.clear();
    } catch (error) {
      log.warn('retention.failed', { customer: id, ...describeError(error) });
    }
  }
  if (purged) log.info('retention.documents.purged', { customers: purged });
  return purged;
}

/**
 * One customer's documents, deleted with their record and bookings locked (in `lockCustomer`'s
 * order: a change to one of their bookings at that moment waits, or is waited for, never
 * deadlocks). A booking they make meanwhile (which locks the record as it finds it by e-mail)
 * either committed before, and then keeps them under retention (the check is made again once the
 * lock is held), or waits, and its own documents are not among those deleted. The files go first,
 * so that a failure leaves the records to try again.
 */
async function purgeCustomerDocuments(deps: AppDeps, em: EntityManager, id: string, cutoff: string): Promise<boolean> {
  return em.transactional(async (tx) => {
    const customer = await lockCustomerWithBookings(tx, id);
    if (!customer) return false;
    const [still] = await tx.execute(`select 1 as past from customer c where c.id = ? and ${PAST_RETENTION}`, [id, cutoff]);
    if (!still) return false;
    const bookings = await tx.find(Booking, { customer: id, ...HAS_DOCUMENTS }, { fields: [...DOCUMENT_FIELDS] });
    const keys = [...new Set([customer, ...bookings].flatMap((holder) => DOCUMENT_FIELDS.map((field) => holder[field])))]
      .map((path) => (path ? keyFromObjectPath(path) : null))
      .filter((key): key is string => key !== null);
    for (const key of keys) await deps.storage.delete(key);
    await tx.nativeUpdate(Customer, { id }, { ...NO_DOCUMENTS, updatedAt: clock.now() });
    if (bookings.length) await tx.nativeUpdate(Booking, { id: { $in: bookings.map((booking) => booking.id) } }, { ...NO_DOCUMENTS, updatedAt: clock.now() });
    if (keys.length) await tx.nativeDelete(Upload, { objectKey: { $in: keys } });
    return true;
  });
}

/** Enquiries are kept for up to 2 years, as the privacy page says. */
export const CONTACT_MESSAGE_DAYS = 730;
/**
 * E-mails sent (or given up on) are kept 30 days, for a question about one: each holds its renter's
 * details and receipt, and a renter's holds their booking's link, which works for a year and a half.
 */
export const SENT_MAIL_DAYS = 30;

/** Booking and payment records are kept about 7 years, as the privacy page says (tax and accounting rules). */
export const RECORD_RETENTION_DAYS = 7 * 365 + 2;

/**
 * Deletes the enquiries past CONTACT_MESSAGE_DAYS, the e-mails sent or given up on past
 * SENT_MAIL_DAYS (the garage's copies of enquiries among them), and past RECORD_RETENTION_DAYS the
 * activity log's entries (they name customers, blocked people and staff, and the records they
 * account for are kept that long) and the tombstones of deleted customer records (kept as long as
 * the entries that record the same deletions: an integrator's sync away longer syncs in full).
 * Returns how many of each went.
 */
export async function purgeOldRecords(deps: AppDeps): Promise<{ enquiries: number; mails: number; auditEntries: number; customerDeletions: number }> {
  const em = deps.orm.em.fork();
  const now = clock.now().getTime();
  const before = (days: number) => ({ $lt: new Date(now - days * 86_400_000) });
  const enquiries = await em.nativeDelete(ContactMessage, { createdAt: before(CONTACT_MESSAGE_DAYS) });
  const mails = await em.nativeDelete(MailMessage, { status: { $in: ['sent', 'failed'] }, createdAt: before(SENT_MAIL_DAYS) });
  const auditEntries = await em.nativeDelete(AuditEntry, { at: before(RECORD_RETENTION_DAYS) });
  const customerDeletions = await em.nativeDelete(CustomerDeletion, { deletedAt: before(RECORD_RETENTION_DAYS) });
  if (enquiries || mails || auditEntries || customerDeletions) log.info('retention.records.purged', { enquiries, mails, auditEntries, customerDeletions });
  return { enquiries, mails, auditEntries, customerDeletions };
}

/**
 * Erases, as an erasure at their request does (`eraseCustomer`, by "System"), the personal data of
 * customers whose last rental ended (or who registered, when they never booked) more than
 * RECORD_RETENTION_DAYS ago: their bookings and payments stay, without them. At most 100 a run; the
 * next run goes on. Returns how many were erased.
 */
export async function eraseLapsedCustomers(deps: AppDeps): Promise<number> {
  const cutoff = addDays(todayInManila(clock.now()), -RECORD_RETENTION_DAYS);
  const lapsed = (await deps.orm.em.fork().execute(`select c.id from customer c where c.erased_at is null and ${PAST_RETENTION} limit 100`, [cutoff])) as Array<{ id: string }>;
  let erased = 0;
  for (const { id } of lapsed) {
    try {
      await eraseCustomer({ em: deps.orm.em.fork(), deps, actor: SYSTEM_ACTOR }, id);
      erased += 1;
    } catch (error) {
      log.warn('retention.erase.failed', { customer: id, ...describeError(error) });
    }
  }
  if (erased) log.info('retention.customers.erased', { customers: erased });
  return erased;
}


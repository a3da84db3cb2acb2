import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { mailboxKey, phoneKey, tidyName } from '../../shared/names';
import { isOccupying, type TBooking, type TCorrectRenterEmail } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { escapeLike } from '../db/like';
import { Booking, Customer, MailMessage, type IBooking, type ICustomer } from '../db/entities';
import type { AdminContext } from '../deps';
import { queueMail } from '../mail/outbox';
import { audit, auditEdit } from './audit.service';
import { lockBooking, lockCustomer, refuseErasedRenter } from './booking-change.service';
import { findOrCreateCustomer, OPEN_BOOKING_MAIL } from './booking.service';
import { renterMailContext } from './booking-tokens';
import { removeCustomer } from './customer-deletion.service';
import { toBookingDto, toCustomerDto } from './dto';
import { releaseOwners } from './upload.service';

/**
 * Staff correct the e-mail address of an open booking's renter: mistyped on the form, or someone
 * else's. In one transaction, audited:
 * - the booking takes the address and starts a new version of its manage links, so the links sent
 *   to the earlier address stop working;
 * - it is grouped under the customer record of the address (`customerOfAddress`); the record of the
 *   renter's alone it leaves, if any, is deleted (its tombstone says `merged`);
 * - the address is not proven until the renter opens the new link; staff have seen the booking, so
 *   an unconfirmed hold no longer runs out;
 * - the renter is e-mailed the booking (received, or confirmed) with its receipt and the new link,
 *   saying first that the garage corrected the address.
 * Refused: a cancelled or completed booking (409), an erased renter's (409), the address the booking
 * has already (400).
 */
export async function correctRenterEmail(ctx: AdminContext, id: string, { email }: TCorrectRenterEmail): Promise<TBooking> {
  const result = await ctx.em.transactional(async (em) => {
    const tx = { ...ctx, em };
    const booking = await lockBooking(em, id);
    if (!isOccupying(booking.status)) throw new AppError('CONFLICT', messages.errors.bookingClosed);
    refuseErasedRenter(booking);
    if (booking.renterEmail.toLowerCase() === email) {
      throw new AppError('BAD_REQUEST', messages.errors.sameRenterEmail, { issues: [{ path: 'email', message: messages.errors.sameRenterEmail }] });
    }
    const before = toBookingDto(booking);
    // The booking's e-mails to the earlier address that the mail worker has not sent yet (an outage,
    // a retry waiting) are not sent: they would give its owner the renter's booking after all.
    await em.nativeDelete(MailMessage, { status: 'queued', to: { $ilike: escapeLike(booking.renterEmail) }, text: { $like: `%${escapeLike(booking.reference)}%` } });
    const { customer, leftBehind } = await customerOfAddress(tx, booking, email);
    Object.assign(booking, { renterEmail: email, renterMailboxKey: mailboxKey(email), customer, linkVersion: booking.linkVersion + 1, emailProvenAt: null, holdUntil: null });
    if (leftBehind) {
      // The booking leaves it first; then nothing refers to it.
      await em.flush();
      await releaseOwners(tx, [`customer:${leftBehind.id}`]);
      audit(tx, 'customer.delete', 'customer', leftBehind.id, { bookings: [] }, null);
      removeCustomer(em, leftBehind, 'merged', clock.now());
    }
    const after = toBookingDto(booking);
    audit(tx, 'booking.renter_email', 'booking', id, before, after);
    await queueMail(em, [OPEN_BOOKING_MAIL[after.status]!(after, renterMailContext(ctx.deps, booking), { emailCorrected: true })]);
    await em.flush();
    return after;
  });
  ctx.deps.mail.wake();
  return result;
}

/**
 * The customer record a booking corrected to `email` is grouped under: the record of that address;
 * else the booking's own record, corrected too, when it is this renter's alone (`rentersAlone`: a
 * new renter's mistyped address, the record was made for it); else a new record made from the
 * booking's renter details and documents, as a booking made with the address would have made it.
 * A record of the renter's alone that the booking leaves for the address's record has nothing left
 * to keep: it is deleted (`leftBehind`), or it would hold the renter's details and documents under
 * the wrong address, out of reach of their erasure. Locked (the booking's row first, as
 * `lockCustomer` orders them).
 */
async function customerOfAddress(tx: AdminContext & { em: EntityManager }, booking: IBooking, email: string): Promise<{ customer: ICustomer; leftBehind: ICustomer | null }> {
  const { em } = tx;
  // An erased record's address (`erasedAddress`) is no e-mail address: the schema refuses it.
  const owner = await em.findOne(Customer, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  // Read after the lock: a booking made for this record meanwhile has committed by then, and counts.
  const own = owner?.id === booking.customer.id ? owner : await lockCustomer(em, booking.customer.id);
  const alone = own && own !== owner && (await rentersAlone(em, own, booking)) ? own : null;
  if (owner) return { customer: owner, leftBehind: alone };
  if (alone) {
    const earlier = toCustomerDto(alone);
    alone.email = email;
    auditEdit(tx, 'customer.update', 'customer', alone.id, earlier, toCustomerDto(alone));
    return { customer: alone, leftBehind: null };
  }
  const renter = { fullName: booking.renterName, email, phone: booking.renterPhone, license: booking.renterLicense ?? undefined, facebookProfile: booking.facebookProfile ?? undefined };
  const { photoId1Url, photoId2Url, proofOfBillingUrl } = booking;
  const documents = photoId1Url && photoId2Url && proofOfBillingUrl ? { photoId1Url, photoId2Url, proofOfBillingUrl } : undefined;
  const customer = (await em.findOne(Customer, { id: (await findOrCreateCustomer(em, renter, documents, tx.actor)).id }, { lockMode: LockMode.PESSIMISTIC_WRITE }))!;
  return { customer, leftBehind: null };
}

/**
 * Whether a record is the booking's renter's alone: not erased, no other booking, and the renter's
 * name and phone (as the booking made it, or staff entered it for them). A record staff made for the
 * address's owner, someone else, is not: it keeps its address and details.
 */
async function rentersAlone(em: EntityManager, record: ICustomer, booking: IBooking): Promise<boolean> {
  if (record.erasedAt) return false;
  const sameName = tidyName(record.fullName).toLowerCase() === tidyName(booking.renterName).toLowerCase();
  const samePhone = !record.phone || !booking.renterPhone || phoneKey(record.phone) === phoneKey(booking.renterPhone);
  return sameName && samePhone && !(await em.count(Booking, { customer: record.id, id: { $ne: booking.id } }));
}

import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { mailboxKey } from '../../shared/names';
import { isOccupying, type TBooking, type TCorrectRenterEmail } from '../../shared/schemas/booking.schema';
import { Booking, Customer, type IBooking, type ICustomer } from '../db/entities';
import type { AdminContext } from '../deps';
import { queueMail } from '../mail/outbox';
import { audit, auditEdit } from './audit.service';
import { lockBooking, lockCustomer, refuseErasedRenter } from './booking-change.service';
import { findOrCreateCustomer, OPEN_BOOKING_MAIL } from './booking.service';
import { renterMailContext } from './booking-tokens';
import { toBookingDto, toCustomerDto } from './dto';

/**
 * Staff correct the e-mail address of an open booking's renter: mistyped on the form, or someone
 * else's. In one transaction, audited:
 * - the booking takes the address and starts a new version of its manage links, so the links sent
 *   to the earlier address stop working;
 * - it is grouped under the customer record of the address (`customerOfAddress`);
 * - the address is not proven until the renter opens the new link; staff have seen the booking, so
 *   an unconfirmed hold no longer runs out;
 * - the renter is e-mailed the booking (received, or confirmed) with its receipt and the new link.
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
    const customer = await customerOfAddress(tx, booking, email);
    Object.assign(booking, { renterEmail: email, renterMailboxKey: mailboxKey(email), customer, linkVersion: booking.linkVersion + 1, emailProvenAt: null, holdUntil: null });
    const after = toBookingDto(booking);
    audit(tx, 'booking.renter_email', 'booking', id, before, after);
    await queueMail(em, [OPEN_BOOKING_MAIL[after.status]!(after, renterMailContext(ctx.deps, booking))]);
    await em.flush();
    return after;
  });
  ctx.deps.mail.wake();
  return result;
}

/**
 * The customer record a booking corrected to `email` is grouped under: the record of that address;
 * else the booking's own record, corrected too, when the booking is its only one (a new renter's
 * mistyped address: the record was made for it); else a new record made from the booking's renter
 * details and documents, as a booking made with the address would have made it. Locked (the
 * booking's row first, as `lockCustomer` orders them).
 */
async function customerOfAddress(tx: AdminContext & { em: EntityManager }, booking: IBooking, email: string): Promise<ICustomer> {
  const { em } = tx;
  // An erased record's address (`erasedAddress`) is no e-mail address: the schema refuses it.
  const owner = await em.findOne(Customer, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (owner) return owner;
  // Read after the lock: a booking made for this record meanwhile has committed by then, and counts.
  const own = await lockCustomer(em, booking.customer.id);
  if (own && !own.erasedAt && !(await em.count(Booking, { customer: own.id, id: { $ne: booking.id } }))) {
    const earlier = toCustomerDto(own);
    own.email = email;
    auditEdit(tx, 'customer.update', 'customer', own.id, earlier, toCustomerDto(own));
    return own;
  }
  const renter = { fullName: booking.renterName, email, phone: booking.renterPhone, license: booking.renterLicense ?? undefined, facebookProfile: booking.facebookProfile ?? undefined };
  const { photoId1Url, photoId2Url, proofOfBillingUrl } = booking;
  const documents = photoId1Url && photoId2Url && proofOfBillingUrl ? { photoId1Url, photoId2Url, proofOfBillingUrl } : undefined;
  return (await em.findOne(Customer, { id: await findOrCreateCustomer(em, renter, documents) }, { lockMode: LockMode.PESSIMISTIC_WRITE }))!;
}

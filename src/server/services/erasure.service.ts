import { AppError } from '../../shared/errors';
import { todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { isOccupying } from '../../shared/schemas/booking.schema';
import { ERASED_NAME, erasedAddress, type TErasedCustomer } from '../../shared/schemas/customer.schema';
import { clock } from '../clock';
import { escapeLike } from '../db/like';
import { AuditEntry, Booking, ContactMessage, IdempotencyKey, MailMessage, Payment, type IBooking, type ICustomer } from '../db/entities';
import type { AdminContext } from '../deps';
import { audit } from './audit.service';
import { lockCustomerWithBookings } from './booking-change.service';
import { releaseOwners } from './upload.service';

/** What stands in, in the activity log, for a piece of personal data an erasure removed. */
export const ERASED_VALUE = '[erased]';

/**
 * Erases a customer's personal data at their request (the Data Privacy Act's right to erasure),
 * keeping what the law obliges the garage to keep: their bookings and payments stay, for about 7
 * years (the privacy page), with the renter's name, e-mail address, phone, licence, Facebook
 * profile, delivery address and documents gone from the customer record, from every booking, and
 * from every activity-log entry about them, their bookings and payments. Their document files are
 * released for the clean-up; the e-mails sent to them or about their bookings (the garage's), the
 * enquiries they sent from that address and their booking requests' idempotency keys are deleted. A customer without bookings is deleted
 * outright: nothing of theirs must stay.
 *
 * Refused (409) while one of their bookings is pending or confirmed and not over. Erasing again
 * changes nothing. An erased record can no longer be changed (`refuseErased`); the renter may book
 * again, as a new customer.
 */
export async function eraseCustomer(ctx: AdminContext, id: string): Promise<TErasedCustomer> {
  return ctx.em.transactional(async (em) => {
    const tx = { ...ctx, em };
    const customer = await lockCustomerWithBookings(em, id);
    if (!customer) throw new AppError('NOT_FOUND', messages.errors.customerNotFound);
    const bookings = await em.find(Booking, { customer: id }, { orderBy: { pickupDate: 'asc', id: 'asc' } });
    if (customer.erasedAt) return { ok: true, bookingsKept: bookings.length };
    const today = todayInManila(clock.now());
    if (bookings.some((booking) => isOccupying(booking.status) && booking.returnDate >= today)) {
      throw new AppError('CONFLICT', messages.errors.customerHasBookings);
    }
    const personal = personalValues(customer, bookings);
    const bookingIds = bookings.map((booking) => booking.id);
    await releaseOwners(tx, [`customer:${id}`, ...bookings.map((booking) => `booking:${booking.id}` as const)]);
    await redactLog(tx, [id, ...bookingIds, ...(await paymentIds(tx, bookingIds))], personal);
    const addresses = [...new Set([customer.email, ...bookings.map((booking) => booking.renterEmail.toLowerCase())])];
    // The e-mails to them, and the garage's about their bookings (each names its booking's reference).
    await em.nativeDelete(MailMessage, {
      $or: [...addresses.map((address) => ({ to: { $ilike: escapeLike(address) } })), ...bookings.map((booking) => ({ text: { $like: `%${escapeLike(booking.reference)}%` } }))],
    });
    await em.nativeDelete(ContactMessage, { $or: addresses.map((address) => ({ email: { $ilike: escapeLike(address) } })) });
    // A booking request's key is kept with a digest of the request, renter and all.
    if (bookingIds.length) await em.nativeDelete(IdempotencyKey, { booking: { $in: bookingIds } });

    if (!bookings.length) {
      audit(tx, 'customer.erase', 'customer', id, { bookingsKept: 0 }, null);
      em.remove(customer);
      await em.flush();
      return { ok: true, bookingsKept: 0 };
    }
    const erasedAt = clock.now();
    const address = erasedAddress(id);
    await em.nativeUpdate(Booking, { customer: id }, {
      renterName: ERASED_NAME,
      renterEmail: address,
      renterPhone: '',
      renterPhoneKey: '',
      renterMailboxKey: address,
      renterLicense: null,
      facebookProfile: null,
      photoId1Url: null,
      photoId2Url: null,
      proofOfBillingUrl: null,
      deliveryAddress: null,
      documentRequestNote: null,
      requestedDocument: null,
      documentRequestedAt: null,
    });
    em.assign(customer, {
      fullName: ERASED_NAME,
      email: address,
      phone: '',
      license: null,
      licenseExpiry: null,
      address: null,
      facebookProfile: null,
      photoId1Url: null,
      photoId2Url: null,
      proofOfBillingUrl: null,
      erasedAt,
    });
    audit(tx, 'customer.erase', 'customer', id, { bookingsKept: bookings.length }, { erasedAt: erasedAt.toISOString() });
    await em.flush();
    return { ok: true, bookingsKept: bookings.length };
  });
}

/** The texts that are the customer's personal data, as their record and bookings hold them (two characters or fewer say nothing of anyone). */
function personalValues(customer: ICustomer, bookings: IBooking[]): string[] {
  const values = [
    customer.fullName,
    customer.email,
    customer.phone,
    customer.license,
    customer.address,
    customer.facebookProfile,
    customer.photoId1Url,
    customer.photoId2Url,
    customer.proofOfBillingUrl,
    ...bookings.flatMap((b) => [b.renterName, b.renterEmail, b.renterPhone, b.renterLicense, b.facebookProfile, b.deliveryAddress, b.documentRequestNote, b.photoId1Url, b.photoId2Url, b.proofOfBillingUrl]),
  ];
  const texts = values.filter((value): value is string => typeof value === 'string' && value.trim().length > 2).map((value) => value.trim());
  // Longest first, so that a name inside a longer text (an address naming it) goes with that text.
  return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

async function paymentIds(ctx: AdminContext, bookingIds: string[]): Promise<string[]> {
  if (!bookingIds.length) return [];
  const rows = await ctx.em.find(Payment, { booking: { $in: bookingIds } }, { fields: ['id'] });
  return rows.map((payment) => payment.id);
}

/**
 * Replaces, in every activity-log entry about these records, each occurrence of a personal value
 * (in any field, at any depth, whatever its letter case) by ERASED_VALUE. The entries stay: who
 * changed a booking's status or recorded a payment, and when, is the garage's record too.
 */
async function redactLog(ctx: AdminContext, entityIds: string[], personal: string[]): Promise<void> {
  if (!personal.length) return;
  const pattern = new RegExp(personal.map(escapeRegExp).join('|'), 'giu');
  const redact = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(pattern, ERASED_VALUE);
    if (Array.isArray(value)) return value.map(redact);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redact(inner)]));
    return value;
  };
  const entries = await ctx.em.find(AuditEntry, { entityId: { $in: entityIds } });
  for (const entry of entries) ctx.em.assign(entry, { before: redact(entry.before), after: redact(entry.after) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

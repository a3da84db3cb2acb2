import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { phoneKey } from '../../shared/names';
import { isOccupying } from '../../shared/schemas/booking.schema';
import { ERASED_NAME, erasedAddress, type TErasedCustomer } from '../../shared/schemas/customer.schema';
import { clock } from '../clock';
import { escapeLike } from '../db/like';
import { AuditEntry, Booking, ContactMessage, IdempotencyKey, MailMessage, Payment, type IAuditEntry, type IBooking, type ICustomer } from '../db/entities';
import type { AdminContext } from '../deps';
import { audit } from './audit.service';
import { lockCustomerWithBookings } from './booking-change.service';
import { removeCustomer } from './customer-deletion.service';
import { releaseOwners } from './upload.service';

/** What stands in, in the activity log, for a piece of personal data an erasure removed. */
export const ERASED_VALUE = '[erased]';

/**
 * Erases a customer's personal data at their request (the Data Privacy Act's right to erasure),
 * keeping what the law obliges the garage to keep: their bookings and payments stay, for about 7
 * years (the privacy page), with the renter's name, e-mail address, phone, licence, Facebook
 * profile, delivery address and documents gone from the customer record, from every booking, and
 * from every activity-log entry about them, their bookings and payments (what those fields held
 * then too, before staff corrected them) and from their payments' notes. Their document files are
 * released for the clean-up; the e-mails sent to them or about their bookings (the garage's), the
 * enquiries they sent from that address (and the garage's copies, which reply to it) and their
 * booking requests' idempotency keys are deleted. A customer without bookings is deleted
 * outright: nothing of theirs must stay but the record's id, in its tombstone (`removeCustomer`).
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
    // One instant for the erasure: the record's `erasedAt` and its bookings' `updatedAt`, or its tombstone's.
    const erasedAt = clock.now();
    const today = todayInManila(erasedAt);
    if (bookings.some((booking) => isOccupying(booking.status) && booking.returnDate >= today)) {
      throw new AppError('CONFLICT', messages.errors.customerHasBookings);
    }
    const bookingIds = bookings.map((booking) => booking.id);
    const payments = bookingIds.length ? await em.find(Payment, { booking: { $in: bookingIds } }) : [];
    const entries = await em.find(AuditEntry, { entityId: { $in: [id, ...bookingIds, ...payments.map((payment) => payment.id)] } });
    const redact = redaction([...personalValues(customer, bookings), ...entries.flatMap((entry) => personalFieldValues([entry.before, entry.after]))]);
    await redactBookingsMovedAway(em, customer, bookingIds);
    await releaseOwners(tx, [`customer:${id}`, ...bookings.map((booking) => `booking:${booking.id}` as const)]);
    for (const entry of entries) em.assign(entry, { before: redact(entry.before), after: redact(entry.after) });
    for (const payment of payments) if (payment.note) payment.note = redact(payment.note) as string;
    const addresses = [...new Set([customer.email, ...bookings.map((booking) => booking.renterEmail.toLowerCase())])];
    // The e-mails to them, the garage's copies of their enquiries (which reply to them), and the
    // garage's about their bookings (each names its booking's reference).
    await em.nativeDelete(MailMessage, {
      $or: [
        ...addresses.flatMap((address) => [{ to: { $ilike: escapeLike(address) } }, { replyTo: { $ilike: escapeLike(address) } }]),
        ...bookings.map((booking) => ({ text: { $like: `%${escapeLike(booking.reference)}%` } })),
      ],
    });
    await em.nativeDelete(ContactMessage, { $or: addresses.map((address) => ({ email: { $ilike: escapeLike(address) } })) });
    // A booking request's key is kept with a digest of the request, renter and all.
    if (bookingIds.length) await em.nativeDelete(IdempotencyKey, { booking: { $in: bookingIds } });

    if (!bookings.length) {
      audit(tx, 'customer.erase', 'customer', id, { bookingsKept: 0 }, null);
      removeCustomer(em, customer, 'erased', erasedAt);
      await em.flush();
      return { ok: true, bookingsKept: 0 };
    }
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
      updatedAt: erasedAt,
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

/**
 * Bookings staff moved from this customer's record to another since (their renter's address
 * corrected, renter-email.service.ts): their log entries from while they were this customer's name
 * them, by the address the booking was made with. Their renter is someone else: only this
 * customer's own values, and that address, are erased there.
 */
async function redactBookingsMovedAway(em: EntityManager, customer: ICustomer, bookingIds: string[]): Promise<void> {
  const moves = (await em.find(AuditEntry, { action: 'booking.renter_email', before: { customerId: customer.id } } as FilterQuery<IAuditEntry>)).filter(
    (entry) => !bookingIds.includes(entry.entityId),
  );
  if (!moves.length) return;
  const entries = await em.find(AuditEntry, { entityId: { $in: [...new Set(moves.map((entry) => entry.entityId))] } });
  const addresses = moves.map((entry) => (entry.before as { customerEmail?: unknown }).customerEmail).filter((value): value is string => typeof value === 'string');
  const redact = redaction([...personalValues(customer, []), ...addresses], false);
  for (const entry of entries) em.assign(entry, { before: redact(entry.before), after: redact(entry.after) });
}

/**
 * The fields of the activity log's snapshots of a customer, a booking or a payment that hold a
 * person's data: their value is erased whatever it is (what a field held before staff corrected it,
 * a licence's expiry date), and looked for in every other text too.
 */
const PERSONAL_FIELDS = new Set([
  'fullName',
  'email',
  'phone',
  'license',
  'licenseExpiry',
  'address',
  'facebookProfile',
  'photoId1Url',
  'photoId2Url',
  'proofOfBillingUrl',
  'customerName',
  'customerEmail',
  'customerPhone',
  'customerLicense',
  'deliveryAddress',
  'documentRequestNote',
]);

/** The texts the snapshots hold under PERSONAL_FIELDS, at any depth. */
function personalFieldValues(snapshots: unknown[]): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key: string | null): void => {
    if (typeof value === 'string') {
      if (key !== null && PERSONAL_FIELDS.has(key)) found.push(value);
    } else if (Array.isArray(value)) value.forEach((inner) => visit(inner, key));
    else if (value && typeof value === 'object') for (const [inner, innerValue] of Object.entries(value)) visit(innerValue, inner);
  };
  snapshots.forEach((snapshot) => visit(snapshot, null));
  return found;
}

/**
 * The texts that are the customer's personal data, as their record and bookings hold them; a phone
 * number also as its digits and as its key (as a note may have written it: "09171234567").
 */
function personalValues(customer: ICustomer, bookings: IBooking[]): string[] {
  const phones = [customer.phone, ...bookings.map((b) => b.renterPhone)].filter(Boolean);
  return [
    ...phones.flatMap((phone) => [phone.replace(/\D/g, ''), phoneKey(phone)]),
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
  ].filter((value): value is string => typeof value === 'string');
}

/**
 * What an erasure does to a text or a snapshot: each occurrence of a personal value (in any field,
 * at any depth, whatever its letter case) becomes ERASED_VALUE, and so does the whole value of a
 * PERSONAL_FIELDS field (not when `wholeFields` is false: entries about someone else's booking, where
 * only the values are looked for). The activity-log entries stay: who changed a booking's status or recorded
 * a payment, and when, is the garage's record too. Values of two characters or fewer say nothing of
 * anyone, and are only erased where they are a personal field's.
 */
function redaction(values: string[], wholeFields = true): (value: unknown) => unknown {
  const texts = [...new Set(values.map((value) => value.trim()).filter((value) => value.length > 2))];
  // Longest first, so that a name inside a longer text (an address naming it) goes with that text.
  texts.sort((a, b) => b.length - a.length);
  const pattern = texts.length ? new RegExp(texts.map(escapeRegExp).join('|'), 'giu') : null;
  const redact = (value: unknown, key: string | null = null): unknown => {
    if (typeof value === 'string') return wholeFields && key !== null && PERSONAL_FIELDS.has(key) && value !== '' ? ERASED_VALUE : pattern ? value.replace(pattern, ERASED_VALUE) : value;
    if (Array.isArray(value)) return value.map((inner) => redact(inner, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([inner, innerValue]) => [inner, redact(innerValue, inner)]));
    return value;
  };
  return (value) => redact(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

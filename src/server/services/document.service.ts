import { LockMode } from '@mikro-orm/core';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { DOCUMENT_FIELDS, type DocumentField, type TDocuments, type TSavedDocuments } from '../../shared/schemas/booking.schema';
import { Booking } from '../db/entities';
import type { ServiceContext } from '../deps';
import { keyFromObjectPath, type Storage } from '../storage/storage';
import { audit, RENTER_DOCUMENT_ACTOR } from './audit.service';
import { lockCustomer, refuseErased } from './booking-change.service';
import { documentTokenBooking } from './booking-tokens';
import { toBookingDto, toCustomerDto } from './dto';
import { attachUploads, planUploads, refusedUpload, releaseUploads, type UploadOwner } from './upload.service';

/**
 * Refuses (400) documents of which two are the same file: same size, then the same bytes (the
 * storage's digest, read only for sizes that match). `size` is looked up when not already known.
 * The refusal names a `field` of the two, the later one's when both have one, so a form can ask for
 * that document again.
 */
export async function refuseSameFileTwice(storage: Storage, uploads: Array<{ objectKey: string; size?: number; field?: string }>): Promise<void> {
  const sized = await Promise.all(uploads.map(async (upload) => ({ ...upload, size: upload.size ?? (await storage.head(upload.objectKey))?.size ?? -1 })));
  const alike = sized.filter((upload) => upload.size >= 0 && sized.some((other) => other !== upload && other.size === upload.size));
  if (alike.length < 2) return;
  const digests = await Promise.all(alike.map((upload) => storage.digest(upload.objectKey)));
  const again = digests.findIndex((digest, i) => digests.indexOf(digest) < i);
  if (again >= 0) throw refusedUpload(messages.errors.sameDocumentTwice, alike[again]!.field ?? alike[digests.indexOf(digests[again]!)]!.field);
}

type Documents = Partial<Record<DocumentField, string | null>>;

/**
 * Replaces documents held by `holder` (a booking or a customer) inside the caller's transaction: the
 * new uploads are attached to `owner` (checked together; when `distinct`, refused if two of the
 * holder's documents would then be the same file), the holder's fields point at them, and the files
 * they replaced are released when `owner` held them. Returns the fields that changed.
 */
async function replaceDocuments(ctx: ServiceContext, holder: Documents, documents: Documents, owner: UploadOwner, distinct = false): Promise<DocumentField[]> {
  const changed = DOCUMENT_FIELDS.filter((field) => documents[field] && documents[field] !== holder[field]);
  if (!changed.length) return changed;
  const previous = changed.map((field) => holder[field]);
  const unchanged = DOCUMENT_FIELDS.filter((field) => !changed.includes(field)).flatMap((field) => {
    const key = holder[field] ? keyFromObjectPath(holder[field]) : null;
    return key ? [{ objectKey: key }] : [];
  });
  const plan = planUploads(changed.map((field) => documents[field]!), 'document');
  await attachUploads(ctx, plan, 'document', owner, distinct ? (sealed) => refuseSameFileTwice(ctx.deps.storage, [...sealed, ...unchanged]) : undefined);
  changed.forEach((field, i) => (holder[field] = plan[i]!.to));
  const kept = new Set(DOCUMENT_FIELDS.map((field) => holder[field]));
  await releaseUploads(ctx, owner, previous.filter((value) => !kept.has(value)));
  return changed;
}

/**
 * Replaces documents of a booking (its renter's doing) inside the caller's transaction; a customer
 * record that still shows the booking's old documents (the one its first booking created) follows
 * them. Nothing else of the customer changes.
 */
export async function replaceBookingDocuments(ctx: ServiceContext, booking: Documents & { id: string }, customer: Documents, documents: Documents): Promise<DocumentField[]> {
  const old = Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, booking[field]]));
  const changed = await replaceDocuments(ctx, booking, documents, `booking:${booking.id}`, true);
  for (const field of changed) if (customer[field] && customer[field] === old[field]) customer[field] = booking[field];
  return changed;
}

/**
 * `PUT /api/customers/{id}/documents`. Staff replace the customer record's documents. The renter,
 * with the document token of their booking's create answer, replaces that booking's documents while
 * it is pending (the booking must be this customer's); a customer record that still shows the booking's old documents
 * (the one its first booking created) follows them. Nothing else of the customer changes.
 */
export async function saveDocuments(ctx: ServiceContext, customerId: string, documents: TDocuments, documentToken: string | null): Promise<TSavedDocuments> {
  const bookingId = ctx.actor ? null : documentToken ? documentTokenBooking(ctx.deps.signingSecret, documentToken) : null;
  if (!ctx.actor && !bookingId) throw new AppError('UNAUTHORIZED', documentToken ? messages.errors.badDocumentToken : messages.errors.unauthorized);
  return ctx.em.transactional(async (em) => {
    const tx = { ...ctx, em };
    // The rows whose documents change are locked (the booking before its customer, as the renter's
    // other paths do), so that of two replacements at once the second reads what the first left: it
    // then releases the first one's files instead of leaving them attached to nothing, forever.
    const booking = bookingId ? await em.findOne(Booking, { id: bookingId, customer: customerId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
    const customer = await lockCustomer(em, customerId);
    if (!customer) throw new AppError('NOT_FOUND', messages.errors.customerNotFound);
    refuseErased(customer);
    if (ctx.actor) {
      const before = toCustomerDto(customer);
      await replaceDocuments(tx, customer, documents, `customer:${customer.id}`);
      audit({ ...tx, actor: ctx.actor }, 'customer.documents', 'customer', customer.id, before, toCustomerDto(customer));
      await em.flush();
      return { customerId: customer.id, bookingId: null, ...documentsOf(customer) };
    }
    if (!booking) throw new AppError('UNAUTHORIZED', messages.errors.badDocumentToken);
    // Staff check a booking's documents as they confirm it: from then on only they change them.
    if (booking.status !== 'pending') throw new AppError('CONFLICT', messages.errors.documentsLocked);
    const [bookingBefore, customerBefore] = [toBookingDto(booking), toCustomerDto(customer)];
    await replaceBookingDocuments(tx, booking, customer, documents);
    const renter = { em, actor: RENTER_DOCUMENT_ACTOR };
    audit(renter, 'booking.document', 'booking', booking.id, bookingBefore, toBookingDto(booking));
    const customerAfter = toCustomerDto(customer);
    if (DOCUMENT_FIELDS.some((field) => customerAfter[field] !== customerBefore[field])) audit(renter, 'customer.documents', 'customer', customer.id, customerBefore, customerAfter);
    await em.flush();
    return { customerId: customer.id, bookingId: booking.id, ...documentsOf(booking) };
  });
}

function documentsOf(holder: Documents): Pick<TSavedDocuments, DocumentField> {
  return { photoId1Url: holder.photoId1Url ?? null, photoId2Url: holder.photoId2Url ?? null, proofOfBillingUrl: holder.proofOfBillingUrl ?? null };
}

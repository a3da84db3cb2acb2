import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { DOCUMENT_FIELDS, type DocumentField, type TDocuments, type TSavedDocuments } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { Booking, Customer } from '../db/entities';
import type { ServiceContext } from '../deps';
import { audit } from './audit.service';
import { toCustomerDto } from './dto';
import { attachUploads, releaseUploads, type UploadOwner } from './upload.service';

/** How long the document token of a booking's create answer stays valid. */
const DOCUMENT_TOKEN_SECONDS = 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function tokenSignature(secret: string, bookingId: string, expires: string): string {
  return createHmac('sha256', secret).update(`documents\n${bookingId}\n${expires}`).digest('base64url');
}

/** A token that lets the renter replace one booking's documents for an hour: `<booking id>.<expiry>.<HMAC>`. */
export function makeDocumentToken(secret: string, bookingId: string): string {
  const expires = String(Math.floor(clock.now().getTime() / 1000) + DOCUMENT_TOKEN_SECONDS);
  return `${bookingId}.${expires}.${tokenSignature(secret, bookingId, expires)}`;
}

/** The booking a live, genuine document token names, or null. */
export function documentTokenBooking(secret: string, token: string): string | null {
  const [bookingId, expires, signature, ...rest] = token.split('.');
  if (rest.length || !bookingId || !UUID.test(bookingId) || !expires || !signature || !/^\d+$/.test(expires)) return null;
  if (Number(expires) * 1000 < clock.now().getTime()) return null;
  const expected = Buffer.from(tokenSignature(secret, bookingId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? bookingId : null;
}

type Documents = Partial<Record<DocumentField, string | null>>;

/**
 * Replaces documents held by `holder` (a booking or a customer) inside the caller's transaction: the
 * new uploads are attached to `owner` (checked together), the holder's fields point at them, and the
 * files they replaced are released when `owner` held them. Returns the fields that changed.
 */
async function replaceDocuments(ctx: ServiceContext, holder: Documents, documents: Documents, owner: UploadOwner): Promise<DocumentField[]> {
  const changed = DOCUMENT_FIELDS.filter((field) => documents[field] && documents[field] !== holder[field]);
  if (!changed.length) return changed;
  const previous = changed.map((field) => holder[field]);
  await attachUploads(ctx, changed.map((field) => documents[field]!), 'document', owner);
  for (const field of changed) holder[field] = documents[field]!;
  const kept = new Set(DOCUMENT_FIELDS.map((field) => holder[field]));
  await releaseUploads(ctx, owner, previous.filter((value) => !kept.has(value)));
  return changed;
}

/**
 * `PUT /api/customers/{id}/documents`. Staff replace the customer record's documents. The renter,
 * with the document token of their booking's create answer, replaces that booking's documents (the
 * booking must be this customer's); a customer record that still shows the booking's old documents
 * (the one its first booking created) follows them. Nothing else of the customer changes.
 */
export async function saveDocuments(ctx: ServiceContext, customerId: string, documents: TDocuments, documentToken: string | null): Promise<TSavedDocuments> {
  const bookingId = ctx.actor ? null : documentToken ? documentTokenBooking(ctx.deps.signingSecret, documentToken) : null;
  if (!ctx.actor && !bookingId) throw new AppError('UNAUTHORIZED', documentToken ? messages.errors.badDocumentToken : messages.errors.unauthorized);
  return ctx.em.transactional(async (em) => {
    const tx = { ...ctx, em };
    const customer = await em.findOne(Customer, { id: customerId });
    if (!customer) throw new AppError('NOT_FOUND', messages.errors.customerNotFound);
    if (ctx.actor) {
      const before = toCustomerDto(customer);
      await replaceDocuments(tx, customer, documents, `customer:${customer.id}`);
      audit({ ...tx, actor: ctx.actor }, 'customer.documents', 'customer', customer.id, before, toCustomerDto(customer));
      await em.flush();
      return { customerId: customer.id, bookingId: null, ...documentsOf(customer) };
    }
    const booking = await em.findOne(Booking, { id: bookingId!, customer: customer.id });
    if (!booking) throw new AppError('UNAUTHORIZED', messages.errors.badDocumentToken);
    const old = Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, booking[field]]));
    const changed = await replaceDocuments(tx, booking, documents, `booking:${booking.id}`);
    for (const field of changed) if (customer[field] && customer[field] === old[field]) customer[field] = booking[field];
    await em.flush();
    return { customerId: customer.id, bookingId: booking.id, ...documentsOf(booking) };
  });
}

function documentsOf(holder: Documents): Pick<TSavedDocuments, DocumentField> {
  return { photoId1Url: holder.photoId1Url ?? null, photoId2Url: holder.photoId2Url ?? null, proofOfBillingUrl: holder.proofOfBillingUrl ?? null };
}

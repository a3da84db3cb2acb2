import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { DOCUMENT_FIELDS, type DocumentField, type TDocuments } from '../../shared/schemas/booking.schema';
import type { TCustomer } from '../../shared/schemas/customer.schema';
import { clock } from '../clock';
import { Customer, type ICustomer } from '../db/entities';
import type { ServiceContext } from '../deps';
import { audit } from './audit.service';
import { toCustomerDto } from './dto';
import { attachUploads, detachUploads } from './upload.service';

/** How long the document token of a booking's create answer stays valid. */
const DOCUMENT_TOKEN_SECONDS = 60 * 60;

function tokenSignature(secret: string, customerId: string, expires: string): string {
  return createHmac('sha256', secret).update(`documents\n${customerId}\n${expires}`).digest('base64url');
}

/** A token that lets the renter replace one customer's documents for an hour: `<expiry>.<HMAC>`. */
export function makeDocumentToken(secret: string, customerId: string): string {
  const expires = String(Math.floor(clock.now().getTime() / 1000) + DOCUMENT_TOKEN_SECONDS);
  return `${expires}.${tokenSignature(secret, customerId, expires)}`;
}

export function checkDocumentToken(secret: string, customerId: string, token: string): boolean {
  const [expires, signature] = token.split('.');
  if (!expires || !signature || !/^\d+$/.test(expires) || Number(expires) * 1000 < clock.now().getTime()) return false;
  const expected = Buffer.from(tokenSignature(secret, customerId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Replaces a customer's documents with newly uploaded ones, inside the caller's transaction: the
 * paths that changed are attached to the customer (locked and checked together), and the ones they
 * replaced, unless another field still uses them, are released for the clean-up job.
 */
export async function replaceDocuments(ctx: ServiceContext, customer: ICustomer, documents: Partial<Record<DocumentField, string>>): Promise<void> {
  const changed = DOCUMENT_FIELDS.filter((field) => documents[field] && documents[field] !== customer[field]);
  if (!changed.length) return;
  const previous = changed.map((field) => customer[field]);
  for (const field of changed) customer[field] = documents[field]!;
  const kept = new Set(DOCUMENT_FIELDS.map((field) => customer[field]));
  await attachUploads(ctx, changed.map((field) => documents[field]!), 'document', `customer:${customer.id}`);
  await detachUploads(ctx, previous.filter((value) => value && !kept.has(value)));
}

/**
 * `PUT /api/customers/{id}/documents`: replaces the customer's documents. Allowed to staff, or to
 * the renter holding the document token from their booking's create answer.
 */
export async function saveDocuments(ctx: ServiceContext, id: string, documents: TDocuments, documentToken: string | null): Promise<TCustomer> {
  const allowed = ctx.actor !== null || (documentToken !== null && checkDocumentToken(ctx.deps.signingSecret, id, documentToken));
  if (!allowed) throw new AppError('UNAUTHORIZED', documentToken ? messages.errors.badDocumentToken : messages.errors.unauthorized);
  return ctx.em.transactional(async (em) => {
    const tx = { ...ctx, em };
    const customer = await em.findOne(Customer, { id });
    if (!customer) throw new AppError('NOT_FOUND', messages.errors.customerNotFound);
    const before = toCustomerDto(customer);
    await replaceDocuments(tx, customer, documents);
    if (ctx.actor) audit({ ...tx, actor: ctx.actor }, 'customer.documents', 'customer', id, before, toCustomerDto(customer));
    await em.flush();
    return toCustomerDto(customer);
  });
}

import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { IDEMPOTENCY_KEY_HOURS } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { IdempotencyKey, type IBooking } from '../db/entities';
import type { AppDeps } from '../deps';

/** A request's idempotency key and the fingerprint of what it asks. */
export interface IdempotentRequest {
  key: string;
  fingerprint: string;
}

/**
 * `key` with the SHA-256 of `input` as validated (zod's output: the same request however a client
 * spaced, ordered or padded its JSON, and the same through REST and tRPC).
 */
export function idempotentRequest(key: string, input: unknown): IdempotentRequest {
  return { key, fingerprint: createHash('sha256').update(JSON.stringify(input)).digest('hex') };
}

/** Keys made before this are forgotten. */
function forgottenBefore(): Date {
  return new Date(clock.now().getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
}

/**
 * The booking, with its car, that an earlier request with this key made, or null when the key is
 * new (or forgotten). A key sent with a different request is refused (422): its booking is never
 * answered to a request that did not make it.
 */
export async function bookingOfKey(em: EntityManager, request: IdempotentRequest): Promise<IBooking | null> {
  const row = await em.findOne(IdempotencyKey, { key: request.key, createdAt: { $gte: forgottenBefore() } }, { populate: ['booking.car'] });
  if (!row) return null;
  if (row.fingerprint !== request.fingerprint) throw new AppError('UNPROCESSABLE', messages.errors.idempotencyKeyReused);
  return row.booking;
}

/**
 * Records, in the booking's transaction, that `request` made `bookingId`. False when another request
 * with the key has committed first (the insert waits for its transaction): the caller rolls back
 * and answers as `bookingOfKey` then says. A forgotten key is taken over.
 */
export async function rememberKey(em: EntityManager, request: IdempotentRequest, bookingId: string): Promise<boolean> {
  const rows: Array<{ key: string }> = await em
    .createQueryBuilder(IdempotencyKey)
    .insert({ key: request.key, fingerprint: request.fingerprint, booking: bookingId, createdAt: clock.now() })
    .onConflict('key')
    .merge(['fingerprint', 'booking', 'createdAt'])
    .where({ createdAt: { $lt: forgottenBefore() } })
    .returning(['key'])
    .execute('all');
  return rows.length > 0;
}

/** Deletes the keys made more than IDEMPOTENCY_KEY_HOURS ago (the hourly housekeeping). */
export async function forgetExpiredKeys(deps: Pick<AppDeps, 'orm'>): Promise<number> {
  return deps.orm.em.fork().nativeDelete(IdempotencyKey, { createdAt: { $lt: forgottenBefore() } });
}

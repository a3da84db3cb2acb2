import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { IDEMPOTENCY_KEY_HOURS } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { IdempotencyKey, type IBooking, type IPayment } from '../db/entities';
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
  const row = await keyOf(em, request);
  if (row?.payment) throw new AppError('UNPROCESSABLE', messages.errors.idempotencyKeyReused);
  return row?.booking ?? null;
}

/**
 * The row of a key not yet forgotten, with its booking (and car) and its payment, if any (of that
 * booking), or null; 422 when the key came with a different request.
 */
async function keyOf(em: EntityManager, request: IdempotentRequest) {
  const row = await em.findOne(IdempotencyKey, { key: request.key, createdAt: { $gte: forgottenBefore() } }, { populate: ['booking.car', 'payment'] });
  if (row && row.fingerprint !== request.fingerprint) throw new AppError('UNPROCESSABLE', messages.errors.idempotencyKeyReused);
  return row;
}

/** The payment, with its booking and car, that an earlier request with this key recorded, or null; 422 as `bookingOfKey`. */
export async function paymentOfKey(em: EntityManager, request: IdempotentRequest): Promise<IPayment | null> {
  const row = await keyOf(em, request);
  if (row && !row.payment) throw new AppError('UNPROCESSABLE', messages.errors.idempotencyKeyReused);
  return row?.payment ?? null;
}

/**
 * Runs `run` once for a request with a key: what an earlier request with the key made (`earlier`)
 * is answered instead, also when it committed while this one ran (its key, or what it took, then
 * refused this one). A key of a different request is refused (422); without a key, `run` runs.
 */
export async function idempotently<T>(request: IdempotentRequest | null, earlier: (request: IdempotentRequest) => Promise<T | null>, run: () => Promise<T>): Promise<T> {
  if (!request) return run();
  const made = await earlier(request);
  if (made) return made;
  try {
    return await run();
  } catch (error) {
    // A lookup that fails leaves the first refusal to be answered; a key of another request is still 422.
    const meanwhile = await earlier(request).catch((lookup: unknown) => {
      if (lookup instanceof AppError && lookup.code === 'UNPROCESSABLE') throw lookup;
      return null;
    });
    if (meanwhile) return meanwhile;
    throw error;
  }
}

/**
 * Records, in the same transaction, that `request` made `made` (a booking, or a payment of one).
 * False when another request with the key has committed first (the insert waits for its
 * transaction): the caller rolls back and `idempotently` answers what that one made. A forgotten
 * key is taken over.
 */
export async function rememberKey(em: EntityManager, request: IdempotentRequest, made: { booking: string; payment?: string }): Promise<boolean> {
  const rows: Array<{ key: string }> = await em
    .createQueryBuilder(IdempotencyKey)
    .insert({ key: request.key, fingerprint: request.fingerprint, booking: made.booking, payment: made.payment ?? null, createdAt: clock.now() })
    .onConflict('key')
    .merge(['fingerprint', 'booking', 'payment', 'createdAt'])
    .where({ createdAt: { $lt: forgottenBefore() } })
    .returning(['key'])
    .execute('all');
  return rows.length > 0;
}

/** Deletes the keys made more than IDEMPOTENCY_KEY_HOURS ago (the hourly housekeeping). */
export async function forgetExpiredKeys(deps: Pick<AppDeps, 'orm'>): Promise<number> {
  return deps.orm.em.fork().nativeDelete(IdempotencyKey, { createdAt: { $lt: forgottenBefore() } });
}

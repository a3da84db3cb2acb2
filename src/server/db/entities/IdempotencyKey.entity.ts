import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Booking } from './Booking.entity';

/**
 * A booking request's idempotency key (`ZIdempotencyKeySchema`) and the booking it made: a retry
 * with the key and the same request answers that booking. Written in the booking's transaction, so
 * a key names a booking exactly when the booking exists; gone with the booking, and forgotten after
 * IDEMPOTENCY_KEY_HOURS by the hourly housekeeping.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  properties: {
    key: p.string().length(255).primary(),
    /** SHA-256 of the request as validated (`requestFingerprint`): a key sent with another request is refused. */
    fingerprint: p.string().length(64),
    booking: () => p.manyToOne(Booking).index().deleteRule('cascade'),
    createdAt: p.datetime().index(),
  },
});
export type IIdempotencyKey = InferEntity<typeof IdempotencyKey>;

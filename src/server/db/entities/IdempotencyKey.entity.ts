import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Booking } from './Booking.entity';
import { Payment } from './Payment.entity';

/**
 * A request's idempotency key (`ZIdempotencyKeySchema`) and what it made: a booking, or a payment
 * (with its booking). A retry with the key and the same request answers that booking or payment.
 * Written in the same transaction, so a key names a row exactly when the row exists; gone with it,
 * and forgotten after IDEMPOTENCY_KEY_HOURS by the hourly housekeeping.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  properties: {
    key: p.string().length(255).primary(),
    /** SHA-256 of the request as validated (`requestFingerprint`): a key sent with another request is refused. */
    fingerprint: p.string().length(64),
    booking: () => p.manyToOne(Booking).index().deleteRule('cascade'),
    /** The payment or refund a payment request recorded; null for a booking request. */
    payment: () => p.manyToOne(Payment).nullable().index().deleteRule('cascade'),
    createdAt: p.datetime().index(),
  },
});
export type IIdempotencyKey = InferEntity<typeof IdempotencyKey>;

import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PAYMENT_KINDS, PAYMENT_METHODS } from '../../../shared/schemas/booking.schema';
import { Booking } from './Booking.entity';

/** One row of the payment ledger: money received, or given back (a refund). Rows are only ever added; amounts are positive. */
export const Payment = defineEntity({
  name: 'Payment',
  checks: [{ name: 'payment_amount_check', expression: 'amount > 0' }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    booking: () => p.manyToOne(Booking).index().deleteRule('cascade'),
    kind: p.enum([...PAYMENT_KINDS]).nativeEnumName('payment_kind').default('payment'),
    amount: p.decimal('string').precision(12).scale(2),
    method: p.enum([...PAYMENT_METHODS]).nativeEnumName('payment_method'),
    note: p.string().length(300).nullable(),
    recordedBy: p.string().length(60),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IPayment = InferEntity<typeof Payment>;

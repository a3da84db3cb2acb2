import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PAYMENT_METHODS } from '../../../shared/schemas/booking.schema';
import { Booking } from './Booking.entity';

/** One row of the payment ledger. Rows are only ever added. */
export const Payment = defineEntity({
  name: 'Payment',
  checks: [{ name: 'payment_amount_check', expression: 'amount > 0' }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    booking: () => p.manyToOne(Booking).index().deleteRule('cascade'),
    amount: p.decimal('string').precision(12).scale(2),
    method: p.enum([...PAYMENT_METHODS]).nativeEnumName('payment_method'),
    note: p.string().length(300).nullable(),
    recordedBy: p.string().length(60),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IPayment = InferEntity<typeof Payment>;

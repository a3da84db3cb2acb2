import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';
import { PAYMENT_KINDS, PAYMENT_METHODS } from '../../../shared/schemas/booking.schema';
import { Booking } from './Booking.entity';

/**
 * One row of the payment ledger: money received, or given back (a refund). Rows are only ever added;
 * amounts are positive. A row entered by mistake is voided (who, when, why) and no longer counts.
 */
export const Payment = defineEntity({
  name: 'Payment',
  checks: [
    { name: 'payment_amount_check', expression: 'amount > 0' },
    {
      name: 'payment_void_check',
      expression: '(voided_at is null and voided_by is null and void_reason is null) or (voided_at is not null and voided_by is not null and void_reason is not null)',
    },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    booking: () => p.manyToOne(Booking).index().deleteRule('cascade'),
    kind: p.enum([...PAYMENT_KINDS]).nativeEnumName('payment_kind').default('payment'),
    amount: p.decimal('string').precision(12).scale(2),
    method: p.enum([...PAYMENT_METHODS]).nativeEnumName('payment_method'),
    note: p.string().length(300).nullable(),
    recordedBy: p.string().length(60),
    createdAt: p.datetime().onCreate(() => clock.now()),
    voidedAt: p.datetime().nullable(),
    voidedBy: p.string().length(60).nullable(),
    voidReason: p.string().length(300).nullable(),
  },
});
export type IPayment = InferEntity<typeof Payment>;

import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';

/**
 * Outgoing mail, queued in the same transaction as the booking or enquiry it reports, then sent
 * by the mail worker with retries.
 */
export const MailMessage = defineEntity({
  name: 'MailMessage',
  indexes: [{ properties: ['status', 'nextAttemptAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    kind: p.string().length(40),
    to: p.string().length(254),
    replyTo: p.string().length(254).nullable(),
    /** RFC 5322's line length: a booking's subject names the renter, the car and the dates. */
    subject: p.string().length(998),
    text: p.text(),
    html: p.text(),
    status: p.enum(['queued', 'sent', 'failed'] as const).nativeEnumName('mail_status').default('queued'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime(),
    /** While a worker holds the message; another may take it after this time. */
    lockedUntil: p.datetime().nullable(),
    lastError: p.string().length(500).nullable(),
    sentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => clock.now()),
  },
});
export type IMailMessage = InferEntity<typeof MailMessage>;

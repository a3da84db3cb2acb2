import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../clock';
import { isErasedAddress } from '../../shared/schemas/customer.schema';
import { MailMessage } from '../db/entities';

export interface MailDraft {
  kind: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues messages in the caller's transaction (one insert), so they are stored with the booking or
 * enquiry they report, or not at all; the mail worker sends them afterwards. A message to an erased
 * customer (their bookings keep no address) is not queued.
 */
export async function queueMail(em: EntityManager, drafts: MailDraft[]): Promise<void> {
  const now = clock.now();
  const sendable = drafts.filter((draft) => !isErasedAddress(draft.to));
  if (!sendable.length) return;
  await em.insertMany(
    MailMessage,
    sendable.map((draft) => ({
      id: randomUUID(),
      kind: draft.kind,
      to: draft.to,
      replyTo: draft.replyTo ?? null,
      subject: draft.subject,
      text: draft.text,
      html: draft.html,
      status: 'queued' as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

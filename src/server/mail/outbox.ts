import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../clock';
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
 * Queues a message in the caller's unit of work: it is stored by the same flush (and the same
 * transaction) as the booking or enquiry it reports, and the mail worker sends it afterwards.
 */
export function queueMail(em: EntityManager, draft: MailDraft): void {
  em.create(MailMessage, {
    kind: draft.kind,
    to: draft.to,
    replyTo: draft.replyTo ?? null,
    subject: draft.subject,
    text: draft.text,
    html: draft.html,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: clock.now(),
  });
}

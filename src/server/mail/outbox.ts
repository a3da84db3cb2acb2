import { randomUUID } from 'node:crypto';
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

/**
 * Queues messages at once, with one plain statement in the caller's transaction (the booking's hot
 * path: no entities to track and flush). The rows are those `queueMail` stores.
 */
export async function insertMail(em: EntityManager, drafts: MailDraft[]): Promise<void> {
  if (!drafts.length) return;
  const now = clock.now();
  const created = new Date();
  await em.execute(
    `insert into mail_message (id, kind, "to", reply_to, subject, text, html, status, attempts, next_attempt_at, created_at)
     values ${drafts.map(() => "(?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)").join(', ')}`,
    drafts.flatMap((draft) => [randomUUID(), draft.kind, draft.to, draft.replyTo ?? null, draft.subject, draft.text, draft.html, now, created]),
  );
}

import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../clock';
import { MailMessage } from '../db/entities';
import type { Statement } from '../db/statement';

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

/** The statement that queues messages: the rows `queueMail` stores. */
export function mailStatement(drafts: MailDraft[]): Statement | null {
  if (!drafts.length) return null;
  const now = clock.now();
  const created = new Date();
  return {
    sql: `insert into mail_message (id, kind, "to", reply_to, subject, text, html, status, attempts, next_attempt_at, created_at)
     values ${drafts.map(() => "(?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)").join(', ')}`,
    params: drafts.flatMap((draft) => [randomUUID(), draft.kind, draft.to, draft.replyTo ?? null, draft.subject, draft.text, draft.html, now, created]),
  };
}

/**
 * Queues messages at once, with one plain statement in the caller's transaction (no entities to
 * track and flush).
 */
export async function insertMail(em: EntityManager, drafts: MailDraft[]): Promise<void> {
  const statement = mailStatement(drafts);
  if (statement) await em.execute(statement.sql, statement.params);
}

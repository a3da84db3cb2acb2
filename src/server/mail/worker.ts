import type { MikroORM } from '@mikro-orm/postgresql';
import { clock } from '../clock';
import { describeError, log, loggableMessage } from '../logger';
import type { MailTransport } from './transport';

/** Seconds to wait before attempt n+1 after n failures: 5 s, 15 s, 30 s, 1 min, 2 min, 5 min, then every 10 min. */
export function retryDelaySeconds(attempts: number): number {
  const steps = [5, 15, 30, 60, 120, 300];
  return steps[attempts - 1] ?? 600;
}

export const MAX_MAIL_ATTEMPTS = 40;
const LEASE_SECONDS = 300;
/**
 * Messages claimed per round, sent side by side. A full batch means more may be waiting: the next
 * round starts at once. A round's two statements (claim, mark sent) wait for a pooled connection
 * behind the requests' own: under a flood of bookings that wait is a tenth of a second or more, so
 * a round carries enough messages to keep up with two e-mails a booking. Its lease (5 minutes)
 * covers a round while the mail server takes less than about 4.5 s a message on each of the
 * pool's three connections; past that, a second instance may claim and send again the messages
 * of a round that outlived its lease (one instance runs its rounds one after another). After a
 * crash, the messages of the round it died in wait for the lease to end before they go again.
 */
export const MAIL_BATCH = 200;

interface ClaimedRow {
  id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/**
 * Sends queued mail. Each round claims due messages with `FOR UPDATE SKIP LOCKED` and a lease,
 * so several server instances never send one message twice; a failure is retried with backoff
 * and never affects the booking or enquiry that queued it. Should the process die in a round, the
 * messages it sent but had not yet marked go again when their lease ends (at most one round's).
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private again = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly pollMs = 2_000,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a round soon (after a message was queued). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.round()
        .then(({ claimed }) => {
          // A full batch: more may be due now.
          if (claimed === MAIL_BATCH) this.again = true;
        })
        .catch((error) => log.warn('mail.round.failed', describeError(error)))
        .finally(() => {
          this.running = null;
          if (this.stopped) return;
          const next = this.again ? 0 : this.pollMs;
          this.again = false;
          this.schedule(next);
        });
    }, ms);
    this.timer.unref();
  }

  /** One round: claims due messages and tries each once. Returns how many were sent. */
  async runOnce(): Promise<number> {
    return (await this.round()).sent;
  }

  /** Claims due messages and tries each once, side by side: how many it claimed, and sent. */
  private async round(): Promise<{ claimed: number; sent: number }> {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
    const connection = this.orm.em.getConnection();
    const rows = (await connection.execute(
      `update mail_message set locked_until = ?
       where id in (
         select id from mail_message
         where status = 'queued' and next_attempt_at <= ? and (locked_until is null or locked_until < ?)
         order by next_attempt_at limit ${MAIL_BATCH} for update skip locked)
       returning id, "to", reply_to, subject, text, html, attempts`,
      [leaseUntil, now, now],
    )) as ClaimedRow[];

    // Sent side by side (the SMTP pool spreads them over its connections). Sent messages are marked
    // together once the round is over (one statement, not one per message); those that failed are
    // rescheduled one after another, so a mail server that is down takes one pooled connection, not one per message.
    const sent: string[] = [];
    const failed: Array<{ row: ClaimedRow; error: unknown }> = [];
    await Promise.all(
      rows.map(async (row) => {
        try {
          await this.transport.send({ id: row.id, from: this.from, to: row.to, replyTo: row.reply_to, subject: row.subject, text: row.text, html: row.html });
          sent.push(row.id);
          log.info('mail.sent', { id: row.id });
        } catch (error) {
          failed.push({ row, error });
        }
      }),
    );
    if (sent.length) {
      await connection.execute(
        `update mail_message set status = 'sent', sent_at = ?, attempts = attempts + 1, locked_until = null, last_error = null where id in (?)`,
        [clock.now(), sent],
      );
    }
    for (const { row, error } of failed) {
      const attempts = row.attempts + 1;
      const status = attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'queued';
      const next = new Date(clock.now().getTime() + retryDelaySeconds(attempts) * 1000);
      const message = (error as Error).message?.slice(0, 480) ?? 'unknown error';
      await connection.execute(
        `update mail_message set status = ?, attempts = ?, next_attempt_at = ?, locked_until = null, last_error = ? where id = ?`,
        [status, attempts, next, message, row.id],
      );
      log.warn('mail.retry', { id: row.id, attempts, status, message: loggableMessage(message) });
    }
    return { claimed: rows.length, sent: sent.length };
  }
}

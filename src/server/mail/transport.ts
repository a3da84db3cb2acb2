import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP settings the site applies unless SMTP_URL names them itself: a pool of a few connections
 * reused across messages (a booking sends two), and time limits so a server that stops answering
 * fails the attempt (it is retried) instead of holding the worker.
 * https://nodemailer.com/smtp/pooled/ — a connection URL's query carries transport options.
 */
const SMTP_DEFAULTS: Record<string, string> = {
  pool: 'true',
  maxConnections: '3',
  connectionTimeout: '10000',
  greetingTimeout: '10000',
  socketTimeout: '20000',
};

export function smtpTransportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_DEFAULTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The message as nodemailer composes it; its Message-ID is the queue row's id, so a retry is
 * recognisably the same message. Its text parts are quoted-printable (our mails are mostly Latin
 * letters, which it keeps readable): named, so nodemailer need not count every character of each
 * part to choose, a quarter of its work per message.
 */
function message(mail: OutgoingMail): nodemailer.SendMailOptions {
  const domain = /@([^>\s]+)/.exec(mail.from)?.[1] ?? 'localhost';
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@${domain}>`,
    textEncoding: 'quoted-printable',
  };
}

/**
 * SMTP through nodemailer's pooled transport when SMTP_URL is set; otherwise nodemailer's stream
 * transport composes each message and it is written to `<DATA_DIR>/outbox/<id>.eml` (sending
 * twice writes the same file). Either way nodemailer composes the message and encodes its headers.
 *
 * The file is written synchronously, as the local storage's `probe` and `seal` are: a message of a
 * few kilobytes reaches the page cache in about 35 µs of processor time, while `fs/promises`
 * (open, write, close, each a trip through the thread pool and back onto an event loop busy with
 * bookings) took about 200 µs, two messages a booking.
 */
export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(smtpTransportUrl(options.smtpUrl));
    return {
      kind: 'smtp',
      send: async (mail) => {
        await transporter.sendMail(message(mail));
      },
      close: () => transporter.close(),
    };
  }

  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const outbox = resolve(options.dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(mail) {
      const { message: raw } = (await composer.sendMail(message(mail))) as { message: Buffer };
      const file = resolve(outbox, `${mail.id}.eml`);
      try {
        writeFileSync(file, raw);
      } catch (error) {
        // The folder is made when the first message finds it missing (or after it went away).
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(outbox, { recursive: true });
        writeFileSync(file, raw);
      }
    },
    close: () => composer.close(),
  };
}

import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { buildMime, envelopeAddresses } from './mime';

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

function messageId(mail: OutgoingMail): string {
  const domain = mail.from.replace(/^.*@/, '').replace(/>.*$/, '') || 'localhost';
  return `<${mail.id}@${domain}>`;
}

/** The message as it is sent: its Message-ID is the queue row's id, so a retry can be recognised as one message. */
function compose(mail: OutgoingMail): Buffer {
  return buildMime({ ...mail, messageId: messageId(mail), date: new Date() });
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message becomes an .eml file in
 * `<DATA_DIR>/outbox`, named by its id (sending twice writes the same file). Both send the same
 * bytes, built by `buildMime`.
 */
export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        const [from = ''] = envelopeAddresses(mail.from);
        await transporter.sendMail({ envelope: { from, to: envelopeAddresses(mail.to) }, raw: compose(mail) });
      },
      close: () => transporter.close(),
    };
  }

  const outbox = resolve(options.dataDir, 'outbox');
  let ready: Promise<unknown> | null = null;
  return {
    kind: 'outbox',
    async send(mail) {
      ready ??= mkdir(outbox, { recursive: true }).catch((error: unknown) => {
        ready = null;
        throw error;
      });
      await ready;
      await writeFile(resolve(outbox, `${mail.id}.eml`), compose(mail)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') ready = null; // the folder went away: made again next time
        throw error;
      });
    },
    close: () => undefined,
  };
}

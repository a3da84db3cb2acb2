import { mkdir, writeFile } from 'node:fs/promises';
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

function messageId(mail: OutgoingMail): string {
  const domain = mail.from.replace(/^.*@/, '').replace(/>.*$/, '') || 'localhost';
  return `<${mail.id}@${domain}>`;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message becomes an .eml file in
 * `<DATA_DIR>/outbox`, named by its id (sending twice writes the same file). The Message-ID is
 * the queue row's id, so a retried message can be recognised as one message.
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
        await transporter.sendMail({ ...mail, replyTo: mail.replyTo ?? undefined, messageId: messageId(mail) });
      },
      close: () => transporter.close(),
    };
  }

  const outbox = resolve(options.dataDir, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await builder.sendMail({ ...mail, replyTo: mail.replyTo ?? undefined, messageId: messageId(mail) });
      await mkdir(outbox, { recursive: true });
      await writeFile(resolve(outbox, `${mail.id}.eml`), info.message as Buffer);
    },
    close: () => builder.close(),
  };
}

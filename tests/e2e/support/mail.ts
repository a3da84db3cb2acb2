import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { outboxDir } from './env';

export interface OutboxMail {
  file: string;
  /** Header values by lower-case name, encoded words decoded. */
  headers: Record<string, string>;
  to: string;
  subject: string;
  /** The text of every part (plain and HTML), transfer encodings decoded: fit for `toContain`. */
  text: string;
  raw: string;
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047, section 6.2).
  return value.replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The decoded text of a MIME entity: multipart bodies part by part, others by their transfer encoding. */
function bodyText(headers: Record<string, string>, body: string): string {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary && /^multipart\//i.test(headers['content-type'] ?? '')) {
    const parts = body.split(`--${boundary}`).slice(1);
    return parts
      .filter((part) => !part.startsWith('--'))
      .map((part) => {
        const entity = splitHead(part.replace(/^\r?\n/, ''));
        return bodyText(entity.headers, entity.body);
      })
      .join('\n');
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Enough of RFC 5322/2045 for assertions: the headers, and the text of every part decoded. */
export function parseEml(raw: string, file = ''): OutboxMail {
  const { headers, body } = splitHead(raw);
  return { file, headers, to: headers.to ?? '', subject: headers.subject ?? '', text: bodyText(headers, body), raw };
}

/** Every message the server has written to DATA_DIR/outbox so far. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  const mails: OutboxMail[] = [];
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const path = join(outboxDir(), file);
    mails.push(parseEml(await readFile(path, 'utf8'), path));
  }
  return mails;
}

/** Waits (10 s by default) for a message in the outbox that `match` accepts; mail is sent by a worker after the request. */
export async function waitForMail(match: (mail: OutboxMail) => boolean, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail in ${outboxDir()} after ${timeoutMs} ms`);
    // The interval of this wait: the outbox is a folder of files, read again every 200 ms.
    await sleep(200);
  }
}

/** The "Manage your booking" link a renter e-mail carries (the first one in its text). */
export function manageLinkIn(mail: OutboxMail): string {
  const link = /https?:\/\/[^\s"<>]+\/my-booking#[\w.-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no manage link in ${mail.file} (${mail.subject})`);
  return link;
}

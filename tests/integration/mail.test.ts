import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { queueMail } from '../../src/server/mail/outbox';
import { createMailTransport, smtpTransportUrl } from '../../src/server/mail/transport';
import { MAIL_BATCH, MailWorker } from '../../src/server/mail/worker';
import { bookingPayload, firstCarId, request, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';

const GARAGE = 'garage@example.com';

interface Received {
  messageId: string;
  mailFrom: string;
  rcptTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** Quoted-printable to bytes (soft line breaks removed). */
function qpBytes(text: string): Buffer {
  const clean = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i += 1) {
    const hex = clean.slice(i + 1, i + 3);
    if (clean[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(clean[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (a run of adjacent ones is decoded as one byte string). */
function decodeWords(value: string): string {
  return value.replace(/(?:=\?utf-8\?[qb]\?[^?]*\?=\s*)+/gi, (run) => {
    const chunks: Buffer[] = [];
    for (const [, encoding = '', data = ''] of run.matchAll(/=\?utf-8\?([qb])\?([^?]*)\?=/gi)) {
      chunks.push(encoding.toLowerCase() === 'b' ? Buffer.from(data, 'base64') : qpBytes(data.replace(/_/g, ' ')));
    }
    return Buffer.concat(chunks).toString('utf8') + (/\s*$/.exec(run)?.[0] ?? '');
  });
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut === -1 ? raw : raw.slice(0, cut);
  const body = cut === -1 ? '' : raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return qpBytes(body).toString('utf8');
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded text/plain part of a message (single part or multipart). */
function plainText(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return decodeBody(headers, body);
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const parsed = splitHeaders(part.replace(/^\r?\n/, ''));
    const text = plainText(parsed.headers, parsed.body.replace(/\r?\n$/, ''));
    if (text) return text;
  }
  return '';
}

/** A real SMTP server on loopback that keeps every message it accepts. */
class SmtpSink {
  readonly received: Received[] = [];
  /** SMTP connections opened by clients since the sink started. */
  connections = 0;
  port = 0;
  private server: SMTPServer | null = null;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1_000,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const { headers, body } = splitHeaders(Buffer.concat(chunks).toString('utf8'));
          this.received.push({
            messageId: headers['message-id'] ?? '',
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            headers,
            subject: decodeWords(headers.subject ?? ''),
            text: plainText(headers, body),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  withId(id: string): Received[] {
    return this.received.filter((mail) => mail.messageId.startsWith(`<${id}@`));
  }
}

interface MailRow {
  id: string;
  kind: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  last_error: string | null;
  /** Timestamps come back from the raw query as text. */
  next_attempt_at: string | Date;
  sent_at: string | Date | null;
}

async function mailRows(h: Harness, where: string, params: unknown[]): Promise<MailRow[]> {
  return (await h.orm.em
    .fork()
    .getConnection()
    .execute(
      `select id, kind, "to", reply_to, subject, text, status, attempts, last_error, next_attempt_at, sent_at from mail_message where ${where} order by kind`,
      params,
    )) as MailRow[];
}

/** The renter's confirmation and the garage's notice of one booking, found by the renter's e-mail. */
async function bookingMail(h: Harness, email: string): Promise<{ renter: MailRow; garage: MailRow }> {
  const rows = await mailRows(h, `("to" = ? and kind = 'booking.confirmation') or (reply_to = ? and kind = 'booking.garage')`, [email, email]);
  expect(rows.map((row) => row.kind)).toEqual(['booking.confirmation', 'booking.garage']);
  return { renter: rows[0]!, garage: rows[1]! };
}

/** `₱11,000` for a whole number of pesos, `₱11,000.50` otherwise. */
function peso(amount: string): string {
  const value = Number(amount);
  const digits = Number.isInteger(value) ? 0 : 2;
  return `₱${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

async function book(h: Harness, carIndex: number, email: string, fullName: string, headers: Record<string, string> = {}) {
  const payload = bookingPayload(await firstCarId(h, carIndex), await uploadDocuments(h), { customer: { email, fullName } });
  const answer = await request(h, 'POST', '/api/bookings', payload, { headers });
  expect(answer.status).toBe(201);
  return answer.body as { booking: { id: string; reference: string; carName: string; total: string; customerEmail: string; locale: string } };
}

describe('the SMTP transport', () => {
  it('pools connections and sets time limits unless SMTP_URL says otherwise', () => {
    const url = new URL(smtpTransportUrl('smtp://user:p%40ss@mail.example.com:587'));
    expect(Object.fromEntries(url.searchParams)).toEqual({ pool: 'true', maxConnections: '3', connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' });
    expect(url.password).toBe('p%40ss');
    const own = new URL(smtpTransportUrl('smtps://mail.example.com/?pool=false&socketTimeout=5000'));
    expect(own.searchParams.get('pool')).toBe('false');
    expect(own.searchParams.get('socketTimeout')).toBe('5000');
  });
});

describe('mail over SMTP (smtp-server on loopback)', () => {
  const smtp = new SmtpSink();
  let h: Harness;

  beforeAll(async () => {
    await smtp.start();
    h = await createHarness({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  // Each test starts with nothing due, so a round's count is that test's own mail.
  beforeEach(async () => {
    while ((await h.mailWorker.runOnce()) > 0);
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    clock.reset();
    await h?.close();
    await smtp.stop();
  });

  it('a booking queues the renter confirmation (reference, car, total, important information) and the garage notice', async () => {
    const email = 'juan.delacruz@example.com';
    const { booking } = await book(h, 0, email, 'Juan Dela Cruz');
    const { renter, garage } = await bookingMail(h, email);

    expect(renter).toMatchObject({ to: email, status: 'queued', attempts: 0, sent_at: null });
    expect(renter.text).toContain(`Booking reference: ${booking.reference}`);
    expect(renter.text).toMatch(/Manage your booking: http:\/\/localhost\/my-booking#[\w.-]+$/m);
    expect(renter.text).toContain(booking.carName);
    expect(renter.text).toContain(`Total amount: ${peso(booking.total)}`);
    expect(renter.text).toMatch(/Total amount: ₱\d{1,3}(,\d{3})*(\.\d{2})?$/m);
    expect(renter.text).toContain('Important information:');
    expect(renter.text).toContain('Bring a valid driver’s license');
    expect(renter.text).toContain('Late return charges may apply.');

    expect(garage).toMatchObject({ to: GARAGE, reply_to: email, status: 'queued', attempts: 0 });
    expect(garage.text).toContain(email);
    expect(garage.text).toContain(booking.carName);
    expect(garage.text).toContain(booking.reference);
    expect(garage.text).toContain('Language: English');
    expect(garage.text).toContain(`Open in the dashboard: http://localhost/admin?tab=bookings&q=${booking.reference}`);
  });

  it('a renter and a car whose names are as long as allowed book and are mailed: the subjects hold them whole', async () => {
    const car = await request(h, 'POST', '/api/admin/cars', { name: `Toyota Land Cruiser ${'Premium '.repeat(12)}`.slice(0, 120).trim(), category: 'Premium SUV', dailyRate: '7500', seats: 7, image: 'vios.jpg' }, { staff: true });
    expect(car.status).toBe(201);
    const carId = (car.body as { id: string }).id;
    const email = `long.name.${randomUUID().slice(0, 8)}@example.com`;
    const fullName = `Maria Concepcion ${'Villanueva '.repeat(10)}`.slice(0, 120).trim();
    const payload = bookingPayload(carId, await uploadDocuments(h), { customer: { email, fullName } });
    const answer = await request(h, 'POST', '/api/bookings', payload);
    expect(answer.status).toBe(201);
    const { renter, garage } = await bookingMail(h, email);
    const reference = (answer.body as { booking: { reference: string } }).booking.reference;
    for (const row of [renter, garage]) expect(row.subject).toContain(reference);
    expect(garage.subject.length).toBeGreaterThan(200);
  });

  it('runOnce delivers both booking messages over SMTP and marks them sent', async () => {
    const email = 'liza.manalo@example.com';
    const { booking } = await book(h, 1, email, 'Liza Manalo');
    const { renter, garage } = await bookingMail(h, email);

    expect(await h.mailWorker.runOnce()).toBe(2);

    const toRenter = smtp.withId(renter.id);
    expect(toRenter).toHaveLength(1);
    expect(toRenter[0]!.rcptTo).toEqual([email]);
    expect(toRenter[0]!.subject).toBe(renter.subject);
    expect(toRenter[0]!.text).toContain(booking.reference);
    expect(toRenter[0]!.text).toContain(peso(booking.total));
    expect(toRenter[0]!.text).toContain('Important information:');

    const toGarage = smtp.withId(garage.id);
    expect(toGarage).toHaveLength(1);
    expect(toGarage[0]!.rcptTo).toEqual([GARAGE]);
    expect(toGarage[0]!.headers['reply-to']).toContain(email);

    const after = await bookingMail(h, email);
    for (const row of [after.renter, after.garage]) {
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(1);
      expect(row.sent_at).not.toBeNull();
      expect(Number.isNaN(new Date(row.sent_at!).getTime())).toBe(false);
      expect(row.last_error).toBeNull();
    }
    expect(await h.mailWorker.runOnce()).toBe(0);
    expect(smtp.withId(renter.id)).toHaveLength(1);
  });

  it('a booking made in Filipino keeps its language: its renter e-mails are in Filipino, linking the Filipino page, whoever acts later; the garage notice stays English', async () => {
    const email = 'maria.santos@example.com';
    const { booking } = await book(h, 3, email, 'Maria Santos', { 'accept-language': 'fil' });
    expect(booking.locale).toBe('fil');
    const { renter, garage } = await bookingMail(h, email);
    expect(renter.subject.startsWith(`Natanggap ang booking: ${booking.carName}, `)).toBe(true);
    expect(renter.subject.endsWith(` (${booking.reference})`)).toBe(true);
    // The address is nobody's proof yet: the greeting quotes no words of the requester.
    expect(renter.text).toMatch(/^Magandang araw,$/m);
    expect(renter.text).toContain('Salamat sa pag-book sa ');
    expect(renter.text).toContain(`Kabuuang halaga: ${peso(booking.total)}`);
    expect(renter.text).toContain('Mahalagang impormasyon:');
    expect(renter.text).toMatch(/^Tingnan ang booking mo: http:\/\/localhost\/fil\/my-booking#[\w.-]+$/m);
    expect(renter.text).not.toContain('Important information');
    expect(renter.text).toMatch(/^Lunes - Linggo, 8:00 AM - 6:00 PM$/m);
    expect(garage.subject).toMatch(/^New booking /);
    expect(garage.text).toContain('New booking from the website');
    expect(garage.text).toContain('Vehicle: ');
    expect(garage.text).not.toContain('Sasakyan');
    // Each e-mail's HTML says its language, so a screen reader reads the Filipino one with Filipino speech.
    const html = async (id: string) => ((await h.orm.em.fork().getConnection().execute('select html from mail_message where id = ?', [id])) as Array<{ html: string }>)[0]!.html;
    expect(await html(renter.id)).toMatch(/^<!doctype html><html lang="fil">/);
    expect(await html(garage.id)).toMatch(/^<!doctype html><html lang="en">/);

    // Staff act from the English dashboard: the renter still hears in Filipino.
    const paid = await request(h, 'PATCH', `/api/admin/bookings/${booking.id}/payment`, { amount: '500', method: 'gcash' }, { staff: true });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [payment] = await mailRows(h, `"to" = ? and kind = 'payment.recorded'`, [email]);
    expect(payment!.subject).toBe(`Natanggap ang bayad: ₱500 para sa ${booking.reference}`);
    expect(payment!.text).toContain('Naitala na namin ang bayad mo na ₱500. Salamat!');

    expect(await h.mailWorker.runOnce()).toBe(3);
    const delivered = smtp.withId(renter.id);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.subject).toBe(renter.subject);
    expect(delivered[0]!.text).toContain('Salamat sa pag-book sa ');
    expect(smtp.withId(payment!.id)[0]!.subject).toBe(payment!.subject);
  });

  it('sends several messages over one pooled SMTP connection', async () => {
    await book(h, 6, 'pool.one@example.com', 'Pool One');
    await book(h, 7, 'pool.two@example.com', 'Pool Two');
    const opened = smtp.connections;
    expect(await h.mailWorker.runOnce()).toBe(4);
    expect(smtp.connections - opened).toBeLessThanOrEqual(1);
  });

  it('a contact message queues the garage notice and delivers it with reply-to the sender', async () => {
    const sender = 'pedro.garcia@example.com';
    const text = 'Do you rent a van for 12 people to Baguio next month?';
    const { id } = await h.caller().contact.send({ firstName: 'Pedro', lastName: 'Garcia', email: sender, phone: '0918 555 0101', subject: 'Booking Question', message: text });
    expect(id).toBeTruthy();

    const [row, ...others] = await mailRows(h, `kind = 'contact.garage' and reply_to = ?`, [sender]);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ to: GARAGE, reply_to: sender, status: 'queued' });
    expect(row!.text).toContain(text);

    expect(await h.mailWorker.runOnce()).toBe(1);
    const delivered = smtp.withId(row!.id);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.rcptTo).toEqual([GARAGE]);
    expect(delivered[0]!.headers['reply-to']).toContain(sender);
    expect(delivered[0]!.subject).toBe('Enquiry (Booking Question) from Pedro Garcia');
    expect(delivered[0]!.text).toContain(text);
    expect((await mailRows(h, 'id = ?', [row!.id]))[0]?.status).toBe('sent');
  });

  it('an SMTP outage keeps the booking and its mail queued for retry, and the mail is delivered exactly once when SMTP returns', async () => {
    await smtp.stop();

    const email = 'rosa.villanueva@example.com';
    await book(h, 2, email, 'Rosa Villanueva');
    const queued = await bookingMail(h, email);

    expect(await h.mailWorker.runOnce()).toBe(0);
    const failed = await bookingMail(h, email);
    for (const row of [failed.renter, failed.garage]) {
      expect(row.status).toBe('queued');
      expect(row.attempts).toBe(1);
      expect(row.last_error).toBeTruthy();
      expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(clock.now().getTime());
      expect(row.sent_at).toBeNull();
    }

    const before = smtp.received.length;
    await smtp.start(); // the same port, so the configured SMTP_URL reaches it again

    // Before the retry is due (a minute earlier than now), a round leaves them alone.
    clock.advance(-60_000);
    expect(await h.mailWorker.runOnce()).toBe(0);
    expect(smtp.received.length - before).toBe(0);

    clock.advance(60_000 + 10 * 60_000);
    expect(await h.mailWorker.runOnce()).toBe(2);
    for (const row of [queued.renter, queued.garage]) expect(smtp.withId(row.id)).toHaveLength(1);
    expect(smtp.withId(queued.renter.id)[0]!.rcptTo).toEqual([email]);
    expect(smtp.withId(queued.garage.id)[0]!.rcptTo).toEqual([GARAGE]);
    expect(smtp.received.length - before).toBe(2);

    const sent = await bookingMail(h, email);
    for (const row of [sent.renter, sent.garage]) {
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(2);
      expect(row.last_error).toBeNull();
    }

    expect(await h.mailWorker.runOnce()).toBe(0);
    expect(smtp.received.length - before).toBe(2);
  });
  it('a full round is followed by the next at once: a backlog larger than one round is sent without waiting for the poll interval', async () => {
    const backlog = MAIL_BATCH + 5;
    const drafts = Array.from({ length: backlog }, (_, i) => ({ kind: 'backlog', to: `backlog-${i}@example.com`, subject: `Backlog ${i}`, text: `Message ${i}`, html: `<p>Message ${i}</p>` }));
    await queueMail(h.orm.em.fork(), drafts);
    // Its own worker (the harness's is driven by runOnce), polling once an hour: only the follow-up round can send the rest in time.
    const worker = new MailWorker(h.orm, createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir: h.dataDir }), `Test Garage <${GARAGE}>`, 3_600_000);
    try {
      worker.start();
      await vi.waitFor(
        async () => expect(await mailRows(h, `kind = 'backlog' and status = 'sent'`, [])).toHaveLength(backlog),
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await worker.stop();
    }
    expect(smtp.received.filter((mail) => mail.subject.startsWith('Backlog '))).toHaveLength(backlog);
  });
});

describe('mail without SMTP_URL (outbox folder)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rental-outbox-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes each message to <DATA_DIR>/outbox/<id>.eml with its subject, once per id', async () => {
    const transport = createMailTransport({ dataDir });
    expect(transport.kind).toBe('outbox');
    const id = randomUUID();
    const mail = {
      id,
      from: 'Test Garage <hello@garage.example>',
      to: 'renter@example.com',
      replyTo: 'hello@garage.example',
      subject: 'Booking received: Toyota Vios, ref 1A2B3C4D',
      text: 'Thank you for booking.',
      html: '<p>Thank you for booking.</p>',
    };
    await transport.send(mail);
    await transport.send(mail);
    transport.close();

    expect(await readdir(join(dataDir, 'outbox'))).toEqual([`${id}.eml`]);
    const eml = splitHeaders(await readFile(join(dataDir, 'outbox', `${id}.eml`), 'utf8'));
    expect(decodeWords(eml.headers.subject ?? '')).toBe(mail.subject);
    expect(eml.headers['message-id']).toBe(`<${id}@garage.example>`);
    expect(eml.headers.to).toBe('renter@example.com');
    expect(plainText(eml.headers, eml.body)).toContain('Thank you for booking.');
  });

  it('makes the outbox folder again when it went away between two messages', async () => {
    const transport = createMailTransport({ dataDir });
    const mail = (id: string) => ({ id, from: 'Test Garage <hello@garage.example>', to: 'renter@example.com', subject: 'Booking received', text: 'Thank you.', html: '<p>Thank you.</p>' });
    await transport.send(mail(randomUUID()));
    await rm(join(dataDir, 'outbox'), { recursive: true });
    const id = randomUUID();
    await transport.send(mail(id));
    transport.close();
    expect(await readdir(join(dataDir, 'outbox'))).toEqual([`${id}.eml`]);
  });

  // The schemas refuse line breaks in one-line fields; this is the second line of defence, in the composer.
  it('composes header values that contain CR/LF without adding a header or a body (nodemailer folds them into the value)', async () => {
    const transport = createMailTransport({ dataDir });
    const id = randomUUID();
    const forged = 'Eve\r\nBcc: x@victim.example\r\nX-Evil: 1\r\n\r\nForged body';
    await transport.send({
      id,
      from: 'Test Garage <hello@garage.example>',
      to: `"${forged}" <garage@example.com>`,
      replyTo: `"${forged}" <eve@example.com>`,
      subject: `Enquiry (General Inquiry) from ${forged}`,
      text: 'The real body.',
      html: '<p>The real body.</p>',
    });
    transport.close();

    const raw = await readFile(join(dataDir, 'outbox', `${id}.eml`), 'utf8');
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    // Every line of the header section that is not a folded continuation starts a header: only the expected ones.
    const names = head.split('\r\n').filter((line) => !/^[ \t]/.test(line)).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(names.sort()).toEqual(['content-type', 'date', 'from', 'message-id', 'mime-version', 'reply-to', 'subject', 'to']);
    expect(raw).not.toMatch(/^(bcc|x-evil):/im);
    const eml = splitHeaders(raw);
    const subject = decodeWords(eml.headers.subject ?? '');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toContain('Bcc: x@victim.example');
    expect(eml.headers.to).toContain('<garage@example.com>');
    expect(eml.headers['reply-to']).toContain('<eve@example.com>');
    expect(plainText(eml.headers, eml.body)).toBe('The real body.');
    expect(raw).not.toContain('\r\nForged body');
  });
});

import { describe, expect, it } from 'vitest';
import { addressHeader, buildMime, envelopeAddresses } from '../../src/server/mail/mime';

/** Headers (unfolded) and the decoded parts of a message built by buildMime. */
function parse(raw: Buffer) {
  const text = raw.toString('utf8');
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) headers.set(line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim());
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')![1]!;
  const parts = rest
    .join('\r\n\r\n')
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [partHead = '', body = ''] = part.replace(/^\r\n/, '').split('\r\n\r\n');
      return { head: partHead, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'), lines: body.trim().split('\r\n') };
    });
  return { text, headers, parts, closed: text.includes(`--${boundary}--\r\n`) };
}

/** RFC 2047 encoded words decoded (Q and B), runs of them joined. */
function decodeWords(value: string): string {
  return value.replace(/(?:=\?utf-8\?([qb])\?([^?]*)\?=\s*)+/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?utf-8\?([qb])\?([^?]*)\?=/gi)].map(([, kind, data = '']) =>
        kind!.toLowerCase() === 'b' ? Buffer.from(data, 'base64') : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1'),
      ),
    ).toString('utf8') + (/\s*$/.exec(run)?.[0] ?? ''),
  );
}

const base = {
  messageId: '<0b0f9a7e-1111-4222-8333-944455556666@example.com>',
  date: new Date('2026-11-24T15:04:05Z'),
  from: 'Alaminos Car Rental <bookings@example.com>',
  to: 'maria@example.com',
  subject: 'Your booking is received',
  text: 'Hello Maria,\nYour booking is received.',
  html: '<p>Hello Maria,</p><p>Your booking is received.</p>',
};

describe('buildMime', () => {
  it('writes the headers and both parts, UTF-8 in base64 lines of at most 76 characters, with CRLF line ends', () => {
    const html = `<table>${'<tr><td>₱12,500</td></tr>'.repeat(200)}</table>`;
    const { text, headers, parts, closed } = parse(buildMime({ ...base, html }));
    expect(headers.get('from')).toBe('Alaminos Car Rental <bookings@example.com>');
    expect(headers.get('to')).toBe('maria@example.com');
    expect(headers.has('reply-to')).toBe(false);
    expect(headers.get('subject')).toBe('Your booking is received');
    expect(headers.get('message-id')).toBe(base.messageId);
    expect(headers.get('date')).toBe('Tue, 24 Nov 2026 15:04:05 +0000');
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative; boundary="[^"]+"$/);
    expect(parts.map((p) => p.head)).toEqual([
      'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64',
      'Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64',
    ]);
    expect(parts[0]!.body).toBe(base.text);
    expect(parts[1]!.body).toBe(html);
    expect(Math.max(...parts.flatMap((p) => p.lines.map((line) => line.length)))).toBeLessThanOrEqual(76);
    expect(closed).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('encodes names and subjects that are not ASCII as encoded words, quotes names with specials, and folds long headers', () => {
    const subject = `Booking ${'Peñaflor '.repeat(12)}received ✓`;
    const { headers } = parse(
      buildMime({ ...base, from: '"Garage, Alaminos" <g@example.com>', to: 'María Peña <maria@example.com>', replyTo: '"Ana \\"Boy\\" Reyes" <n@example.com>', subject }),
    );
    expect(headers.get('from')).toBe('"Garage, Alaminos" <g@example.com>');
    expect(headers.get('to')).toMatch(/^=\?UTF-8\?Q\?.+\?= <maria@example\.com>$/i);
    expect(decodeWords(headers.get('to')!)).toBe('María Peña <maria@example.com>');
    expect(headers.get('reply-to')).toBe('"Ana \\"Boy\\" Reyes" <n@example.com>');
    expect(decodeWords(headers.get('subject')!).replace(/\s+/g, ' ')).toBe(subject.replace(/\s+/g, ' '));
    const raw = buildMime({ ...base, subject }).toString('utf8');
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(Math.max(...head.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(78);
    expect(head).toMatch(/^[\x20-\x7e\r\n\t]*$/);
  });

  it('gives the bare addresses for the SMTP envelope', () => {
    expect(envelopeAddresses('Garage <g@example.com>')).toEqual(['g@example.com']);
    expect(envelopeAddresses('a@example.com, "B, C" <b@example.com>')).toEqual(['a@example.com', 'b@example.com']);
    expect(addressHeader('a@example.com, "B, C" <b@example.com>')).toBe('a@example.com, "B, C" <b@example.com>');
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** What `locator.setInputFiles()` takes: a file made in memory. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const MB = 1024 * 1024;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (a lagoon-teal square) that image viewers and the server's magic-byte check accept.
 * Each one carries a comment of its own, so two are never the same file (the server refuses one
 * file for two documents), as two photos never are; `size` pads the comment to about that many bytes.
 */
export function pngFile(name = 'photo-id.png', options: { side?: number; size?: number } = {}): FilePayload {
  const side = options.side ?? 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: side }, () => [0x0b, 0x72, 0x85]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels)];
  const comment = Buffer.from(`Comment\0${name} ${randomUUID()}`, 'latin1');
  const used = parts.reduce((total, part) => total + part.length, 0) + 12 + 12 + comment.length;
  parts.push(chunk('tEXt', Buffer.concat([comment, Buffer.alloc(Math.max(0, (options.size ?? 0) - used), 0x20)])));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return { name, mimeType: 'image/png', buffer: Buffer.concat(parts) };
}

/** A real one-page PDF with a line of text, never the same bytes twice; `size` pads it with a comment to about that many bytes. */
export function pdfFile(name = 'proof-of-billing.pdf', options: { size?: number } = {}): FilePayload {
  const stream = 'BT /F1 18 Tf 72 720 Td (Proof of billing - e2e test) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = `%PDF-1.4\n% ${randomUUID()}\n`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const padding = options.size ? Math.max(0, options.size - body.length - 2) : 0;
  const buffer = padding ? Buffer.concat([Buffer.from(body), Buffer.from(`%${' '.repeat(padding)}\n`)]) : Buffer.from(body);
  return { name, mimeType: 'application/pdf', buffer };
}

/** A valid PDF of 6 MB by default: above the 5 MB limit for documents (UPLOAD_RULES in src/shared/schemas/upload.schema.ts). */
export function largeFile(name = 'too-large.pdf', size = 6 * MB): FilePayload {
  return pdfFile(name, { size });
}

/**
 * A photo-sized PNG of noise, as large as a camera's photo of that size can be (noise does not
 * compress): 2,000 × 1,500 pixels, about 9 MB, above a document's 5 MB.
 */
export function largePhotoFile(name = 'camera-photo.png', width = 2_000, height = 1_500): FilePayload {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]));
  const pixels = deflateSync(Buffer.concat(rows), { level: 1 });
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))];
  return { name, mimeType: 'image/png', buffer: Buffer.concat(parts) };
}

/**
 * A PNG whose header declares 50,000 × 50,000 pixels (10 GB to open) in a few hundred bytes: a
 * decompression bomb's shape. The header's checksum no longer matches, as a crafted file's need not.
 */
export function vastPictureFile(name = 'vast.png'): FilePayload {
  const file = pngFile(name);
  const buffer = Buffer.from(file.buffer);
  buffer.writeUInt32BE(50_000, 16);
  buffer.writeUInt32BE(50_000, 20);
  return { ...file, buffer };
}

/** A file whose name and type claim an image but whose bytes are not one (the server sniffs magic bytes). */
export function fakeImageFile(name = 'not-really.png'): FilePayload {
  return { name, mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') };
}

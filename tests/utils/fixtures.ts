import { randomInt } from 'node:crypto';
import { addDays, todayInManila } from '../../src/shared/dates';
import type { TCreateBookingInput } from '../../src/shared/schemas/booking.schema';
import type { Harness } from './harness';
import { TEST_API_TOKEN } from './harness';

/** What a picture's header declares: its size in pixels, and (JPEG) bytes of metadata before the size, as a phone's EXIF. */
export interface PictureHeader {
  width: number;
  height: number;
  metadata?: number;
}

/** A picture's header: its type's signature and where its size is stored, as decoders read it. */
function pictureHead(kind: 'png' | 'jpeg' | 'webp', { width, height, metadata = 0 }: PictureHeader): Buffer {
  if (kind === 'png') {
    const header = Buffer.alloc(25);
    header.writeUInt32BE(13, 0);
    header.write('IHDR', 4, 'latin1');
    header.writeUInt32BE(width, 8);
    header.writeUInt32BE(height, 12);
    header.set([8, 2, 0, 0, 0], 16); // 8-bit RGB; the chunk's CRC follows (zero here)
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), header]);
  }
  if (kind === 'jpeg') {
    const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
    // APP1 segments (at most 65,533 bytes each) standing for EXIF, thumbnail and colour profile.
    const app1 = Array.from({ length: Math.ceil(metadata / 65_533) }, (_, i) => {
      const length = Math.min(65_533, metadata - i * 65_533);
      return Buffer.concat([Buffer.from([0xff, 0xe1, (length + 2) >> 8, (length + 2) & 0xff]), Buffer.alloc(length, 0x20)]);
    });
    const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, ...app1, sof0]);
  }
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBP'), vp8x]);
}

/**
 * Files whose first bytes are what they claim (padded to `size`): a picture's header (`picture`,
 * 16 × 16 pixels by default), a PDF's signature, or a file no upload may be.
 */
export function fileBytes(
  kind: 'png' | 'jpeg' | 'pdf' | 'webp' | 'html' | 'svg' | 'exe',
  size = 256,
  picture: PictureHeader = { width: 16, height: 16 },
): Buffer {
  const heads: Record<'pdf' | 'html' | 'svg' | 'exe', Buffer> = {
    pdf: Buffer.from('%PDF-1.7\n'),
    html: Buffer.from('<!doctype html><script>alert(1)</script>'),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    exe: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
  };
  const head = kind === 'png' || kind === 'jpeg' || kind === 'webp' ? pictureHead(kind, picture) : heads[kind];
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

export const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf', webp: 'image/webp' } as const;

export function daysFromToday(days: number): string {
  return addDays(todayInManila(), days);
}

export interface JsonAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON request to the app (no socket), as a browser on the same origin would send it. */
export async function request<T = any>(
  h: Harness,
  method: string,
  path: string,
  body?: unknown,
  options: { staff?: boolean; headers?: Record<string, string>; raw?: string } = {},
): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.staff) headers.authorization = `Bearer ${TEST_API_TOKEN}`;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await h.app.request(path, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (CSV, HTML)
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** Uploads a file through the real flow: ask for an address, PUT the bytes, return the object path. */
export async function upload(
  h: Harness,
  bytes: Buffer,
  options: { kind?: 'document' | 'car-image'; contentType?: string; declare?: boolean; staff?: boolean } = {},
): Promise<string> {
  const { kind = 'document', contentType = 'image/png', declare = true, staff = false } = options;
  // Declared as the site declares it: kind, type and size.
  const ask = await request(h, 'POST', '/api/objects/upload', declare ? { kind, contentType, size: bytes.length } : undefined, { staff });
  if (ask.status !== 200) throw new Error(`upload address refused: ${ask.status} ${JSON.stringify(ask.body)}`);
  const url = new URL(ask.body.uploadURL as string);
  const init = { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) };
  // An address on the app itself (every upload with the local driver; with S3, one of undeclared size), else the bucket's.
  const put = url.pathname.startsWith('/objects/upload/') ? await h.app.request(url.pathname + url.search, init) : await fetch(url, init);
  if (put.status !== 200) throw new Error(`upload refused: ${put.status} ${await put.text()}`);
  return ask.body.objectPath as string;
}

export async function uploadDocuments(h: Harness) {
  return {
    photoId1Url: await upload(h, fileBytes('png')),
    photoId2Url: await upload(h, fileBytes('jpeg'), { contentType: 'image/jpeg' }),
    proofOfBillingUrl: await upload(h, fileBytes('pdf'), { contentType: 'application/pdf' }),
  };
}

export async function firstCarId(h: Harness, index = 0): Promise<string> {
  const cars = await request(h, 'GET', '/api/cars');
  const available = (cars.body as Array<{ id: string; available: boolean }>).filter((car) => car.available);
  const car = available[index];
  if (!car) throw new Error('no car');
  return car.id;
}

/**
 * A Philippine mobile number no other renter of the run has: a renter may hold only two
 * unconfirmed bookings per phone number, so tests that book on their own behalf each need one.
 */
export function uniquePhone(): string {
  return `0917 ${String(randomInt(10_000_000)).padStart(7, '0')}`;
}

/**
 * The spec's booking payload, valid by default (a renter of its own: a fresh e-mail address and
 * phone). Typed as a valid one even when `documents` leaves some out, for the tests of that refusal.
 */
export function bookingPayload(
  carId: string,
  documents: Record<string, string>,
  overrides: { customer?: Partial<TCreateBookingInput['customer']>; booking?: Partial<TCreateBookingInput['booking']> } = {},
): TCreateBookingInput {
  return {
    customer: {
      fullName: 'Maria Santos',
      email: `maria.santos.${randomInt(1_000_000_000)}@example.com`,
      phone: uniquePhone(),
      license: 'N02-12-345678',
      ...documents,
      ...overrides.customer,
    },
    booking: {
      carId,
      pickupDate: daysFromToday(10),
      returnDate: daysFromToday(13),
      pickupTime: '10:00 AM',
      driverService: 'none',
      distanceService: 'none',
      wantsDelivery: false,
      deliveryAddress: null,
      ...overrides.booking,
    },
  } as TCreateBookingInput;
}

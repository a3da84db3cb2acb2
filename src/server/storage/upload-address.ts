import { createHmac, timingSafeEqual } from 'node:crypto';
import { clock } from '../clock';
import { OBJECT_KEY_PATTERN, type UploadUrlOptions } from './storage';

/** What a checked upload address allows: its key, and the type, exact length and largest size it was signed for. */
export interface UploadGrant {
  key: string;
  contentType: string | null;
  contentLength: number | null;
  maxBytes: number;
}

/**
 * Upload addresses on this server, `PUT /objects/upload/<key>?...&signature=...`, signed with
 * HMAC-SHA256 under the signing secret every instance shares, the way a presigned S3 address is,
 * and checked by `verify` before a byte is read: the server then counts the bytes as they arrive.
 * The local driver's uploads all come here; with S3, those of undeclared size do (a presigned PUT
 * holds an upload to a length only when that length is signed).
 */
export class UploadAddresses {
  constructor(private readonly secret: string) {}

  private sign(parts: string[]): string {
    return createHmac('sha256', this.secret).update(parts.join('\n')).digest('base64url');
  }

  create(key: string, options: UploadUrlOptions): { url: string; headers: Record<string, string> } {
    const expires = Math.floor(clock.now().getTime() / 1000) + options.expiresInSeconds;
    const type = options.contentType ?? '';
    const length = options.contentLength ? String(options.contentLength) : '';
    const max = String(options.maxBytes);
    const signature = this.sign([key, String(expires), type, length, max]);
    const query = new URLSearchParams({ expires: String(expires), max, signature });
    if (type) query.set('type', type);
    if (length) query.set('length', length);
    const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
    return { url: `${options.origin}/objects/upload/${key}?${query}`, headers };
  }

  /** Checks an address made by `create`; null when forged or expired. */
  verify(key: string, query: URLSearchParams): UploadGrant | null {
    const expires = query.get('expires') ?? '';
    const type = query.get('type') ?? '';
    const length = query.get('length') ?? '';
    const max = query.get('max') ?? '';
    const given = Buffer.from(query.get('signature') ?? '');
    const expected = Buffer.from(this.sign([key, expires, type, length, max]));
    if (!OBJECT_KEY_PATTERN.test(key) || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^\d+$/.test(expires) || Number(expires) * 1000 < clock.now().getTime()) return null;
    return { key, contentType: type || null, contentLength: length ? Number(length) : null, maxBytes: Number(max) };
  }
}

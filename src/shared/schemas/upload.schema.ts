import { z } from 'zod';
import { messages } from '../messages';
import { whenAbsent } from './common.schema';

export const UPLOAD_KINDS = ['document', 'car-image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/**
 * What an upload was asked for: a kind, or none (the spec's bare `POST /api/objects/upload`). An
 * upload of no kind becomes what it is attached as, a document or (by staff) a car image, and is
 * checked by that kind's rules then.
 */
export const STORED_UPLOAD_KINDS = [...UPLOAD_KINDS, 'unspecified'] as const;
export type StoredUploadKind = (typeof STORED_UPLOAD_KINDS)[number];

export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const CAR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export const DOCUMENT_MAX_BYTES = 5_242_880;
export const CAR_IMAGE_MAX_BYTES = 10_485_760;

/**
 * The largest picture, in pixels, a document or car image may be: a phone's full-size photo fits
 * (a 50-megapixel camera's is 8,160 × 6,120), while a small file declaring a vast picture does not.
 * Such a file (a decompression bomb: 300 kB of PNG can declare 50,000 × 50,000 pixels, 10 GB to
 * open) would hang or crash the browser of whoever opens it: staff reading a renter's documents,
 * every visitor for a car's picture.
 */
export const IMAGE_MAX_SIDE = 16_384;
export const IMAGE_MAX_MEGAPIXELS = 100;

export const UPLOAD_RULES: Record<StoredUploadKind, { types: readonly UploadContentType[]; maxBytes: number; accept: string }> = {
  document: { types: DOCUMENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES, accept: '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf' },
  'car-image': { types: CAR_IMAGE_TYPES, maxBytes: CAR_IMAGE_MAX_BYTES, accept: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp' },
  // Either, until it is attached as one of them and checked by that one's rules.
  unspecified: { types: UPLOAD_CONTENT_TYPES, maxBytes: Math.max(DOCUMENT_MAX_BYTES, CAR_IMAGE_MAX_BYTES), accept: '.jpg,.jpeg,.png,.webp,.pdf' },
};

/** `/objects/private/<uuid>` (identity documents) or `/objects/public/<uuid>` (car images). */
export const OBJECT_PATH_PATTERN = /^\/objects\/(private|public)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An object path; `missing` words the refusal of none at all, where a field has a message of its own for that. */
export function objectPathSchema(missing?: () => string) {
  return z
    .string(missing ? { error: whenAbsent(missing) } : undefined)
    .regex(OBJECT_PATH_PATTERN, { error: () => messages.validation.documentReference });
}

export const ZObjectPathSchema = objectPathSchema();

/**
 * Body of `POST /api/objects/upload`. The spec's client sends none: that asks for an upload of no
 * kind, which becomes a document or (attached by staff) a car image, checked as such when attached.
 */
export const ZRequestUploadSchema = z.object({
  kind: z.enum(UPLOAD_KINDS).optional().describe('document or car-image (staff only); none: either, decided when attached'),
  contentType: z.enum(UPLOAD_CONTENT_TYPES).optional(),
  size: z.number().int().min(1).optional(),
});
export type TRequestUpload = z.infer<typeof ZRequestUploadSchema>;

export const ZUploadTargetSchema = z.object({
  uploadURL: z.string(),
  objectPath: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type TUploadTarget = z.infer<typeof ZUploadTargetSchema>;

/** The answer to checking a stored upload (`POST /api/objects/check`, `uploads.check`). */
export const ZUploadCheckSchema = z.object({ objectPath: z.string(), contentType: z.string(), size: z.number().int() });

/** Recognises a file's real type from its first bytes. */
export function sniffContentType(head: Uint8Array): UploadContentType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50) {
    return 'image/webp';
  }
  return null;
}

import { imageSize } from 'image-size';
import { messages } from '../../shared/messages';
import { IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_SIDE, type UploadContentType } from '../../shared/schemas/upload.schema';

/**
 * How much of a file's start is read to find a picture's size: a PNG's or WebP's is in its first
 * 30 bytes, a JPEG's after its metadata (a phone photo's EXIF, thumbnail and colour profile, tens
 * of kilobytes). `PICTURE_FIRST_BYTES` first, as far as `PICTURE_HEAD_BYTES` (as much as
 * image-size reads of a file itself) when the size is not found there.
 */
export const PICTURE_FIRST_BYTES = 64 * 1024;
export const PICTURE_HEAD_BYTES = 512 * 1024;

/** image-size's name for each picture type an upload may be. */
const SIZE_TYPES: Partial<Record<UploadContentType, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Why a file of `type` (its sniffed type) cannot be used, read from its first bytes: a picture
 * whose size cannot be read there, or one larger than `IMAGE_MAX_SIDE` or `IMAGE_MAX_MEGAPIXELS`.
 * Null for a picture that fits, and for a PDF.
 */
export function pictureRefusal(type: UploadContentType, head: Uint8Array): string | null {
  const expected = SIZE_TYPES[type];
  if (!expected) return null;
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(head);
  } catch {
    return messages.errors.imageUnreadable;
  }
  const { width = 0, height = 0 } = size;
  if (size.type !== expected || width < 1 || height < 1) return messages.errors.imageUnreadable;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_MEGAPIXELS * 1_000_000) {
    return messages.errors.imageTooManyPixels({ side: IMAGE_MAX_SIDE.toLocaleString('en-US'), megapixels: IMAGE_MAX_MEGAPIXELS });
  }
  return null;
}

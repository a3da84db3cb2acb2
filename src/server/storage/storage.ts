import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';

export interface StoredObjectInfo {
  size: number;
  contentType: string | null;
}

export interface StoredObject extends StoredObjectInfo {
  body: ReadableStream<Uint8Array>;
}

/** One object of a listing: its key and when its bytes were last written (or sealed). */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

/** The two folders every object key starts with (see `OBJECT_KEY_PATTERN`), in key order. */
export const OBJECT_PREFIXES = ['private/', 'public/'] as const;
export type ObjectPrefix = (typeof OBJECT_PREFIXES)[number];

/** Where a listing starts (after which key) and how many keys it gives at most. */
export interface ListOptions {
  startAfter?: string;
  limit: number;
}

/** A page of a listing, and whether more keys follow it. */
export interface ObjectListing {
  objects: ListedObject[];
  more: boolean;
}

export interface UploadUrlOptions {
  contentType?: string;
  contentLength?: number;
  maxBytes: number;
  expiresInSeconds: number;
  /** The site's origin, for drivers whose upload address is on this server. */
  origin: string;
}

/**
 * Where files live. Keys are server-made: `private/<uuid>` for identity documents and
 * `public/<uuid>` for car images. The local driver keeps them under DATA_DIR/objects; the S3
 * driver in a bucket of any S3-compatible store.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * An address of the store itself the browser PUTs the file to, signed for this key (and type,
   * when declared), or null when the store cannot hold that upload to its limit: the upload then
   * comes through this server (`UploadAddresses`), which counts its bytes.
   */
  createUploadUrl(key: string, options: UploadUrlOptions): Promise<{ url: string; headers: Record<string, string> } | null>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /** The first `length` bytes, to recognise the file's real type. */
  readStart(key: string, length: number): Promise<Uint8Array>;
  /** Size and first `length` bytes in one look (null when there is no such object), to check an upload. */
  probe(key: string, length: number): Promise<{ size: number; start: Uint8Array } | null>;
  get(key: string): Promise<StoredObject | null>;
  /**
   * Puts the bytes stored at `from` under `to`, a key no upload address was signed for, so nothing
   * can change them any more (local disk: a hard link and a copy of the type; S3: a server-side
   * copy). The original is left for the clean-up, so a record refused after sealing leaves its
   * uploads as they were, free to attach on the next try. Throws the upload's "not stored" error when there is nothing at `from`. The copy is
   * as new as the seal in `list`, however old the upload: the orphan sweep leaves it alone until the
   * row naming it has had a day to commit.
   */
  seal(from: string, to: string): Promise<void>;
  /** A digest of the object's bytes (equal bytes, equal digest), or null when there is no such object. */
  digest(key: string): Promise<string | null>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Up to `limit` keys under `prefix` that sort after `startAfter`, in key order, and whether more
   * follow: a listing resumed page by page. The S3 driver also lists keys under the prefix that
   * are not the server's own (they do not match `OBJECT_KEY_PATTERN`); the local driver lists each
   * object once, never the files it keeps beside it.
   */
  list(prefix: ObjectPrefix, options: ListOptions): Promise<ObjectListing>;
  /** Throws when the store cannot be reached. */
  check(): Promise<void>;
}

export const OBJECT_KEY_PATTERN = /^(private|public)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function storageUnavailable(cause?: unknown): AppError {
  const error = new AppError('SERVICE_UNAVAILABLE', messages.errors.storageUnavailable, { retryAfter: 5 });
  if (cause) (error as { cause?: unknown }).cause = cause;
  return error;
}

/** "/objects/private/<uuid>" -> "private/<uuid>", or null for anything else. */
export function keyFromObjectPath(path: string): string | null {
  if (!path.startsWith('/objects/')) return null;
  const key = path.slice('/objects/'.length);
  return OBJECT_KEY_PATTERN.test(key) ? key : null;
}

export function objectPath(key: string): string {
  return `/objects/${key}`;
}

import { currentLocale } from '../../../shared/i18n/catalog';
import { messages } from '../../../shared/messages';
import { UPLOAD_RULES, type UploadContentType, type UploadKind } from '../../../shared/schemas/upload.schema';
import type { createTrpcClient } from '../../trpc';
import { shrinkPicture } from './shrinkPicture';

type TrpcClient = ReturnType<typeof createTrpcClient>;

/** A refused upload; `message` is what the person reads. */
export class UploadError extends Error {}

const EXTENSION_TYPES: Record<string, UploadContentType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const TYPE_MESSAGE: Record<UploadKind, () => string> = { document: () => messages.errors.documentType, 'car-image': () => messages.errors.carImageType };
const SIZE_MESSAGE: Record<UploadKind, () => string> = { document: () => messages.errors.documentSize, 'car-image': () => messages.errors.carImageSize };

/** The file's declared type, or the one its extension names; null when neither is allowed for the kind. */
export function declaredType(file: { name: string; type: string }, kind: UploadKind): UploadContentType | null {
  const allowed = UPLOAD_RULES[kind].types;
  const byType = allowed.find((type) => type === file.type);
  if (byType) return byType;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byName = EXTENSION_TYPES[extension];
  return byName && allowed.includes(byName) ? byName : null;
}

/** The browser's own check before anything is sent: type and size (the server checks the real bytes again). */
export function checkFile(file: { name: string; type: string; size: number }, kind: UploadKind): string | null {
  if (!declaredType(file, kind)) return TYPE_MESSAGE[kind]();
  if (file.size > UPLOAD_RULES[kind].maxBytes) return SIZE_MESSAGE[kind]();
  if (file.size === 0) return messages.errors.emptyFile;
  return null;
}

/** Upload addresses must be https, except on this site's own origin or a loopback host. */
export function isAllowedUploadUrl(url: string, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(origin).origin) return true;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * PUTs a file to its signed address with the signed headers, reporting progress from 0 to 100.
 * Rejects with the reason in words: the server's message, the status, or a broken connection.
 */
export function putWithProgress(url: string, file: File, headers: Record<string, string>, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      // The browser sets Content-Length itself and refuses to be told.
      if (name.toLowerCase() !== 'content-length') xhr.setRequestHeader(name, value);
    }
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type') && file.type) xhr.setRequestHeader('Content-Type', file.type);
    // This server reads the bytes at once and says why it refuses them, in the page's language (as the API's calls ask).
    if (new URL(url, window.location.origin).origin === window.location.origin) xhr.setRequestHeader('Accept-Language', currentLocale());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let detail = xhr.statusText || String(xhr.status);
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string') detail = body.message;
      } catch {
        // Not JSON (an S3 XML error): keep the status text.
      }
      reject(new Error(detail));
    };
    xhr.onerror = () => reject(new Error(messages.upload.interrupted));
    xhr.onabort = () => reject(new Error(messages.upload.cancelled));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export interface UploadOptions {
  kind: UploadKind;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The upload flow: a photo above the kind's limit made smaller (`shrinkPicture`), then ask the
 * server for a signed address, PUT the file there with a progress
 * report, then have the server check what was stored (real type, size). Resolves to the
 * `/objects/...` reference a booking or a car keeps; rejects with an UploadError whose message is
 * the spec's notice.
 */
export async function uploadFile(client: TrpcClient, { kind, file: chosen, onProgress = () => undefined, signal }: UploadOptions): Promise<string> {
  const chosenType = declaredType(chosen, kind);
  const file = (chosenType && chosen.size > UPLOAD_RULES[kind].maxBytes && (await shrinkPicture(chosen, chosenType, UPLOAD_RULES[kind].maxBytes))) || chosen;
  const refused = checkFile(file, kind);
  if (refused) throw new UploadError(refused);
  const contentType = declaredType(file, kind) ?? undefined;

  let target: Awaited<ReturnType<TrpcClient['uploads']['request']['mutate']>>;
  try {
    target = await client.uploads.request.mutate({ kind, contentType, size: file.size });
  } catch (error) {
    throw new UploadError(messages.upload.urlFailed({ detail: errorText(error) }));
  }
  if (!target.uploadURL) throw new UploadError(messages.upload.noUrl);
  if (!isAllowedUploadUrl(target.uploadURL, window.location.origin)) throw new UploadError(messages.upload.invalidUrl);

  onProgress(0);
  try {
    await putWithProgress(target.uploadURL, file, target.headers, onProgress, signal);
  } catch (error) {
    throw new UploadError(messages.upload.failed({ detail: errorText(error) }));
  }
  if (!target.objectPath) throw new UploadError(messages.upload.noResultUrl);
  try {
    await client.uploads.check.mutate({ objectPath: target.objectPath });
  } catch (error) {
    throw new UploadError(errorText(error));
  }
  return target.objectPath;
}

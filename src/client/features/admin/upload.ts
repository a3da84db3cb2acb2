import { messages } from '../../../shared/messages';
import { UPLOAD_RULES, type TUploadTarget, type UploadContentType } from '../../../shared/schemas/upload.schema';
import { adminCopy } from '../../content/admin';
import { putWithProgress } from '../uploads/uploadFile';
import { errorMessage, isAcceptableUploadUrl } from './helpers';

const detail = adminCopy.carForm.uploadDetails;

const RULES = UPLOAD_RULES['car-image'];

/** The reason a file cannot be a car image, or null when it can. */
export function carImageProblem(file: { type: string; size: number }): string | null {
  if (!(RULES.types as readonly string[]).includes(file.type)) return messages.errors.carImageType;
  if (file.size > RULES.maxBytes) return messages.errors.carImageSize;
  if (file.size === 0) return messages.errors.emptyFile;
  return null;
}

export interface UploadCalls {
  request: (input: { kind: 'car-image'; contentType: UploadContentType; size: number }) => Promise<TUploadTarget>;
  check: (input: { objectPath: string }) => Promise<{ objectPath: string }>;
}

/**
 * The spec's upload flow for a car image that carImageProblem has passed: ask the server for an
 * address (uploads.request), PUT the file there with progress, then have the server check what
 * arrived (uploads.check). Resolves to the `/objects/public/...` path to store on the car; rejects
 * with the spec's messages.
 */
export async function uploadCarImage(file: File, calls: UploadCalls, onProgress: (percent: number) => void): Promise<string> {
  let target: TUploadTarget;
  try {
    target = await calls.request({ kind: 'car-image', contentType: file.type as UploadContentType, size: file.size });
  } catch (error) {
    throw new Error(messages.upload.urlFailed({ detail: errorMessage(error, detail.noAnswer) }), { cause: error });
  }
  if (!target?.uploadURL) throw new Error(messages.upload.noUrl);
  if (!isAcceptableUploadUrl(target.uploadURL, window.location.origin)) throw new Error(messages.upload.invalidUrl);
  try {
    await putWithProgress(target.uploadURL, file, target.headers, onProgress);
  } catch (error) {
    throw new Error(messages.upload.failed({ detail: error instanceof Error ? error.message : messages.upload.interrupted }), { cause: error });
  }
  let checked: { objectPath: string };
  try {
    checked = await calls.check({ objectPath: target.objectPath });
  } catch (error) {
    throw new Error(messages.upload.failed({ detail: errorMessage(error, detail.notChecked) }), { cause: error });
  }
  if (!checked?.objectPath) throw new Error(messages.upload.noResultUrl);
  return checked.objectPath;
}

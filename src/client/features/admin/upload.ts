import { messages } from '../../../shared/messages';
import { UPLOAD_RULES, type TUploadTarget, type UploadContentType } from '../../../shared/schemas/upload.schema';
import { adminCopy } from '../../content/admin';
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

/** PUTs a file to its upload address, reporting progress in whole percent. */
function putWithProgress(target: TUploadTarget, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.uploadURL);
    for (const [name, value] of Object.entries(target.headers)) {
      if (name.toLowerCase() !== 'content-length') xhr.setRequestHeader(name, value);
    }
    if (!Object.keys(target.headers).some((name) => name.toLowerCase() === 'content-type')) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let reason = xhr.statusText || String(xhr.status);
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string') reason = body.message;
      } catch {
        // not JSON: keep the status text
      }
      reject(new Error(messages.upload.failed(reason)));
    };
    xhr.onerror = () => reject(new Error(messages.upload.failed(detail.interrupted)));
    xhr.onabort = () => reject(new Error(messages.upload.failed(detail.cancelled)));
    xhr.send(file);
  });
}

export interface UploadCalls {
  request: (input: { kind: 'car-image'; contentType: UploadContentType; size: number }) => Promise<TUploadTarget>;
  check: (input: { objectPath: string }) => Promise<{ objectPath: string }>;
}

/**
 * The spec's upload flow for a car image: ask the server for an address (uploads.request), PUT
 * the file there with progress, then have the server check what arrived (uploads.check). Resolves
 * to the `/objects/public/...` path to store on the car; rejects with the spec's messages.
 */
export async function uploadCarImage(file: File, calls: UploadCalls, onProgress: (percent: number) => void): Promise<string> {
  const problem = carImageProblem(file);
  if (problem) throw new Error(problem);
  let target: TUploadTarget;
  try {
    target = await calls.request({ kind: 'car-image', contentType: file.type as UploadContentType, size: file.size });
  } catch (error) {
    throw new Error(messages.upload.urlFailed(errorMessage(error, detail.noAnswer)), { cause: error });
  }
  if (!target?.uploadURL) throw new Error(messages.upload.noUrl);
  if (!isAcceptableUploadUrl(target.uploadURL, window.location.origin)) throw new Error(messages.upload.invalidUrl);
  await putWithProgress(target, file, onProgress);
  let checked: { objectPath: string };
  try {
    checked = await calls.check({ objectPath: target.objectPath });
  } catch (error) {
    throw new Error(messages.upload.failed(errorMessage(error, detail.notChecked)), { cause: error });
  }
  if (!checked?.objectPath) throw new Error(messages.upload.noResultUrl);
  return checked.objectPath;
}

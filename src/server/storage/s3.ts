import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { storageUnavailable, type ListedObject, type ListOptions, type ObjectListing, type ObjectPrefix, type Storage, type StoredObject, type StoredObjectInfo, type UploadUrlOptions } from './storage';

/** The most keys S3 answers with in one listing. */
const LIST_PAGE = 1000;

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  }
  return false;
}

/** A reachable store answers with an S3 error; anything else (refused, timed out) means it is down. */
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode ?? 500) < 500) throw error;
    throw storageUnavailable(error);
  }
}

/**
 * Objects in S3 or any S3-compatible store. Checksums are only computed when an operation
 * requires them: S3-compatible stores reject the SDK's default checksum on presigned PUTs.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    });
  }

  /**
   * A presigned PUT, when the upload's length is declared: S3 holds a presigned PUT to a length only
   * when that length is signed, and without one would store anything up to 5 GB for any stranger.
   */
  async createUploadUrl(key: string, options: UploadUrlOptions) {
    if (!options.contentLength) return null;
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ...(options.contentType ? { ContentType: options.contentType } : {}),
      ContentLength: options.contentLength,
    });
    const signed = new Set<string>(['content-length']);
    if (options.contentType) signed.add('content-type');
    const url = await getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds,
      signableHeaders: signed,
      unhoistableHeaders: signed,
    });
    const headers: Record<string, string> = options.contentType ? { 'Content-Type': options.contentType } : {};
    return { url, headers };
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const answer = await guard(() => this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key })));
      return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Uint8Array> {
    const answer = await guard(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=0-${length - 1}` })),
    );
    const bytes = await answer.Body?.transformToByteArray();
    return (bytes ?? new Uint8Array()).subarray(0, length);
  }

  async probe(key: string, length: number): Promise<{ size: number; start: Uint8Array } | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { size: info.size, start: info.size ? await this.readStart(key, length) : new Uint8Array() };
  }

  async seal(from: string, to: string): Promise<void> {
    try {
      await guard(() =>
        this.client.send(new CopyObjectCommand({ Bucket: this.settings.bucket, Key: to, CopySource: `${this.settings.bucket}/${from}`, MetadataDirective: 'COPY' })),
      );
    } catch (error) {
      if (isNotFound(error)) throw new AppError('BAD_REQUEST', messages.errors.uploadNotStored);
      throw error;
    }
  }

  /** The object's ETag: the MD5 of its bytes for an object stored by one PUT, as every upload here is. */
  async digest(key: string): Promise<string | null> {
    try {
      const answer = await guard(() => this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key })));
      return answer.ETag?.replace(/"/g, '') ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await guard(() => this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key })));
      if (!answer.Body) return null;
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? null,
        body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    await guard(() => this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType })));
  }

  async delete(key: string): Promise<void> {
    await guard(() => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key })));
  }

  /** ListObjectsV2 from `startAfter`, following its continuation while fewer than `limit` keys came back. */
  async list(prefix: ObjectPrefix, options: ListOptions): Promise<ObjectListing> {
    const objects: ListedObject[] = [];
    let token: string | undefined;
    for (;;) {
      const page = await guard(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.settings.bucket,
            Prefix: prefix,
            MaxKeys: Math.min(LIST_PAGE, options.limit - objects.length),
            ...(token ? { ContinuationToken: token } : options.startAfter ? { StartAfter: options.startAfter } : {}),
          }),
        ),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && item.LastModified) objects.push({ key: item.Key, lastModified: item.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
      if (!token || objects.length >= options.limit) return { objects, more: Boolean(token) };
    }
  }

  async check(): Promise<void> {
    await guard(() => this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }

  /** Creates the bucket when it does not exist (fresh MinIO or s3rver); real S3 buckets are made by their owner. */
  async ensureBucket(): Promise<void> {
    try {
      await this.check();
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await guard(() => this.client.send(new CreateBucketCommand({ Bucket: this.settings.bucket })));
    }
  }
}

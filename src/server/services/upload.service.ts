import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import {
  UPLOAD_RULES,
  sniffContentType,
  type TRequestUpload,
  type TUploadTarget,
  type StoredUploadKind,
  type UploadKind,
} from '../../shared/schemas/upload.schema';
import { clock } from '../clock';
import { Upload, type IUpload } from '../db/entities';
import type { AppDeps, RequestMeta, ServiceContext } from '../deps';
import { log, describeError } from '../logger';
import { LocalStorage } from '../storage/local';
import { UploadAddresses } from '../storage/upload-address';
import { keyFromObjectPath, OBJECT_KEY_PATTERN, OBJECT_PREFIXES, objectPath, type ListedObject, type Storage } from '../storage/storage';
import { PICTURE_FIRST_BYTES, PICTURE_HEAD_BYTES, pictureRefusal } from './picture-check';
import { readSetting, writeSetting } from './settings.service';

/** Upload addresses live 15 minutes; unattached uploads are deleted after 24 hours. */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const UNATTACHED_UPLOAD_HOURS = 24;

const TYPE_MESSAGE: Record<StoredUploadKind, () => string> = {
  document: () => messages.errors.documentType,
  'car-image': () => messages.errors.carImageType,
  unspecified: () => messages.errors.uploadType,
};
const SIZE_MESSAGE: Record<StoredUploadKind, () => string> = {
  document: () => messages.errors.documentSize,
  'car-image': () => messages.errors.carImageSize,
  unspecified: () => messages.errors.uploadSize,
};

export async function requestUpload(
  ctx: ServiceContext,
  input: TRequestUpload,
  request: Pick<RequestMeta, 'origin' | 'network'>,
): Promise<TUploadTarget> {
  if (input.kind === 'car-image' && !ctx.actor) throw new AppError('UNAUTHORIZED', messages.errors.unauthorized);
  // No kind (the spec's bare request): staff's is either, decided when it is attached; private until
  // then. A stranger's can only ever become a document (only staff attach car pictures), so it is one
  // from the start, held to a document's 5 MB and types: the pictures' 10 MB would let anyone store
  // twice what a booking can use, kept for a day.
  const kind: StoredUploadKind = input.kind ?? (ctx.actor ? 'unspecified' : 'document');
  const rules = UPLOAD_RULES[kind];
  if (input.contentType && !rules.types.includes(input.contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', TYPE_MESSAGE[kind]());
  }
  if (input.size !== undefined && input.size > rules.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', SIZE_MESSAGE[kind]());
  const reservedBytes = input.size ?? rules.maxBytes;
  const network = ctx.actor ? null : request.network;
  if (network) await refuseOverQuota(ctx, network, reservedBytes);

  const id = randomUUID();
  const key = `${kind === 'car-image' ? 'public' : 'private'}/${id}`;
  const options = {
    ...(input.contentType ? { contentType: input.contentType } : {}),
    ...(input.size ? { contentLength: input.size } : {}),
    maxBytes: rules.maxBytes,
    expiresInSeconds: UPLOAD_URL_SECONDS,
    origin: request.origin,
  };
  // Straight to the store when it can hold the upload to its limit, else through this server (`acceptUpload`).
  const target = (await ctx.deps.storage.createUploadUrl(key, options)) ?? new UploadAddresses(ctx.deps.signingSecret).create(key, options);
  ctx.em.create(Upload, { id, kind, objectKey: key, contentType: input.contentType ?? null, network, reservedBytes });
  await ctx.em.flush();
  return {
    uploadURL: target.url,
    objectPath: objectPath(key),
    method: 'PUT',
    headers: target.headers,
    expiresAt: new Date(clock.now().getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * Refuses a stranger's upload address whose bytes would take the unattached uploads of the last
 * day (those no booking took) past UPLOADS_NETWORK_MAX_MB from the caller's network (429, until its
 * oldest such upload is a day old) or past UPLOADS_UNATTACHED_MAX_MB from all strangers (503). Each
 * counts at the most its address may take. Without a quota, the per-address limit (60 uploads in
 * 10 minutes) let one network keep 40 GB a day waiting for the clean-up, on the garage's disk or
 * in its bucket. Uploads a booking took no longer count, so a renter's retries cost nothing.
 */
async function refuseOverQuota(ctx: ServiceContext, network: string, reservedBytes: number): Promise<void> {
  const since = new Date(clock.now().getTime() - UNATTACHED_UPLOAD_HOURS * 3_600_000);
  const [held] = await ctx.em.execute<Array<{ mine: string; all: string; oldest: Date | null }>>(
    'select coalesce(sum(reserved_bytes) filter (where network = ?), 0) as mine, coalesce(sum(reserved_bytes), 0) as "all", min(created_at) filter (where network = ?) as oldest ' +
      'from upload where attached_to is null and network is not null and created_at > ?',
    [network, network, since],
  );
  const { env } = ctx.deps;
  const mine = Number(held?.mine ?? 0);
  const all = Number(held?.all ?? 0);
  if (mine + reservedBytes > env.UPLOADS_NETWORK_MAX_MB * 2 ** 20) {
    const now = clock.now().getTime();
    const freedAt = (held?.oldest ? new Date(held.oldest).getTime() : now) + UNATTACHED_UPLOAD_HOURS * 3_600_000;
    log.warn('upload.quota.network', { network, heldMiB: Math.ceil(mine / 2 ** 20), maxMiB: env.UPLOADS_NETWORK_MAX_MB });
    throw new AppError('TOO_MANY_REQUESTS', messages.errors.uploadQuota, { retryAfter: Math.max(1, Math.ceil((freedAt - now) / 1000)) });
  }
  if (all + reservedBytes > env.UPLOADS_UNATTACHED_MAX_MB * 2 ** 20) {
    log.warn('upload.quota.full', { heldMiB: Math.ceil(all / 2 ** 20), maxMiB: env.UPLOADS_UNATTACHED_MAX_MB });
    throw new AppError('SERVICE_UNAVAILABLE', messages.errors.uploadsPaused, { retryAfter: DISK_RETRY_SECONDS });
  }
}

/** What an upload check needs to know of an upload row. */
type UploadToCheck = Pick<IUpload, 'objectKey' | 'kind' | 'contentType'>;

/** Refuses (and deletes) a stored object whose size, real type or picture size breaks its kind's rules. */
async function inspectObject(storage: Storage, upload: UploadToCheck): Promise<{ type: string; size: number }> {
  const info = await storage.probe(upload.objectKey, PICTURE_FIRST_BYTES);
  if (!info) throw new AppError('BAD_REQUEST', messages.errors.uploadNotStored);
  const rules = UPLOAD_RULES[upload.kind];
  const refuse = async (code: 'BAD_REQUEST', message: string): Promise<never> => {
    await storage.delete(upload.objectKey).catch((error) => log.warn('upload.delete.failed', describeError(error)));
    throw new AppError(code, message);
  };
  if (info.size === 0) return refuse('BAD_REQUEST', messages.errors.emptyFile);
  if (info.size > rules.maxBytes) return refuse('BAD_REQUEST', SIZE_MESSAGE[upload.kind]());
  const type = sniffContentType(info.start);
  if (!type || !rules.types.includes(type)) return refuse('BAD_REQUEST', TYPE_MESSAGE[upload.kind]());
  if (upload.contentType && upload.contentType !== type) return refuse('BAD_REQUEST', messages.errors.uploadContentType);
  let picture = pictureRefusal(type, info.start);
  // A JPEG's size can lie past the first read, after long metadata.
  if (picture && info.start.length < Math.min(info.size, PICTURE_HEAD_BYTES)) {
    const further = await storage.probe(upload.objectKey, PICTURE_HEAD_BYTES);
    picture = further ? pictureRefusal(type, further.start) : messages.errors.uploadNotStored;
  }
  if (picture) return refuse('BAD_REQUEST', picture);
  return { type, size: info.size };
}

async function findUpload(ctx: ServiceContext, path: string): Promise<IUpload> {
  const key = keyFromObjectPath(path);
  const upload = key ? await ctx.em.findOne(Upload, { objectKey: key }) : null;
  if (!upload) throw new AppError('BAD_REQUEST', messages.errors.uploadNotFound);
  return upload;
}

/** Checks an upload right after the browser stored it, so a bad file is refused at once. */
export async function checkUpload(ctx: ServiceContext, path: string): Promise<{ objectPath: string; contentType: string; size: number }> {
  const upload = await findUpload(ctx, path);
  const { type, size } = await inspectObject(ctx.deps.storage, upload);
  return { objectPath: path, contentType: type, size };
}

/** Who an upload belongs to once attached: the booking, customer or car it was uploaded for. */
export type UploadOwner = `booking:${string}` | `customer:${string}` | `car:${string}`;

/** The mark of an upload whose bytes were sealed under another key (`Storage.seal`): its own object waits for the clean-up. */
const SEALED = 'sealed';
/**
 * The mark of an object its owner let go (a replaced document, an erased customer's, a car's picture
 * taken off): never attached again, served to no one, deleted by the next clean-up. Left unattached
 * instead, it could be claimed by the next booking that names its path, an erased person's identity
 * document and all.
 */
const RELEASED = 'released';

/**
 * An upload to attach (`from`, the path its upload address wrote) and where its checked bytes will
 * live (`to`); `field`, the input's field that named it, is the `issues` path of its refusal.
 */
export interface UploadPlan {
  from: string;
  to: string;
  field?: string;
}

/**
 * Where each uploaded object will live once attached: a new key of the same visibility that no
 * upload address was ever signed for. Chosen up front, so a record can name its files before they
 * are attached (and nothing is copied when the record is refused first).
 */
export function planUploads(values: string[], kind: UploadKind, fields?: readonly string[]): UploadPlan[] {
  return values.map((from, i) => {
    const field = fields?.[i];
    if (!keyFromObjectPath(from)) throw refusedUpload(messages.errors.uploadNotFound, field);
    return { from, to: objectPath(`${kind === 'document' ? 'private' : 'public'}/${randomUUID()}`), ...(field ? { field } : {}) };
  });
}

/** An upload refused, naming the input's field when known: a form with several can say which file to send again. */
export function refusedUpload(message: string, field: string | undefined): AppError {
  return new AppError('BAD_REQUEST', message, field ? { issues: [{ path: field, message }] } : {});
}

/** A refusal of one upload's bytes (not stored, wrong kind, too large), naming the plan step's field when it has one. */
function naming(step: UploadPlan): (error: unknown) => never {
  return (error) => {
    if (step.field && error instanceof AppError && !error.issues && error.status < 500) {
      throw new AppError(error.code, error.message, { issues: [{ path: step.field, message: error.message }] });
    }
    throw error;
  };
}

/**
 * Attaches uploaded objects to one owner inside the caller's transaction. One update claims the
 * unattached uploads of `kind`, or of no kind (the spec's bare upload), locking their rows so a
 * clean-up or another booking cannot take them; their bytes are sealed under the plan's new keys
 * (so an upload address that is still valid can no longer replace them, on S3 as on disk), the
 * sealed bytes are checked side by side by `kind`'s rules and by the caller's `verify` (documents:
 * no two the same), and the new keys are recorded as the owner's, of `kind`. Anything refused
 * refuses them all (the transaction rolls back, and the sealed copies are deleted: no row would name
 * them, so no clean-up would ever find them); the reason is looked up only then.
 */
export async function attachUploads(
  ctx: ServiceContext,
  plan: UploadPlan[],
  kind: UploadKind,
  owner: UploadOwner,
  verify?: (sealed: CheckedUpload[]) => Promise<void>,
): Promise<CheckedUpload[]> {
  const keys = plan.map((step) => keyFromObjectPath(step.from)!);
  const again = keys.findIndex((key, i) => keys.indexOf(key) < i);
  if (again >= 0) throw refusedUpload(messages.errors.sameDocumentTwice, plan[again]!.field);
  const now = clock.now();
  const claimed: Array<Pick<IUpload, 'objectKey' | 'kind' | 'contentType'>> = await ctx.em
    .createQueryBuilder(Upload)
    .update({ attachedTo: SEALED, attachedAt: now })
    .where({ objectKey: { $in: keys }, kind: { $in: [kind, 'unspecified'] }, attachedTo: null })
    .returning(['objectKey', 'kind', 'contentType'])
    .execute('all');
  if (claimed.length < keys.length) await explainRefusedAttach(ctx, plan, claimed, kind);
  const { storage } = ctx.deps;
  // Checked as what they are attached as, whatever they were asked for.
  const sealed = plan.map((step, i) => ({ ...claimed.find((upload) => upload.objectKey === keys[i])!, kind, objectKey: keyFromObjectPath(step.to)! }));
  try {
    await Promise.all(plan.map((step, i) => storage.seal(keys[i]!, sealed[i]!.objectKey).catch(naming(step))));
    // A file refused for its bytes is gone at once, its original too (S3 keeps the original after a copy).
    const checked = await Promise.all(
      sealed.map((upload, i) =>
        inspectObject(storage, upload).catch(async (error: unknown) => {
          await storage.delete(keys[i]!).catch(() => undefined);
          return naming(plan[i]!)(error);
        }),
      ),
    );
    const attached = sealed.map((upload, i) => ({ objectKey: upload.objectKey, size: checked[i]!.size, ...(plan[i]!.field ? { field: plan[i]!.field } : {}) }));
    await verify?.(attached);
    await ctx.em.insertMany(
      Upload,
      sealed.map((upload) => ({ id: upload.objectKey.slice(upload.objectKey.indexOf('/') + 1), kind, objectKey: upload.objectKey, contentType: upload.contentType ?? null, attachedTo: owner, attachedAt: now, createdAt: now })),
    );
    return attached;
  } catch (error) {
    await Promise.all(sealed.map((upload) => storage.delete(upload.objectKey).catch(() => undefined)));
    throw error;
  }
}

/** An upload attached after its stored file was checked; `field`, as in its plan. */
export interface CheckedUpload {
  objectKey: string;
  size: number;
  field?: string;
}

/** Why some of the plan's uploads could not be claimed: unknown (or cleaned up), another kind, or already attached. */
async function explainRefusedAttach(ctx: ServiceContext, plan: UploadPlan[], claimed: Array<{ objectKey: string }>, kind: UploadKind): Promise<void> {
  const taken = new Set(claimed.map((upload) => upload.objectKey));
  const refused = plan.map((step) => ({ field: step.field, key: keyFromObjectPath(step.from)! })).filter((step) => !taken.has(step.key));
  const rows = new Map((await ctx.em.find(Upload, { objectKey: { $in: refused.map((step) => step.key) } })).map((row) => [row.objectKey, row]));
  for (const { key, field } of refused) {
    const upload = rows.get(key);
    if (!upload || upload.attachedTo === RELEASED) throw refusedUpload(messages.errors.uploadNotFound, field);
    if (upload.kind !== kind && upload.kind !== 'unspecified') throw refusedUpload(messages.errors.uploadKind, field);
    throw refusedUpload(messages.errors.uploadInUse, field);
  }
}

/** How long a caller is asked to wait when uploads pause for the disk. */
const DISK_RETRY_SECONDS = 15 * 60;
/** When an upload refused for want of memory may try again: others are arriving and will be done soon. */
const BUSY_RETRY_SECONDS = 10;

/**
 * Bytes of the uploads arriving through this process that it holds in memory now (each until it is
 * stored or refused), in all and per network (the caller's address, an IPv6 one by its /56).
 * UPLOADS_MAX_BUFFERED_MB caps them in all, and a network at a quarter of it: an upload that would
 * pass either (by its declared length before a byte is read, else as its bytes arrive) waits its
 * turn (503), so many slow uploads at once cannot take the server's memory, nor can one caller's
 * keep everyone else's out.
 */
const uploadBytesHeld = { all: 0, byNetwork: new Map<string, number>() };
const NETWORK_SHARE = 1 / 4;
/** The upload addresses a body is arriving at now: one at a time for each. */
const receiving = new Set<string>();

/**
 * Refuses (503) an upload that could leave the disk with less than UPLOADS_MIN_FREE_MB free: the
 * files share it with the database (by default) and the mail outbox, and uploads are the one thing
 * strangers can write in bulk (many addresses, each within its limit, until the clean-up a day
 * later). A full disk would stop the whole site; a pause stops only new uploads.
 */
async function refuseWhenDiskLow(deps: AppDeps, storage: LocalStorage, incoming: number): Promise<void> {
  const free = await storage.freeBytes();
  if (free - incoming >= deps.env.UPLOADS_MIN_FREE_MB * 2 ** 20) return;
  log.warn('upload.disk.low', { freeMiB: Math.floor(free / 2 ** 20), minFreeMiB: deps.env.UPLOADS_MIN_FREE_MB });
  throw new AppError('SERVICE_UNAVAILABLE', messages.errors.uploadsPaused, { retryAfter: DISK_RETRY_SECONDS });
}

/** Releases every object these owners hold (a customer deleted with their bookings). */
export async function releaseOwners(ctx: ServiceContext, owners: UploadOwner[]): Promise<void> {
  if (owners.length) await ctx.em.nativeUpdate(Upload, { attachedTo: { $in: owners } }, { attachedTo: RELEASED, attachedAt: clock.now() });
}

/**
 * Whether a private object is a document a booking or a customer holds. Released files (a deleted
 * customer's, a replaced document) and files never attached wait for the clean-up job, unserved.
 */
export async function isHeldDocument(ctx: ServiceContext, key: string): Promise<boolean> {
  return (await ctx.em.count(Upload, { objectKey: key, attachedTo: { $ne: null, $nin: [SEALED, RELEASED] } })) > 0;
}

/** Releases objects `owner` no longer uses (only those it owns); the clean-up job deletes them later. */
export async function releaseUploads(ctx: ServiceContext, owner: UploadOwner, values: Array<string | null | undefined>): Promise<void> {
  const keys = values.map((value) => (value ? keyFromObjectPath(value) : null)).filter((key): key is string => Boolean(key));
  if (keys.length) await ctx.em.nativeUpdate(Upload, { objectKey: { $in: keys }, attachedTo: owner }, { attachedTo: RELEASED, attachedAt: clock.now() });
}

/**
 * Receives a file PUT to this server's own upload address (every upload the store could not take
 * itself: all of them on local disk; with S3, those of undeclared size). The address's signature, expiry, type and size limit are
 * checked before the body is read, its bytes counted as they arrive, and the file's real type
 * checked before it is stored.
 */
export async function acceptUpload(
  ctx: ServiceContext,
  key: string,
  query: URLSearchParams,
  request: { network: string; contentType: string | null; contentLength: number | null; body: ReadableStream<Uint8Array> | null },
): Promise<{ objectPath: string }> {
  const storage = ctx.deps.storage;
  const grant = new UploadAddresses(ctx.deps.signingSecret).verify(key, query);
  if (!grant) throw new AppError('FORBIDDEN', messages.errors.uploadSignature);
  const upload = await ctx.em.findOne(Upload, { objectKey: key });
  if (!upload || upload.attachedTo) throw new AppError('FORBIDDEN', messages.errors.uploadSignature);
  const declared = request.contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
  if (grant.contentType && declared !== grant.contentType) throw new AppError('FORBIDDEN', messages.errors.uploadContentType);
  if (request.contentLength !== null && request.contentLength > grant.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', SIZE_MESSAGE[upload.kind]());
  }
  if (grant.contentLength !== null && request.contentLength !== null && request.contentLength !== grant.contentLength) {
    throw new AppError('FORBIDDEN', messages.errors.uploadSignature);
  }
  if (storage instanceof LocalStorage) await refuseWhenDiskLow(ctx.deps, storage, grant.maxBytes);

  // A second body for one address while the first is arriving would be held beside it, for nothing.
  if (receiving.has(key)) throw new AppError('CONFLICT', messages.errors.uploadUnderWay);
  const budget = ctx.deps.env.UPLOADS_MAX_BUFFERED_MB * 2 ** 20;
  const { network } = request;
  const heldByNetwork = () => uploadBytesHeld.byNetwork.get(network) ?? 0;
  const refusal = (bytes: number) => {
    const full = uploadBytesHeld.all + bytes > budget ? 'upload.memory.full' : heldByNetwork() + bytes > budget * NETWORK_SHARE ? 'upload.memory.network_full' : null;
    if (!full) return null;
    log.warn(full, { heldMiB: Math.ceil(uploadBytesHeld.all / 2 ** 20), networkMiB: Math.ceil(heldByNetwork() / 2 ** 20), maxMiB: ctx.deps.env.UPLOADS_MAX_BUFFERED_MB });
    return new AppError('SERVICE_UNAVAILABLE', messages.errors.uploadsBusy, { retryAfter: BUSY_RETRY_SECONDS });
  };
  const early = refusal(request.contentLength ?? 1);
  if (early) throw early;
  let held = 0;
  const take = (bytes: number) => {
    const refused = refusal(bytes);
    if (refused) throw refused;
    uploadBytesHeld.all += bytes;
    uploadBytesHeld.byNetwork.set(network, heldByNetwork() + bytes);
    held += bytes;
  };
  receiving.add(key);
  try {
    const body = await readUpTo(request.body, grant.maxBytes, take, () => new AppError('PAYLOAD_TOO_LARGE', SIZE_MESSAGE[upload.kind]()));
    if (body.length === 0) throw new AppError('BAD_REQUEST', messages.errors.emptyFile);
    // Signed for a length, as S3 holds a presigned PUT to it: other bytes are not the file it was asked for.
    if (grant.contentLength !== null && body.length !== grant.contentLength) throw new AppError('FORBIDDEN', messages.errors.uploadSignature);
    const type = sniffContentType(body.subarray(0, 16));
    if (!type || !UPLOAD_RULES[upload.kind].types.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', TYPE_MESSAGE[upload.kind]());
    if (grant.contentType && grant.contentType !== type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.errors.uploadContentType);
    const picture = pictureRefusal(type, body.subarray(0, PICTURE_HEAD_BYTES));
    if (picture) throw new AppError('BAD_REQUEST', picture);
    await storage.put(key, body, type);
    return { objectPath: objectPath(key) };
  } finally {
    receiving.delete(key);
    uploadBytesHeld.all -= held;
    const left = heldByNetwork() - held;
    if (left > 0) uploadBytesHeld.byNetwork.set(network, left);
    else uploadBytesHeld.byNetwork.delete(network);
  }
}

/**
 * A request body read whole, each part given to `take` as it arrives (which may refuse it by
 * throwing), refused (`tooLarge`) as soon as it passes `limit` bytes. A refused body is not read on.
 */
async function readUpTo(stream: ReadableStream<Uint8Array> | null, limit: number, take: (bytes: number) => void, tooLarge: () => AppError): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      take(value.byteLength);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  return Buffer.concat(chunks);
}

/**
 * Deletes uploads that were never attached within 24 hours, those released by their owner, and the
 * originals of sealed ones. The row goes first, and only while still in that state (a booking
 * attaching it holds its lock), so a file is never deleted from under a booking or car that has
 * just taken it.
 */
export async function cleanupUploads(deps: AppDeps): Promise<number> {
  const em = deps.orm.em.fork();
  const cutoff = new Date(clock.now().getTime() - UNATTACHED_UPLOAD_HOURS * 3_600_000);
  // A sealed upload's own object (S3 keeps it after the copy) goes once its upload address has expired.
  const sealedBefore = new Date(clock.now().getTime() - 2 * UPLOAD_URL_SECONDS * 1000);
  const stale = await em.find(Upload, { $or: [{ attachedTo: null, createdAt: { $lt: cutoff } }, { attachedTo: RELEASED }, { attachedTo: SEALED, attachedAt: { $lt: sealedBefore } }] }, { limit: 500 });
  let removed = 0;
  for (const upload of stale) {
    try {
      const deleted = await em.nativeDelete(Upload, { id: upload.id, attachedTo: upload.attachedTo });
      if (!deleted) continue;
      await deps.storage.delete(upload.objectKey);
      removed += 1;
    } catch (error) {
      log.warn('upload.cleanup.failed', { key: upload.objectKey, ...describeError(error) });
    }
  }
  if (removed) log.info('upload.cleanup', { removed });
  return removed;
}

/** How many stored objects one sweep looks at; the next goes on after the last of them. */
export const ORPHAN_SWEEP_BATCH = 1000;
/** The last key the sweep looked at ('' once it went through the whole store), shared by every instance. */
const ORPHAN_SWEEP_CURSOR = 'orphan_sweep_after';

export interface OrphanSweep {
  /** Keys listed. */
  examined: number;
  /** Objects deleted. */
  removed: number;
  /** Whether this run reached the end of the store: the next one starts over. */
  finished: boolean;
}

/**
 * Deletes stored objects that no upload row names once they are older than an unattached upload
 * may live: the sealed copies of a transaction that failed at its commit (or of a server stopped
 * between a copy and its insert), which the row-driven clean-up above can never find. Every object
 * of the server has its row before its bytes exist (an upload's row is made before its address is
 * handed out) or within a day of them (a sealed copy's row commits with the record taking it; the
 * seal dates the copy, see `Storage.seal`), so the age keeps an upload or a seal in flight safe.
 * One run lists at most `limit` keys, from where the last run stopped.
 */
export async function sweepOrphanObjects(deps: AppDeps, limit = ORPHAN_SWEEP_BATCH): Promise<OrphanSweep> {
  const em = deps.orm.em.fork();
  const cutoff = clock.now().getTime() - UNATTACHED_UPLOAD_HOURS * 3_600_000;
  const after = (await readSetting(em, ORPHAN_SWEEP_CURSOR)) || undefined;
  const listed: ListedObject[] = [];
  let finished = true;
  for (const prefix of OBJECT_PREFIXES) {
    if (after && after > prefix && !after.startsWith(prefix)) continue; // swept already
    const page = await deps.storage.list(prefix, { ...(after?.startsWith(prefix) ? { startAfter: after } : {}), limit: limit - listed.length });
    listed.push(...page.objects);
    if (page.more || listed.length >= limit) {
      finished = false;
      break;
    }
  }
  // Anything else in a shared bucket is not the server's to delete.
  const old = listed.filter((object) => OBJECT_KEY_PATTERN.test(object.key) && object.lastModified.getTime() < cutoff);
  const named = new Set(
    old.length ? (await em.find(Upload, { objectKey: { $in: old.map((object) => object.key) } }, { fields: ['objectKey'] })).map((upload) => upload.objectKey) : [],
  );
  let removed = 0;
  for (const { key } of old.filter((object) => !named.has(object.key))) {
    try {
      await deps.storage.delete(key);
      removed += 1;
    } catch (error) {
      log.warn('upload.orphans.delete.failed', { key, ...describeError(error) });
    }
  }
  await writeSetting(em, ORPHAN_SWEEP_CURSOR, finished ? '' : (listed.at(-1)?.key ?? after ?? ''));
  if (removed) log.info('upload.orphans.removed', { removed, examined: listed.length });
  return { examined: listed.length, removed, finished };
}

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { messages } from '../../src/shared/messages';
import { DOCUMENT_MAX_BYTES, UPLOAD_RULES } from '../../src/shared/schemas/upload.schema';
import type { S3Storage } from '../../src/server/storage/s3';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { bookingPayload, fileBytes, firstCarId, request } from '../utils/fixtures';
import { TEST_API_TOKEN, createHarness, type Harness } from '../utils/harness';
import { BUCKET, S3Server, s3Storage } from '../utils/s3rver';

const UNAVAILABLE = 'File storage is temporarily unavailable. Please try again in a moment.';

async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

async function streamBytes(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

/** The browser's upload flow against S3: ask the app for an address (declaring the file's type and size, as the site does), then PUT the bytes straight to the bucket. */
async function uploadToS3(h: Harness, bytes: Buffer, contentType: string): Promise<{ objectPath: string; key: string; uploadURL: string }> {
  const ask = await request(h, 'POST', '/api/objects/upload', { kind: 'document', contentType, size: bytes.length });
  expect(ask.status).toBe(200);
  const put = await fetch(ask.body.uploadURL as string, { method: 'PUT', headers: ask.body.headers as Record<string, string>, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  const objectPath = ask.body.objectPath as string;
  return { objectPath, key: keyFromObjectPath(objectPath) ?? '', uploadURL: ask.body.uploadURL as string };
}

async function uploadDocumentsToS3(h: Harness) {
  return {
    photoId1Url: (await uploadToS3(h, fileBytes('png'), 'image/png')).objectPath,
    photoId2Url: (await uploadToS3(h, fileBytes('jpeg'), 'image/jpeg')).objectPath,
    proofOfBillingUrl: (await uploadToS3(h, fileBytes('pdf'), 'application/pdf')).objectPath,
  };
}

async function customerCount(h: Harness, email: string): Promise<number> {
  const rows = (await h.orm.em.fork().getConnection().execute('select count(*)::int as n from customer where email = ?', [email])) as Array<{ n: number }>;
  return rows[0]?.n ?? -1;
}

const dirs: string[] = [];
const clients: S3Storage[] = [];

afterAll(async () => {
  for (const client of clients) client.client.destroy();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('S3Storage against a real S3-protocol server (s3rver)', () => {
  let server: S3Server;
  let storage: S3Storage;

  beforeAll(async () => {
    const dir = await tempDir('rental-s3rver-');
    dirs.push(dir);
    server = new S3Server(dir);
    await server.start();
    storage = s3Storage(server.endpoint);
    clients.push(storage);
    await storage.ensureBucket();
  });
  afterAll(() => server.stop());

  it('ensureBucket creates a missing bucket, after which check() succeeds, and is idempotent', async () => {
    const fresh = s3Storage(server.endpoint, `fresh-${randomUUID().slice(0, 8)}`);
    clients.push(fresh);
    // A reachable store that lacks the bucket is a 404, not an outage.
    const missing = await fresh.check().then(
      () => 'ok',
      (error: unknown) => error,
    );
    expect(missing).not.toBe('ok');
    expect(missing).not.toBeInstanceOf(AppError);

    await fresh.ensureBucket();
    await expect(fresh.check()).resolves.toBeUndefined();
    await expect(fresh.ensureBucket()).resolves.toBeUndefined();
  });

  it('createUploadUrl presigns a PUT that signs the content type and expires within 15 minutes; a PUT with that type stores the file', async () => {
    const key = `private/${randomUUID()}`;
    const bytes = fileBytes('png', 1234);
    const options = { contentType: 'image/png', maxBytes: DOCUMENT_MAX_BYTES, expiresInSeconds: 15 * 60, origin: 'http://localhost' };
    // Without a length to sign, S3 could not hold the upload to its limit: no address of the bucket's.
    expect(await storage.createUploadUrl(key, options)).toBeNull();
    const target = (await storage.createUploadUrl(key, { ...options, contentLength: bytes.length }))!;

    const url = new URL(target.url);
    expect(url.origin).toBe(server.endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/${key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    expect(target.headers).toEqual({ 'Content-Type': 'image/png' });

    const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    expect(await storage.head(key)).toEqual({ size: 1234, contentType: 'image/png' });
  });

  it('createUploadUrl also signs the exact length when the size is declared', async () => {
    const key = `private/${randomUUID()}`;
    const bytes = fileBytes('pdf', 777);
    const target = (await storage.createUploadUrl(key, {
      contentType: 'application/pdf',
      contentLength: bytes.length,
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresInSeconds: 900,
      origin: 'http://localhost',
    }))!;
    const signed = new URL(target.url).searchParams.get('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toEqual(expect.arrayContaining(['content-type', 'content-length']));

    const put = await fetch(target.url, { method: 'PUT', headers: target.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    expect((await storage.head(key))?.size).toBe(777);
  });

  it('head, readStart, get and delete work on a stored object', async () => {
    const key = `public/${randomUUID()}`;
    const bytes = fileBytes('jpeg', 4096);
    await storage.put(key, bytes, 'image/jpeg');

    expect(await storage.head(key)).toEqual({ size: 4096, contentType: 'image/jpeg' });
    expect(Buffer.from(await storage.readStart(key, 16))).toEqual(bytes.subarray(0, 16));

    const object = await storage.get(key);
    expect(object).not.toBeNull();
    expect(object?.size).toBe(4096);
    expect(object?.contentType).toBe('image/jpeg');
    expect(await streamBytes(object!.body)).toEqual(bytes);

    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
  });

  it('readStart of a file shorter than asked returns the whole file', async () => {
    const key = `private/${randomUUID()}`;
    await storage.put(key, Buffer.from('%PDF-'), 'application/pdf');
    expect(Buffer.from(await storage.readStart(key, 16)).toString()).toBe('%PDF-');
  });

  it('list pages through one folder in key order, from a key on, following continuations past 1,000 keys', async () => {
    const prefix = 'public/' as const;
    const keys = Array.from({ length: 1003 }, () => `${prefix}${randomUUID()}`).sort();
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('x'), 'image/png')));

    const all = await storage.list(prefix, { limit: 5000 });
    expect(all.more).toBe(false);
    expect(all.objects.map((object) => object.key)).toEqual(keys);
    for (const object of all.objects) expect(Math.abs(object.lastModified.getTime() - Date.now())).toBeLessThan(10 * 60_000);

    const first = await storage.list(prefix, { limit: 1001 });
    expect(first.objects.map((object) => object.key)).toEqual(keys.slice(0, 1001));
    expect(first.more).toBe(true);
    const rest = await storage.list(prefix, { startAfter: keys[1000], limit: 1001 });
    expect(rest.objects.map((object) => object.key)).toEqual(keys.slice(1001));
    expect(rest.more).toBe(false);
    expect((await storage.list('private/', { startAfter: 'private/~', limit: 10 })).objects).toEqual([]);
  });

  it('head and get of a missing key answer null, and deleting it is harmless', async () => {
    const key = `private/${randomUUID()}`;
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });
});

describe('uploads and bookings through the app with S3 storage', () => {
  let server: S3Server;
  let h: Harness;

  beforeAll(async () => {
    const dir = await tempDir('rental-s3rver-app-');
    dirs.push(dir);
    server = new S3Server(dir);
    await server.start({ buckets: [BUCKET] });
    h = await createHarness({ storage: () => s3Storage(server.endpoint) });
    clients.push(h.deps.storage as S3Storage);
  });
  afterAll(async () => {
    await h?.close();
    await server.stop();
  });

  it('books a car with three documents PUT straight to the bucket through presigned addresses (201)', async () => {
    const ask = await request(h, 'POST', '/api/objects/upload', { kind: 'document', contentType: 'image/png', size: 256 });
    expect(ask.status).toBe(200);
    expect(new URL(ask.body.uploadURL).origin).toBe(server.endpoint);
    expect(ask.body.objectPath).toMatch(/^\/objects\/private\/[0-9a-f-]{36}$/);
    expect(ask.body.headers).toEqual({ 'Content-Type': 'image/png' });

    const documents = await uploadDocumentsToS3(h);
    const payload = bookingPayload(await firstCarId(h), documents, { customer: { email: 's3.renter@example.com', fullName: 'Ana Reyes' } });
    const answer = await request(h, 'POST', '/api/bookings', payload);

    expect(answer.status).toBe(201);
    expect(answer.body.booking.status).toBe('pending');
    // Each document was copied in the bucket to a key no upload address was signed for.
    for (const field of ['photoId1Url', 'photoId2Url', 'proofOfBillingUrl'] as const) {
      expect(answer.body.customer[field]).toMatch(/^\/objects\/private\/[0-9a-f-]{36}$/);
      expect(answer.body.customer[field]).not.toBe(documents[field]);
      expect(await h.deps.storage.head(keyFromObjectPath(answer.body.customer[field]) ?? '')).not.toBeNull();
    }
  });

  it('keeps a checked document as it was when its still-valid upload address is used again', async () => {
    const png = fileBytes('png', 4096);
    const first = await uploadToS3(h, png, 'image/png');
    const others = { photoId2Url: (await uploadToS3(h, fileBytes('jpeg'), 'image/jpeg')).objectPath, proofOfBillingUrl: (await uploadToS3(h, fileBytes('pdf'), 'application/pdf')).objectPath };
    const payload = bookingPayload(await firstCarId(h, 2), { photoId1Url: first.objectPath, ...others }, { customer: { email: 'resealed@example.com' } });
    const answer = await request(h, 'POST', '/api/bookings', payload);
    expect(answer.status).toBe(201);

    // The address lives 15 minutes: an HTML page and an 8 MB file PUT there after the check...
    const html = fileBytes('html', 512);
    expect((await fetch(first.uploadURL, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(html) })).status).toBe(200);
    expect((await fetch(first.uploadURL, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(8 * 1024 * 1024) })).ok).toBe(true);
    // ...reach only the abandoned original: staff still get the checked PNG.
    const served = await h.app.request(answer.body.booking.photoId1Url as string, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('serves a private document from the bucket only to staff, with nosniff and Content-Disposition', async () => {
    const bytes = fileBytes('png', 2048);
    const others = { photoId2Url: (await uploadToS3(h, fileBytes('jpeg'), 'image/jpeg')).objectPath, proofOfBillingUrl: (await uploadToS3(h, fileBytes('pdf'), 'application/pdf')).objectPath };
    const loose = await uploadToS3(h, bytes, 'image/png');
    const booked = await request(h, 'POST', '/api/bookings', bookingPayload(await firstCarId(h, 3), { photoId1Url: loose.objectPath, ...others }, { customer: { email: 'held@example.com' } }));
    expect(booked.status).toBe(201);
    const objectPath = booked.body.booking.photoId1Url as string;

    const anonymous = await h.app.request(objectPath);
    expect(anonymous.status).toBe(401);

    const response = await h.app.request(objectPath, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="document-[0-9a-f]{8}\.png"$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('refuses at booking time (400) a file whose bytes are HTML but was uploaded as image/png, deletes it and saves nothing', async () => {
    // s3rver stores whatever is PUT; the application must look at the bytes.
    const html = await uploadToS3(h, fileBytes('html'), 'image/png');
    expect(await h.deps.storage.head(html.key)).not.toBeNull();
    const documents = {
      photoId1Url: html.objectPath,
      photoId2Url: (await uploadToS3(h, fileBytes('jpeg'), 'image/jpeg')).objectPath,
      proofOfBillingUrl: (await uploadToS3(h, fileBytes('pdf'), 'application/pdf')).objectPath,
    };
    const email = 'html.sneaker@example.com';
    const answer = await request(h, 'POST', '/api/bookings', bookingPayload(await firstCarId(h, 1), documents, { customer: { email, fullName: 'Sneaky Sender' } }));

    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.errors.documentType);
    expect(await h.deps.storage.head(html.key)).toBeNull();
    expect(await customerCount(h, email)).toBe(0);
  });

  it('sends an upload of undeclared size through the server, which stops its bytes past the limit: the bucket never holds them', async () => {
    /** A PUT to an upload address on the app itself, as a browser sends it (streamed, its length declared or not). */
    const put = (uploadURL: string, bytes: Buffer, declareLength: boolean) => {
      const url = new URL(uploadURL);
      const headers: Record<string, string> = { 'content-type': 'image/png', ...(declareLength ? { 'content-length': String(bytes.length) } : {}) };
      return h.app.request(url.pathname + url.search, { method: 'PUT', headers, body: new Uint8Array(bytes) });
    };
    // The spec's bare request may become either kind: up to 10 MB, which S3 cannot hold a presigned PUT of unknown length to.
    const bare = await request(h, 'POST', '/api/objects/upload');
    expect(bare.status).toBe(200);
    expect(new URL(bare.body.uploadURL as string).origin).not.toBe(server.endpoint);
    const key = keyFromObjectPath(bare.body.objectPath as string)!;
    const limit = UPLOAD_RULES.unspecified.maxBytes;
    expect((await put(bare.body.uploadURL as string, fileBytes('png', limit + 1), true)).status).toBe(413);
    expect((await put(bare.body.uploadURL as string, fileBytes('png', limit + 1), false)).status).toBe(413);
    expect(await h.deps.storage.head(key)).toBeNull();
    // Within the limit, the file is stored in the bucket.
    expect((await put(bare.body.uploadURL as string, fileBytes('png', 2048), true)).status).toBe(200);
    expect(await h.deps.storage.head(key)).toEqual({ size: 2048, contentType: 'image/png' });

    // A document's address asked for without a size: the document's limit.
    const document = await request(h, 'POST', '/api/objects/upload', { kind: 'document', contentType: 'image/png' });
    expect(new URL(document.body.uploadURL as string).origin).not.toBe(server.endpoint);
    expect((await put(document.body.uploadURL as string, fileBytes('png', DOCUMENT_MAX_BYTES + 1), false)).status).toBe(413);
    expect(await h.deps.storage.head(keyFromObjectPath(document.body.objectPath as string)!)).toBeNull();
  });

  it('refuses at check time (400) a document just over 5,242,880 bytes and deletes it from the bucket', async () => {
    // A store that does not hold a PUT to its signed length (s3rver stores whatever comes) keeps the larger file.
    const ask = await request(h, 'POST', '/api/objects/upload', { kind: 'document', contentType: 'image/png', size: DOCUMENT_MAX_BYTES });
    const big = { objectPath: ask.body.objectPath as string, key: keyFromObjectPath(ask.body.objectPath as string)! };
    expect((await fetch(ask.body.uploadURL as string, { method: 'PUT', headers: ask.body.headers as Record<string, string>, body: new Uint8Array(fileBytes('png', DOCUMENT_MAX_BYTES + 1)) })).status).toBe(200);
    expect((await h.deps.storage.head(big.key))?.size).toBe(DOCUMENT_MAX_BYTES + 1);

    const answer = await request(h, 'POST', '/api/objects/check', { objectPath: big.objectPath });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.errors.documentSize);
    expect(await h.deps.storage.head(big.key)).toBeNull();
  });

  it('reads a JPEG’s size past 100 kB of metadata at check time: refuses and deletes a decompression bomb, keeps a phone photo', async () => {
    const bomb = await uploadToS3(h, fileBytes('jpeg', 120_000, { width: 30_000, height: 30_000, metadata: 100_000 }), 'image/jpeg');
    const refused = await request(h, 'POST', '/api/objects/check', { objectPath: bomb.objectPath });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.errors.imageTooManyPixels({ side: '16,384', megapixels: 100 }));
    expect(await h.deps.storage.head(bomb.key)).toBeNull();

    const photo = await uploadToS3(h, fileBytes('jpeg', 120_000, { width: 4_032, height: 3_024, metadata: 100_000 }), 'image/jpeg');
    const kept = await request(h, 'POST', '/api/objects/check', { objectPath: photo.objectPath });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await h.deps.storage.head(photo.key)).not.toBeNull();
  });

  it('accepts at check time a document of exactly 5,242,880 bytes and keeps it', async () => {
    const limit = await uploadToS3(h, fileBytes('pdf', DOCUMENT_MAX_BYTES), 'application/pdf');
    const answer = await request(h, 'POST', '/api/objects/check', { objectPath: limit.objectPath });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ objectPath: limit.objectPath, contentType: 'application/pdf', size: DOCUMENT_MAX_BYTES });
    expect(await h.deps.storage.head(limit.key)).not.toBeNull();
  });
});

describe('while the S3 server is unreachable', () => {
  let server: S3Server;
  let h: Harness;
  let storage: S3Storage;

  beforeAll(async () => {
    const dir = await tempDir('rental-s3rver-down-');
    dirs.push(dir);
    server = new S3Server(dir);
    await server.start({ buckets: [BUCKET] });
    h = await createHarness({ storage: () => s3Storage(server.endpoint) });
    storage = h.deps.storage as S3Storage;
    clients.push(storage);
  });
  afterAll(async () => {
    await h?.close();
    await server.stop();
  });

  it('check() rejects, object reads answer 503 with the storage message, and service resumes when the server returns', async () => {
    const stored = await uploadToS3(h, fileBytes('png'), 'image/png');
    const publicPath = `/objects/public/${randomUUID()}`;
    await expect(storage.check()).resolves.toBeUndefined();

    await server.stop();

    const failure = await storage.check().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('SERVICE_UNAVAILABLE');

    const check = await request(h, 'POST', '/api/objects/check', { objectPath: stored.objectPath });
    expect(check.status).toBe(503);
    expect(check.body).toEqual({ message: UNAVAILABLE });

    const image = await request(h, 'GET', publicPath);
    expect(image.status).toBe(503);
    expect(image.body).toEqual({ message: UNAVAILABLE });

    const health = await request(h, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.storage).toBe('unavailable');

    // Same port, same data: the app recovers without a restart.
    await server.start();
    await expect(storage.check()).resolves.toBeUndefined();
    const again = await request(h, 'POST', '/api/objects/check', { objectPath: stored.objectPath });
    expect(again.status).toBe(200);
    expect(again.body.contentType).toBe('image/png');
    expect((await request(h, 'GET', publicPath)).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../../src/server/clock';
import { ContactMessage, MailMessage, Upload } from '../../src/server/db/entities';
import { businessInfo, parseEnv } from '../../src/server/env';
import { attachUploads, cleanupUploads, planUploads } from '../../src/server/services/upload.service';
import { createContextInner } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/root';
import { keyFromObjectPath } from '../../src/server/storage/storage';
import { messages } from '../../src/shared/messages';
import { CAR_IMAGE_MAX_BYTES, DOCUMENT_MAX_BYTES, UPLOAD_RULES } from '../../src/shared/schemas/upload.schema';
import { fileBytes, upload } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { expectError, newCar, publicBooking, sessionsWaitingOnALock, uniqueEmail, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => clock.reset());

const key = (path: string) => keyFromObjectPath(path) ?? '';

async function uploadRow(path: string) {
  return h.orm.em.fork().findOne(Upload, { objectKey: key(path) });
}

describe('contact.send', () => {
  it('stores the message and queues exactly one notice to the garage', async () => {
    const email = uniqueEmail('enquirer');
    const text = `Do you have a van for 12 people? ${uniqueWord()}`;
    const { id } = await h.caller().contact.send({ firstName: ' Lito ', lastName: 'Bautista', email: email.toUpperCase(), phone: '0917 555 1234', subject: 'Corporate Rentals', message: text });

    const em = h.orm.em.fork();
    const stored = await em.findOneOrFail(ContactMessage, { id });
    expect(stored).toMatchObject({ firstName: 'Lito', lastName: 'Bautista', email, phone: '0917 555 1234', subject: 'Corporate Rentals', message: text });
    const mails = await em.find(MailMessage, { kind: 'contact.garage', replyTo: email });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'garage@example.com', status: 'queued' });
    expect(mails[0]!.text).toContain(text);
  });

  it('accepts a message without phone and subject (General Inquiry)', async () => {
    const email = uniqueEmail('short');
    const { id } = await h.caller().contact.send({ firstName: 'Ana', lastName: 'Cruz', email, message: 'Hello' });
    expect(await h.orm.em.fork().findOneOrFail(ContactMessage, { id })).toMatchObject({ phone: null, subject: 'General Inquiry' });
  });

  it('refuses a message missing a required field and stores nothing', async () => {
    const email = uniqueEmail('incomplete');
    await expectError(h.caller().contact.send({ firstName: '', lastName: 'Cruz', email, message: 'Hello' }), 'BAD_REQUEST');
    await expectError(h.caller().contact.send({ firstName: 'Ana', lastName: 'Cruz', email, message: '   ' }), 'BAD_REQUEST');
    await expectError(h.caller().contact.send({ firstName: 'Ana', lastName: 'Cruz', email: 'not-an-email', message: 'Hi' }), 'BAD_REQUEST');
    const em = h.orm.em.fork();
    expect(await em.count(ContactMessage, { email })).toBe(0);
    expect(await em.count(MailMessage, { replyTo: email })).toBe(0);
  });
});

describe('uploads.request', () => {
  it('gives staff a private upload address of no kind when nothing is declared (a document or a car image, decided when attached)', async () => {
    const target = await h.caller({ staff: true }).uploads.request({});
    expect(target.method).toBe('PUT');
    expect(target.objectPath).toMatch(/^\/objects\/private\/[0-9a-f-]{36}$/);
    expect(target.uploadURL).toMatch(/^http:\/\/localhost\/objects\/upload\/private\//);
    expect(Date.parse(target.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(await uploadRow(target.objectPath)).toMatchObject({ kind: 'unspecified', contentType: null, attachedTo: null });
    expect(new URL(target.uploadURL).searchParams.get('max')).toBe(String(UPLOAD_RULES.unspecified.maxBytes));
  });

  it('gives a stranger who declares nothing a document’s address: all it can ever become, held to a document’s 5 MB', async () => {
    const target = await h.caller().uploads.request({});
    expect(target.objectPath).toMatch(/^\/objects\/private\/[0-9a-f-]{36}$/);
    expect(await uploadRow(target.objectPath)).toMatchObject({ kind: 'document', contentType: null, attachedTo: null });
    expect(new URL(target.uploadURL).searchParams.get('max')).toBe(String(UPLOAD_RULES.document.maxBytes));
    await expectError(h.caller().uploads.request({ size: UPLOAD_RULES.document.maxBytes + 1 }), 'PAYLOAD_TOO_LARGE', messages.errors.documentSize);
    await expectError(h.caller().uploads.request({ contentType: 'image/webp' }), 'UNSUPPORTED_MEDIA_TYPE', messages.errors.documentType);
  });

  it('signs the declared type of a document', async () => {
    const target = await h.caller().uploads.request({ kind: 'document', contentType: 'application/pdf', size: 1000 });
    expect(target.headers).toMatchObject({ 'Content-Type': 'application/pdf' });
    expect(await uploadRow(target.objectPath)).toMatchObject({ kind: 'document', contentType: 'application/pdf' });
  });

  it('gives car-image addresses to staff only', async () => {
    await expectError(h.caller().uploads.request({ kind: 'car-image', contentType: 'image/png' }), 'UNAUTHORIZED', messages.errors.unauthorized);
    const target = await h.caller({ staff: true }).uploads.request({ kind: 'car-image', contentType: 'image/webp' });
    expect(target.objectPath).toMatch(/^\/objects\/public\//);
    expect(await uploadRow(target.objectPath)).toMatchObject({ kind: 'car-image' });
  });

  it('refuses a type the kind does not take with UNSUPPORTED_MEDIA_TYPE', async () => {
    await expectError(h.caller().uploads.request({ kind: 'document', contentType: 'image/webp' }), 'UNSUPPORTED_MEDIA_TYPE', messages.errors.documentType);
    await expectError(h.caller({ staff: true }).uploads.request({ kind: 'car-image', contentType: 'application/pdf' }), 'UNSUPPORTED_MEDIA_TYPE', messages.errors.carImageType);
    await expectError(h.caller().uploads.request({ contentType: 'text/html' as never }), 'BAD_REQUEST');
  });

  it('refuses a declared size over the limit with PAYLOAD_TOO_LARGE', async () => {
    await expectError(h.caller().uploads.request({ kind: 'document', contentType: 'image/png', size: DOCUMENT_MAX_BYTES + 1 }), 'PAYLOAD_TOO_LARGE', messages.errors.documentSize);
    await h.caller().uploads.request({ kind: 'document', contentType: 'image/png', size: DOCUMENT_MAX_BYTES });
    // Staff's of no kind: the larger limit of the two, each kind's own checked when attached.
    await expectError(h.caller({ staff: true }).uploads.request({ contentType: 'image/png', size: CAR_IMAGE_MAX_BYTES + 1 }), 'PAYLOAD_TOO_LARGE', messages.errors.uploadSize);
    await h.caller({ staff: true }).uploads.request({ contentType: 'image/png', size: CAR_IMAGE_MAX_BYTES });
    await expectError(
      h.caller({ staff: true }).uploads.request({ kind: 'car-image', contentType: 'image/jpeg', size: CAR_IMAGE_MAX_BYTES + 1 }),
      'PAYLOAD_TOO_LARGE',
      messages.errors.carImageSize,
    );
    await h.caller({ staff: true }).uploads.request({ kind: 'car-image', contentType: 'image/jpeg', size: CAR_IMAGE_MAX_BYTES });
  });
});

describe('uploads.check', () => {
  it('reports the real type and size of a stored file', async () => {
    const path = await upload(h, fileBytes('pdf', 1234), { contentType: 'application/pdf' });
    expect(await h.caller().uploads.check({ objectPath: path })).toEqual({ objectPath: path, contentType: 'application/pdf', size: 1234 });
  });

  it('says when the file has not been stored yet, or the path is unknown', async () => {
    const target = await h.caller().uploads.request({ contentType: 'image/png' });
    await expectError(h.caller().uploads.check({ objectPath: target.objectPath }), 'BAD_REQUEST', messages.errors.uploadNotStored);
    await expectError(h.caller().uploads.check({ objectPath: `/objects/private/${randomUUID()}` }), 'BAD_REQUEST', messages.errors.uploadNotFound);
    await expectError(h.caller().uploads.check({ objectPath: '/objects/../etc/passwd' }), 'BAD_REQUEST');
  });

  it('refuses, and deletes, a stored file whose real type is not allowed or differs from the declared one', async () => {
    const html = await h.caller({ staff: true }).uploads.request({});
    await h.deps.storage.put(key(html.objectPath), fileBytes('html'), 'image/png');
    await expectError(h.caller().uploads.check({ objectPath: html.objectPath }), 'BAD_REQUEST', messages.errors.uploadType);
    // A stranger's is a document, checked as one.
    const theirs = await h.caller().uploads.request({});
    await h.deps.storage.put(key(theirs.objectPath), fileBytes('html'), 'image/png');
    await expectError(h.caller().uploads.check({ objectPath: theirs.objectPath }), 'BAD_REQUEST', messages.errors.documentType);
    expect(await h.deps.storage.head(key(html.objectPath))).toBeNull();

    const declaredPng = await h.caller().uploads.request({ contentType: 'image/png' });
    await h.deps.storage.put(key(declaredPng.objectPath), fileBytes('jpeg'), 'image/png');
    await expectError(h.caller().uploads.check({ objectPath: declaredPng.objectPath }), 'BAD_REQUEST', messages.errors.uploadContentType);
    expect(await h.deps.storage.head(key(declaredPng.objectPath))).toBeNull();
  });
});

describe('cleanupUploads', () => {
  it('deletes uploads never attached after 24 hours and keeps attached ones', async () => {
    const loose = await upload(h, fileBytes('png'));
    const car = await newCar(h);
    const { documents } = await publicBooking(h, car.id);
    const { image } = await newCar(h, { image: await upload(h, fileBytes('png'), { kind: 'car-image', staff: true }) });

    // nothing is old enough yet
    await cleanupUploads(h.deps);
    expect(await uploadRow(loose)).not.toBeNull();
    expect(await h.deps.storage.head(key(loose))).not.toBeNull();

    clock.advance(25 * 3_600_000);
    try {
      expect(await cleanupUploads(h.deps)).toBeGreaterThanOrEqual(1);
    } finally {
      clock.reset();
    }
    expect(await uploadRow(loose)).toBeNull();
    expect(await h.deps.storage.head(key(loose))).toBeNull();
    for (const path of [...Object.values(documents), image]) {
      expect((await uploadRow(path))?.attachedTo).toBeTruthy();
      expect(await h.deps.storage.head(key(path))).not.toBeNull();
    }
  });

  it('deletes a file released by its owner once it is older than 24 hours', async () => {
    const first = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
    const second = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
    const car = await newCar(h, { image: first });
    const updated = await h.caller({ staff: true }).cars.update({ id: car.id, data: { image: second } });
    clock.advance(25 * 3_600_000);
    try {
      await cleanupUploads(h.deps);
    } finally {
      clock.reset();
    }
    expect(await uploadRow(car.image)).toBeNull();
    expect(await h.deps.storage.head(key(car.image))).toBeNull();
    expect((await uploadRow(updated.image))?.attachedTo).toBe(`car:${car.id}`);
  });

  it('deletes what a sealed upload left at its upload address once the address has expired, never the sealed bytes', async () => {
    const path = await upload(h, fileBytes('png'), { kind: 'car-image', staff: true });
    const car = await newCar(h, { image: path });
    expect((await uploadRow(path))?.attachedTo).toBe('sealed');
    await cleanupUploads(h.deps);
    expect(await uploadRow(path)).not.toBeNull();
    clock.advance(31 * 60_000);
    try {
      await cleanupUploads(h.deps);
    } finally {
      clock.reset();
    }
    expect(await uploadRow(path)).toBeNull();
    expect((await uploadRow(car.image))?.attachedTo).toBe(`car:${car.id}`);
    expect(await h.deps.storage.head(key(car.image))).not.toBeNull();
  });
});

describe('cleanupUploads racing an attach', () => {
  it('keeps the file of an old upload that a booking is attaching at that very moment', async () => {
    const path = await upload(h, fileBytes('png'));
    clock.advance(25 * 3_600_000);
    const em = h.orm.em.fork();
    await em.begin();
    let cleanup: Promise<number> | undefined;
    let sealedPath: string | undefined;
    try {
      const plan = planUploads([path], 'document');
      await attachUploads({ em, deps: h.deps, actor: null }, plan, 'document', `customer:${randomUUID()}`);
      sealedPath = plan[0]!.to;
      await em.flush();
      // the clean-up runs while the attaching transaction is still open, and gets as far as it can:
      // it either waits for that transaction's row lock or has finished
      let finished = false;
      cleanup = cleanupUploads(h.deps).finally(() => (finished = true));
      await vi.waitFor(async () => expect(finished || (await sessionsWaitingOnALock(h)) > 0).toBe(true), { timeout: 10_000 });
      await em.commit();
    } catch (error) {
      await em.rollback();
      throw error;
    }
    expect(await cleanup).toBe(0);
    expect((await uploadRow(path))?.attachedTo).toBe('sealed');
    expect((await uploadRow(sealedPath!))?.attachedTo).toMatch(/^customer:/);
    expect(await h.deps.storage.head(key(sealedPath!))).not.toBeNull();
  });
});

describe('site.info', () => {
  it('gives the public the business details the server was configured with', async () => {
    const info = await h.caller().site.info();
    expect(info).toEqual(h.deps.business);
    expect(info.hours).toBe('Monday - Sunday, 8:00 AM - 6:00 PM');
    expect(info.addressLine2).toMatch(/Pangasinan/);
    expect(info.phonePrimary).not.toBe(info.phoneSecondary);
  });

  it('reflects settings that override the defaults', async () => {
    const env = parseEnv({ BUSINESS_NAME: 'Lingayen Wheels', BUSINESS_PHONE_PRIMARY: '+63 917 000 0000' });
    const deps = { ...h.deps, business: businessInfo(env) };
    const info = await createCaller(createContextInner({ em: h.orm.em.fork(), deps })).site.info();
    expect(info).toMatchObject({ name: 'Lingayen Wheels', phonePrimary: '+63 917 000 0000', email: h.deps.business.email });
  });
});

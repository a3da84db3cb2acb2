import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { describeError, setLogLevel } from '../../src/server/logger';
import { bookingPayload, fileBytes, upload, uploadDocuments } from '../utils/fixtures';
import { createHarness, TEST_ADMIN_PASSWORD, TEST_API_TOKEN, type Harness } from '../utils/harness';
import { availableCar, call, renter, signIn } from './helpers';

/**
 * Captures everything the server writes to stdout and stderr, at the most verbose level, while
 * staff sign in (rightly and wrongly), renters upload documents and book, and staff read the
 * documents; then looks for any secret or document content in it.
 */
let h: Harness;
const captured: string[] = [];
const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

function capture(): void {
  const tap = (original: typeof process.stdout.write) =>
    ((chunk: unknown, ...rest: unknown[]) => {
      captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
  process.stdout.write = tap(writes.out);
  process.stderr.write = tap(writes.err);
}

beforeAll(async () => {
  h = await createHarness();
  setLogLevel('debug');
  capture();
});

afterAll(async () => {
  process.stdout.write = writes.out;
  process.stderr.write = writes.err;
  setLogLevel('silent');
  await h?.close();
});

describe('logs', () => {
  it('hold no password, cookie, token or document content through sign-ins, bookings and uploads', async () => {
    const secrets: string[] = [TEST_ADMIN_PASSWORD, TEST_API_TOKEN];
    const wrongPassword = 'wrong-password-canary-81f3';
    secrets.push(wrongPassword);

    expect((await call(h, 'POST', '/api/admin/login', { password: wrongPassword })).status).toBe(401);
    const session = await signIn(h);
    const token = session.cookie!.split('=')[1]!;
    secrets.push(token);

    // Documents whose bytes carry a recognisable text, like a scanned ID would carry a name.
    const content = 'DOCUMENT-CONTENT-CANARY-JUAN-DELA-CRUZ-1985';
    // Each document its own file (one file cannot stand for two documents).
    let sizeStep = 0;
    const bytes = (kind: 'png' | 'pdf') =>
      Buffer.concat([fileBytes(kind, 64), Buffer.from(content), Buffer.alloc(200 + (sizeStep += 1), 0x20)]);
    secrets.push(content);
    const car = await availableCar(h, 0);
    const documents = {
      photoId1Url: await upload(h, bytes('png')),
      photoId2Url: await upload(h, bytes('png')),
      proofOfBillingUrl: await upload(h, bytes('pdf'), { contentType: 'application/pdf' }),
    };
    const upAsk = await call(h, 'POST', '/api/objects/upload');
    const signature = new URL(upAsk.body.uploadURL as string).searchParams.get('signature')!;
    secrets.push(signature);

    const made = await call(h, 'POST', '/api/bookings', bookingPayload(car.id, documents, { customer: renter('privacy') }));
    expect(made.status).toBe(201);
    secrets.push(made.body.documentToken as string);
    const refused = await call(h, 'POST', '/api/bookings', bookingPayload(car.id, documents, { customer: renter('privacy') }));
    expect(refused.status).toBeGreaterThanOrEqual(400);

    // Staff read a document with the cookie, change the documents with the renter's token, and log out.
    const read = await h.app.request(made.body.customer.photoId1Url as string, { headers: { cookie: session.cookie! } });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).toString('latin1')).toContain(content);
    const replaced = await call(h, 'PUT', `/api/customers/${made.body.customer.id}/documents`, documents, { headers: { 'x-document-token': made.body.documentToken } });
    expect(replaced.status).toBeLessThan(500);
    expect((await call(h, 'GET', '/api/admin/bookings', undefined, { staff: true })).status).toBe(200);
    expect((await call(h, 'POST', '/api/admin/logout', undefined, { cookie: session.cookie! })).status).toBe(200);

    const log = captured.join('');
    // The capture works and the sign-in events were logged...
    expect(log).toMatch(/"event":"admin\.login"/);
    expect(log).toMatch(/"event":"admin\.login\.failed"/);
    expect(log).toMatch(/"event":"admin\.logout"/);
    // ...without any secret, cookie or document content.
    for (const secret of secrets) expect(log.includes(secret), `the log contains ${secret.slice(0, 12)}…`).toBe(false);
    expect(log).not.toMatch(/rental_session=|authorization|x-document-token|bearer /i);
    expect(log).not.toContain('\x89PNG');
    expect(log).not.toContain('%PDF');
  });

  it('hold no renter detail from a database error: PostgreSQL’s own words, not the statement with its values', async () => {
    const slow = await createHarness({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '300' } });
    setLogLevel('debug');
    const locker = new pg.Client({ connectionString: slow.databaseUrl });
    await locker.connect();
    try {
      const car = await availableCar(slow, 0);
      const documents = await uploadDocuments(slow);
      const email = `pedro.private.${Date.now()}@example.com`;
      const payload = bookingPayload(car.id, documents, { customer: { ...renter('timeout'), email, fullName: 'Pedro Penduko', license: 'N03-77-654321' } });
      await locker.query('begin');
      await locker.query('lock table customer in access exclusive mode');
      const from = captured.length;
      const answer = await call(slow, 'POST', '/api/bookings', payload);
      await locker.query('rollback');
      expect(answer.status).toBe(503);
      const line = captured.slice(from).find((text) => text.includes('request.unavailable')) ?? '';
      expect(line).toContain('canceling statement due to statement timeout');
      for (const detail of [email, 'Pedro Penduko', 'N03-77-654321', 'insert into']) expect(line, detail).not.toContain(detail);
    } finally {
      await locker.end();
      await slow.close();
    }
  });

  it('hold no e-mail address from an error, such as a mail server’s refusal of a recipient', () => {
    const refusal = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <juana.private@example.com>: Recipient address rejected"), { code: 'EENVELOPE' });
    const described = JSON.stringify(describeError(refusal));
    expect(described).not.toContain('juana.private@example.com');
    expect(described).toContain('550 5.1.1 <[e-mail]>: Recipient address rejected');
  });
});

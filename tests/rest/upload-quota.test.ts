import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { bookingPayload, fileBytes } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { askUpload, availableCar, call, putFile, renter } from './helpers';

const MB = 2 ** 20;
const NETWORK_MB = 10;
const ALL_MB = 25;

let h: Harness;
beforeAll(async () => {
  // Behind a proxy, so that each request can come from a network of its own.
  h = await createHarness({ env: { UPLOADS_NETWORK_MAX_MB: String(NETWORK_MB), UPLOADS_UNATTACHED_MAX_MB: String(ALL_MB), TRUST_PROXY: 'true' } });
});
afterAll(() => h.close());

const sql = <T = unknown>(text: string, values: unknown[] = []) => h.orm.em.fork().getConnection().execute<T[]>(text, values);
// Each test starts with no stranger's upload waiting.
beforeEach(() => sql('delete from upload where attached_to is null'));

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const ask = (ip: string, size?: number) => askUpload(h, size === undefined ? undefined : { kind: 'document', contentType: 'image/png', size }, from(ip));
/** Asks for a network's whole quota, a document's 5 MB at a time. */
const fill = async (ip: string) => {
  for (let held = 0; held < NETWORK_MB; held += 5) expect((await ask(ip, 5 * MB)).status).toBe(200);
};
const uploadCount = async () => (await sql<{ n: number }>('select count(*)::int as n from upload'))[0]!.n;

describe('strangers’ uploads that no booking took are held to a quota', () => {
  it('one network’s, to UPLOADS_NETWORK_MAX_MB a day: past it the next address answers 429 with Retry-After and records nothing; other networks and staff still upload', async () => {
    expect((await ask('203.0.113.1', 4 * MB)).status).toBe(200);
    expect((await ask('203.0.113.1', 4 * MB)).status).toBe(200);
    const before = await uploadCount();
    const refused = await ask('203.0.113.1', 3 * MB);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: messages.errors.uploadQuota });
    // Until the first of them is a day old.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await uploadCount()).toBe(before);

    // Up to the quota exactly.
    expect((await ask('203.0.113.1', 2 * MB)).status).toBe(200);
    expect((await ask('203.0.113.1', 1)).status).toBe(429);
    expect((await ask('203.0.113.2', 4 * MB)).status).toBe(200);
    expect((await askUpload(h, { kind: 'document', contentType: 'image/png', size: 4 * MB }, { staff: true, ...from('203.0.113.1') })).status).toBe(200);
  });

  it('an address asked for without a size counts at a document’s 5 MB', async () => {
    expect((await ask('198.51.100.7')).status).toBe(200);
    expect((await ask('198.51.100.7')).status).toBe(200);
    expect((await ask('198.51.100.7')).status).toBe(429);
  });

  it('in Filipino, the refusal says so', async () => {
    await fill('198.51.100.8');
    const refused = await call(h, 'POST', '/api/objects/upload', undefined, { headers: { 'x-forwarded-for': '198.51.100.8', 'accept-language': 'fil' } });
    expect(refused.body.message).toBe(
      'Maraming file na ang na-upload mula sa network mo ngayong araw na hindi pa nagagamit sa booking. Mag-book gamit ang mga file na na-upload mo na, o subukan ulit mamaya.',
    );
  });

  it('files a booking took no longer count: a renter who books, then books again with new files, is not refused', async () => {
    const ip = '192.0.2.44';
    const documents = async () => {
      const paths: string[] = [];
      for (const kind of ['png', 'jpeg', 'pdf'] as const) {
        const bytes = fileBytes(kind, 3 * MB);
        const type = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' }[kind];
        const answer = await askUpload(h, { kind: 'document', contentType: type, size: bytes.length }, from(ip));
        expect(answer.status).toBe(200);
        expect((await putFile(h, answer.body.uploadURL, bytes, type)).status).toBe(200);
        paths.push(answer.body.objectPath);
      }
      return { photoId1Url: paths[0]!, photoId2Url: paths[1]!, proofOfBillingUrl: paths[2]! };
    };
    for (const index of [0, 1]) {
      const car = await availableCar(h, index);
      const booked = await call(h, 'POST', '/api/bookings', bookingPayload(car.id, await documents(), { customer: renter('quota') }), from(ip));
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    }
  });

  it('uploads more than a day old no longer count', async () => {
    await fill('192.0.2.45');
    expect((await ask('192.0.2.45', 1)).status).toBe(429);
    await sql("update upload set created_at = created_at - interval '25 hours' where network = '192.0.2.45'");
    expect((await ask('192.0.2.45', 1)).status).toBe(200);
  });

  it('all strangers’, to UPLOADS_UNATTACHED_MAX_MB: past it the next address answers 503 with Retry-After, staff’s still 200', async () => {
    for (const ip of ['10.1.0.1', '10.2.0.1']) await fill(ip);
    expect((await ask('10.3.0.1', (ALL_MB - 2 * NETWORK_MB) * MB)).status).toBe(200);
    const before = await uploadCount();
    const refused = await ask('10.4.0.1', 1);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: messages.errors.uploadsPaused });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await uploadCount()).toBe(before);
    expect((await askUpload(h, undefined, { staff: true, ...from('10.4.0.1') })).status).toBe(200);
  });
});

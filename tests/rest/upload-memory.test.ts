import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { fileBytes } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { askUpload } from './helpers';

/** Room for four uploads at the largest limit (10 MB): a network's quarter is one of them. */
const BUDGET_MB = 40;
const LARGE = fileBytes('png', 10 * 2 ** 20 - 1000);

let h: Harness;
beforeAll(async () => {
  // Behind a proxy, so that each test request can come from an address of its own.
  h = await createHarness({ env: { UPLOADS_MAX_BUFFERED_MB: String(BUDGET_MB), TRUST_PROXY: 'true' } });
});
afterAll(() => h.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A path and query to PUT to, from an upload address. */
const target = (uploadURL: string) => new URL(uploadURL).pathname + new URL(uploadURL).search;

/**
 * A PUT whose body arrives as the test sends it, as over a slow connection: `read` settles once the
 * server has taken the first part and asks for more (it holds the upload's room by then).
 */
function slowPut(uploadURL: string, first: Uint8Array, ip: string) {
  let pulls = 0;
  let reading!: () => void;
  const read = new Promise<void>((resolve) => (reading = resolve));
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    pull(c) {
      pulls += 1;
      if (pulls === 1) c.enqueue(first);
      else reading();
    },
  });
  const answer = h.app.request(target(uploadURL), { method: 'PUT', headers: { 'content-type': 'image/png', ...from(ip) }, body, duplex: 'half' } as RequestInit);
  return {
    answer,
    read,
    finish: (rest: Uint8Array) => {
      controller.enqueue(rest);
      controller.close();
    },
  };
}

/** An upload of most of LARGE's 10 MB from `ip` (staff's: a stranger's bare address takes 5 MB), the rest still to come. */
async function slowLargeUpload(ip: string) {
  const ask = await askUpload(h, undefined, { staff: true, headers: from(ip) });
  expect(ask.status).toBe(200);
  const slow = slowPut(ask.body.uploadURL, new Uint8Array(LARGE.subarray(0, LARGE.length - 500)), ip);
  await slow.read;
  return { ...slow, uploadURL: ask.body.uploadURL, end: async () => {
    slow.finish(new Uint8Array(LARGE.subarray(LARGE.length - 500)));
    return (await slow.answer).status;
  } };
}

/** A small PUT from `ip` (8 kB: more than the room four large uploads leave), declaring its length or not. */
async function smallPut(ip: string, declared: boolean) {
  const size = 8000;
  const ask = await askUpload(h, { kind: 'document', contentType: 'image/png', size }, { headers: from(ip) });
  const answer = await h.app.request(target(ask.body.uploadURL), {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...(declared ? { 'content-length': String(size) } : {}), ...from(ip) },
    body: new Uint8Array(fileBytes('png', size)),
  });
  return { answer, objectPath: ask.body.objectPath as string };
}

async function expectBusy(answer: Response): Promise<void> {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await answer.json()).toEqual({ message: messages.errors.uploadsBusy });
}

describe('uploads held in memory (UPLOADS_MAX_BUFFERED_MB)', () => {
  it('past the budget, an upload answers 503 with Retry-After (by its declared length before a byte is read, else as its bytes arrive); once the others end, it goes', async () => {
    const slow = await Promise.all(['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'].map(slowLargeUpload));
    for (const declared of [true, false]) {
      const { answer, objectPath } = await smallPut('198.51.100.5', declared);
      await expectBusy(answer);
      expect(await h.deps.storage.head(objectPath.replace(/^\/objects\//, ''))).toBeNull();
    }
    expect(await slow[0]!.end()).toBe(200);
    // The room is given back, whether an upload was stored or refused.
    expect((await smallPut('198.51.100.5', true)).answer.status).toBe(200);
    expect((await smallPut('198.51.100.5', false)).answer.status).toBe(200);
    for (const upload of slow.slice(1)) expect(await upload.end()).toBe(200);
  });

  it('holds a quarter of it for one network at most: its next upload waits, another network’s goes', async () => {
    const slow = await slowLargeUpload('203.0.113.7');
    await expectBusy((await smallPut('203.0.113.7', true)).answer);
    await expectBusy((await smallPut('203.0.113.7', false)).answer);
    expect((await smallPut('192.0.2.8', true)).answer.status).toBe(200);
    expect(await slow.end()).toBe(200);
    expect((await smallPut('203.0.113.7', true)).answer.status).toBe(200);
  });

  it('takes one body at a time for an upload address: a second one meanwhile is refused (409)', async () => {
    const slow = await slowLargeUpload('203.0.113.9');
    const second = await h.app.request(target(slow.uploadURL), { method: 'PUT', headers: { 'content-type': 'image/png', ...from('192.0.2.9') }, body: new Uint8Array(fileBytes('png', 3000)) });
    expect(second.status, await second.clone().text()).toBe(409);
    expect(await second.json()).toEqual({ message: messages.errors.uploadUnderWay });
    expect(await slow.end()).toBe(200);
  });
});

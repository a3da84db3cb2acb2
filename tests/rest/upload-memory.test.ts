import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { fileBytes } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { askUpload, putFile } from './helpers';

/** Room for one upload at the largest limit (10 MB) and nothing more. */
const BUDGET_MB = 10;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { UPLOADS_MAX_BUFFERED_MB: String(BUDGET_MB) } });
});
afterAll(() => h.close());

/**
 * A PUT whose body arrives as the test sends it, as over a slow connection: `reading` settles once
 * the server has taken the first part and asks for more (it holds the upload's room by then).
 */
function slowPut(uploadURL: string, first: Uint8Array) {
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
  const url = new URL(uploadURL);
  const answer = h.app.request(url.pathname + url.search, { method: 'PUT', headers: { 'content-type': 'image/png' }, body, duplex: 'half' } as RequestInit);
  return {
    answer,
    read,
    finish: (rest: Uint8Array) => {
      controller.enqueue(rest);
      controller.close();
    },
  };
}

describe('uploads held in memory (UPLOADS_MAX_BUFFERED_MB)', () => {
  it('past the budget, an upload answers 503 with Retry-After (by its declared length before a byte is read, else as its bytes arrive); once the others end, it goes', async () => {
    // An upload of undeclared size, most of its 10 MB arrived, the rest still coming over a slow connection.
    const slowAsk = await askUpload(h);
    expect(slowAsk.status).toBe(200);
    const large = fileBytes('png', BUDGET_MB * 2 ** 20 - 1000);
    const slow = slowPut(slowAsk.body.uploadURL, new Uint8Array(large.subarray(0, large.length - 500)));
    await slow.read;

    const ask = await askUpload(h, { kind: 'document', contentType: 'image/png', size: 3000 });
    const path = new URL(ask.body.uploadURL).pathname + new URL(ask.body.uploadURL).search;
    const put = (headers: Record<string, string>) => h.app.request(path, { method: 'PUT', headers: { 'content-type': 'image/png', ...headers }, body: new Uint8Array(fileBytes('png', 3000)) });
    for (const declared of [{ 'content-length': '3000' }, {}] as Array<Record<string, string>>) {
      const refused = await put(declared);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ message: messages.errors.uploadsBusy });
    }
    expect(await h.deps.storage.head(ask.body.objectPath.replace(/^\/objects\//, ''))).toBeNull();

    slow.finish(new Uint8Array(large.subarray(large.length - 500)));
    expect((await slow.answer).status).toBe(200);
    // The room is given back, whether an upload was stored or refused.
    expect((await putFile(h, ask.body.uploadURL, fileBytes('png', 3000), 'image/png', { declareLength: true })).status).toBe(200);
    const another = await askUpload(h);
    expect((await putFile(h, another.body.uploadURL, fileBytes('png', 2000), 'image/png')).status).toBe(200);
  });
});

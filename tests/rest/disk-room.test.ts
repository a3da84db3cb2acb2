import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/server/storage/local';
import { messages } from '../../src/shared/messages';
import { fileBytes } from '../utils/fixtures';
import { createHarness, TEST_API_TOKEN, type Harness } from '../utils/harness';
import { askUpload, putFile } from './helpers';

/** A floor no disk reaches (a thousand terabytes), and one every disk does. */
const full = { UPLOADS_MIN_FREE_MB: String(1_000_000_000) };
const roomy = { UPLOADS_MIN_FREE_MB: '0' };

/** A DATA_DIR nothing has made yet: with an external database, the first upload is the first to need it. */
const unmade = join(tmpdir(), `rental-unmade-${randomUUID()}`, 'data');

let low: Harness;
let ample: Harness;
let fresh: Harness;
beforeAll(async () => {
  [low, ample, fresh] = await Promise.all([
    createHarness({ env: full }),
    createHarness({ env: roomy }),
    createHarness({ env: roomy, storage: () => new LocalStorage(unmade) }),
  ]);
});
afterAll(async () => {
  await low?.close();
  await ample?.close();
  await fresh?.close();
  await rm(join(unmade, '..'), { recursive: true, force: true });
});

describe('uploads when the disk runs low (UPLOADS_MIN_FREE_MB)', () => {
  it('pause with 503 and Retry-After before a byte is written, and the site goes on answering', async () => {
    const ask = await askUpload(low);
    expect(ask.status).toBe(200);
    const url = new URL(ask.body.uploadURL);
    const response = await low.app.request(url.pathname + url.search, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(fileBytes('png')) });
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { message: string }).message).toBe(messages.errors.uploadsPaused);
    // Nothing was stored under the upload's key.
    expect(await low.deps.storage.head(ask.body.objectPath.replace(/^\/objects\//, ''))).toBeNull();
    const stored = await low.app.request(ask.body.objectPath, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } });
    expect(stored.status).toBe(404);
    // Reading goes on.
    expect((await low.app.request('/api/cars')).status).toBe(200);
  });

  it('go on while the disk keeps its floor', async () => {
    const ask = await askUpload(ample);
    expect((await putFile(ample, ask.body.uploadURL, fileBytes('png'), 'image/png')).status).toBe(200);
  });

  it('go on into a DATA_DIR not made yet: the check makes it before reading its disk', async () => {
    expect(existsSync(unmade)).toBe(false);
    const ask = await askUpload(fresh);
    expect((await putFile(fresh, ask.body.uploadURL, fileBytes('png'), 'image/png')).status).toBe(200);
    expect(await fresh.deps.storage.head(ask.body.objectPath.replace(/^\/objects\//, ''))).not.toBeNull();
  });
});

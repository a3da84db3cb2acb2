import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { clock } from '../../src/server/clock';
import { restRoutes } from '../../src/server/rest';
import { HEALTH_REUSE_MS } from '../../src/server/services/health.service';
import { LocalStorage } from '../../src/server/storage/local';
import { createHarness, type Harness } from '../utils/harness';

/** The real local driver, counting its checks; `hold()` keeps each check waiting until released. */
class CountedStorage extends LocalStorage {
  checks = 0;
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open?.();
    this.gate = null;
  }

  override async check(): Promise<void> {
    this.checks += 1;
    if (this.gate) await this.gate;
    return super.check();
  }
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => clock.reset());

function appWith(storage: CountedStorage) {
  const app = createApp({ ...h.deps, storage });
  return async () => {
    const response = await app.request('/api/health');
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
}

/** `count` calls sent while the storage's check is held, so that all of them arrive during one check; their answers once it is let go. */
async function simultaneous(storage: CountedStorage, ask: ReturnType<typeof appWith>, count: number) {
  storage.hold();
  const answers = Array.from({ length: count }, () => ask());
  await expect.poll(() => storage.checks).toBe(1);
  storage.release();
  return Promise.all(answers);
}

describe('GET /api/health shares one check', () => {
  it('simultaneous calls wait on one check and all get its answer', async () => {
    const storage = new CountedStorage(join(h.dataDir, 'health-simultaneous'));
    const ask = appWith(storage);
    for (const answer of await simultaneous(storage, ask, 25)) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok' });
    }
    expect(storage.checks).toBe(1);
  });

  it(`calls one after another reuse a healthy answer for ${HEALTH_REUSE_MS} ms, then check again`, async () => {
    const storage = new CountedStorage(join(h.dataDir, 'health-rapid'));
    const ask = appWith(storage);
    const started = clock.now().getTime();
    for (let call = 0; call < 30; call += 1) expect((await ask()).status).toBe(200);
    const elapsed = clock.now().getTime() - started;
    // One check, unless this machine took longer than the reuse interval for the 30 calls.
    expect(storage.checks).toBeLessThanOrEqual(1 + Math.floor(elapsed / HEALTH_REUSE_MS));

    const before = storage.checks;
    clock.advance(HEALTH_REUSE_MS);
    expect((await ask()).status).toBe(200);
    expect(storage.checks).toBe(before + 1);
  });

  it('a failure is reported to every call that shared its check, never kept as ok, and a recovery shows at once', async () => {
    const blocker = join(h.dataDir, 'health-not-a-folder');
    await writeFile(blocker, 'a file where the storage folder should be');
    const storage = new CountedStorage(join(blocker, 'objects'));
    const ask = appWith(storage);

    for (const answer of await simultaneous(storage, ask, 10)) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: 'degraded', database: 'ok', storage: 'unavailable' });
    }
    expect(storage.checks).toBe(1);

    // The next call checks again (a failure is not reused) and still finds it.
    expect((await ask()).status).toBe(503);
    expect(storage.checks).toBe(2);

    await rm(blocker);
    const recovered = await ask();
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({ status: 'ok', storage: 'ok' });
    expect(storage.checks).toBe(3);
  });

  it('a failure answers the report that the OpenAPI document gives for 503 (the same as for 200), not its error body', async () => {
    const blocker = join(h.dataDir, 'health-documented-failure');
    await writeFile(blocker, 'a file where the storage folder should be');
    const app = createApp({ ...h.deps, storage: new CountedStorage(join(blocker, 'objects')) });
    const answer = await app.request('/api/health');
    expect(answer.status).toBe(503);
    const report = await answer.json();
    const route = restRoutes.find((r) => r.path === '/api/health')!;
    expect(route.response.schema!.parse(report)).toEqual(report);
    const doc = (await (await app.request('/api/openapi.json')).json()) as any;
    const documented = (status: number) => doc.paths['/api/health'].get.responses[status].content['application/json'].schema;
    expect(documented(503)).toEqual(documented(200));
  });

  it('a healthy answer reused within the interval still reports a failure found after it', async () => {
    const storage = new CountedStorage(join(h.dataDir, 'health-later-failure'));
    const ask = appWith(storage);
    expect((await ask()).status).toBe(200);
    await rm(join(h.dataDir, 'health-later-failure'), { recursive: true });
    await writeFile(join(h.dataDir, 'health-later-failure'), 'now a file');
    clock.advance(HEALTH_REUSE_MS);
    expect((await ask()).status).toBe(503);
  });
});

import { ensureClientBuilt } from '../../../tests/e2e/support/server';
import { alternate, startBareHono } from '../harness';
import type { Suite } from '../suite';
import { CONNECTIONS, ROUNDS, SLICE_SECONDS, WARMUP_SECONDS, againstBareHono, describeSides } from './common';

/** What a browser sends with a page request: the page cache holds each page compressed in both. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** GET / (the home page, from the page cache, brotli as a browser takes it) against B_hono. */
export const pagesSuite: Suite = {
  name: 'pages',
  title: 'GET / from the page cache vs B_hono',
  run: async ({ load, startServer, log }) => {
    await ensureClientBuilt();
    const server = await startServer();
    const first = await fetch(`${server.baseURL}/`, { headers: BROWSER_HEADERS });
    if (first.status !== 200) throw new Error(`/ answered ${first.status}`);
    const page = new Uint8Array(await first.arrayBuffer());
    log(`    / : ${first.headers.get('content-encoding') ?? 'identity'}, ${page.length} bytes as received`);
    const bare = await startBareHono(server);
    try {
      const job = (baseUrl: string, path: string, headers: Record<string, string>) => (round: number) => ({
        kind: 'http' as const,
        baseUrl,
        paths: [path],
        headers,
        connections: CONNECTIONS,
        seconds: round < 0 ? WARMUP_SECONDS : SLICE_SECONDS,
      });
      const {
        slices: [real, hono],
      } = await alternate(load, [{ name: 'GET /', job: job(server.baseURL, '/', BROWSER_HEADERS) }, { name: 'B_hono', job: job(bare.baseURL, '/api/cars', {}) }], ROUNDS, log);
      return againstBareHono('pages', 'GET / (page cache)', real!, hono!, 0.4, describeSides({ 'GET /': real!, B_hono: hono! }));
    } finally {
      bare.stop();
    }
  },
};

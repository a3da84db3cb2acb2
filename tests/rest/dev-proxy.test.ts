import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileBytes } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';

/**
 * `npm run dev`: Vite (vite.config.ts) in front of the API server. The browser only ever talks to
 * Vite's origin, so the proxy must keep that origin: writes pass the cross-site check and upload
 * addresses point back through Vite.
 */
let h: Harness;
let api: ServerType;
let vite: ViteDevServer;
let site: string;

beforeAll(async () => {
  h = await createHarness();
  api = await new Promise<ServerType>((done) => {
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(server));
  });
  process.env.API_PORT = String((api.address() as AddressInfo).port);
  vite = await createServer({ configFile: resolve(import.meta.dirname, '../../vite.config.ts'), logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
  await vite.listen();
  site = `http://localhost:${(vite.httpServer!.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await vite?.close();
  await new Promise((done) => api?.close(done));
  delete process.env.API_PORT;
  await h.close();
});

describe('the dev server in front of the API', () => {
  it('lets the page at Vite’s origin write, and gives upload addresses on that origin', async () => {
    const contact = await fetch(`${site}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify({ firstName: 'Dev', lastName: 'Proxy', email: 'dev@example.com', message: 'Hello from the dev server' }),
    });
    expect(contact.status, await contact.clone().text()).toBe(201);

    const ask = await fetch(`${site}/api/objects/upload`, { method: 'POST', headers: { origin: site } });
    expect(ask.status).toBe(200);
    const { uploadURL } = (await ask.json()) as { uploadURL: string };
    expect(new URL(uploadURL).origin).toBe(site);
    const put = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png', origin: site }, body: new Uint8Array(fileBytes('png')) });
    expect(put.status, await put.clone().text()).toBe(200);
  });
});

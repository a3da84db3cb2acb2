import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, parseEnv } from '../../src/server/env';
import { CONNECTION_TIMEOUTS } from '../../src/server/http/connections';
import { setLogLevel } from '../../src/server/logger';
import { startServer, type RunningServer } from '../../src/server/server';
import { UploadAddresses } from '../../src/server/storage/upload-address';
import { fileBytes } from '../utils/fixtures';

/** `npm start` without the process: startServer on a fresh database, over a real socket. */
let dataDir: string;
let databaseUrl: string;
const running: RunningServer[] = [];

beforeAll(async () => {
  setLogLevel('silent');
  dataDir = await mkdtemp(join(tmpdir(), 'rental-test-server-'));
  databaseUrl = `${inject('pgServerUrl')}/server_${randomBytes(6).toString('hex')}`;
});
afterAll(async () => {
  for (const server of running) await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}): Promise<RunningServer> {
  const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', ...extra });
  const server = await startServer(env, { mailPollMs: 60_000 });
  running.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  await server.close();
  running.splice(running.indexOf(server), 1);
}

async function signIn(url: string, password: string): Promise<number> {
  const response = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) });
  await response.arrayBuffer();
  return response.status;
}

/** Whether a new TCP connection to `port` on loopback is refused: the server no longer listens. */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('starting the server', () => {
  it('migrates and seeds a fresh database, generates the staff password on the first start only, and seeds once', async () => {
    const first = await start();
    expect(first.url).toBe(`http://127.0.0.1:${first.port}`);
    expect(first.generatedPassword).toMatch(/^\S{16,}$/);
    const cars = (await (await fetch(`${first.url}/api/cars`)).json()) as unknown[];
    expect(cars.length).toBeGreaterThanOrEqual(22);
    expect(await signIn(first.url, first.generatedPassword!)).toBe(200);
    const password = first.generatedPassword!;
    await stop(first);

    const second = await start();
    expect(second.generatedPassword).toBeNull();
    expect(((await (await fetch(`${second.url}/api/cars`)).json()) as unknown[]).length).toBe(cars.length);
    expect(await signIn(second.url, password)).toBe(200);
    await stop(second);

    const third = await start({ ADMIN_PASSWORD: 'a chosen staff passphrase' });
    expect(third.generatedPassword).toBeNull();
    expect(await signIn(third.url, 'a chosen staff passphrase')).toBe(200);
    expect(await signIn(third.url, password)).toBe(401);
    await stop(third);
  }, 120_000);

  it('lets a request in flight finish when it is told to stop', async () => {
    const server = await start({ ADMIN_PASSWORD: 'a chosen staff passphrase' });
    const ask = (await (await fetch(`${server.url}/api/objects/upload`, { method: 'POST' })).json()) as { uploadURL: string };
    const bytes = fileBytes('png', 64 * 1024);
    let sendRest!: () => void;
    const restSent = new Promise<void>((resolve) => (sendRest = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(0, 1024)));
        await restSent;
        controller.enqueue(new Uint8Array(bytes.subarray(1024)));
        controller.close();
      },
    });
    // The upload handler checks the address's signature as soon as the request arrives, before its body.
    const verified = vi.spyOn(UploadAddresses.prototype, 'verify');
    const upload = fetch(ask.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body, duplex: 'half' } as RequestInit);
    await vi.waitFor(() => expect(verified).toHaveBeenCalled(), { timeout: 10_000 });

    let closed = false;
    const stopWorker = vi.spyOn(server.mailWorker, 'stop');
    const closing = server.close().then(() => (closed = true));
    // Closing has begun (the port refuses new connections) and holds at its first step, the HTTP
    // server, while the request is in flight: the mail worker, stopped next, has not been told to.
    await vi.waitFor(async () => expect(await refusesConnections(server.port)).toBe(true), { timeout: 10_000 });
    expect(stopWorker).not.toHaveBeenCalled();
    expect(closed).toBe(false);
    sendRest();
    const answer = await upload;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ objectPath: expect.stringMatching(/^\/objects\/private\//) });
    await closing;
    expect(stopWorker).toHaveBeenCalledOnce();
    running.splice(running.indexOf(server), 1);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 60_000);
});

/** A TCP connection to the server from `from` (any loopback address), resolved once connected. */
function open(server: RunningServer, from = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
}

/** Whether the server closes `socket` within `ms` (a connection it keeps stays open). */
function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The status of a GET sent on an open connection. */
function statusOn(socket: Socket, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(Number(chunk.toString('latin1').slice(9, 12))));
    socket.once('close', () => reject(new Error('closed without an answer')));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

describe('slow and numerous clients', () => {
  it('sets time limits on every connection: headers in 20 s, a whole request in 5 minutes, 5 s idle between requests', async () => {
    const server = await start();
    expect(server.httpServer).toMatchObject({ headersTimeout: 20_000, requestTimeout: 300_000, keepAliveTimeout: 5_000 });
    expect(CONNECTION_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(2_000);
    // A 10 MiB car image fits in the request time at 280 kbit/s.
    expect((10 * 1024 * 1024 * 8) / (CONNECTION_TIMEOUTS.requestTimeout / 1000)).toBeLessThanOrEqual(280_000);
    expect(server.httpServer.maxConnections).toBe(DEFAULT_MAX_CONNECTIONS);
    // The load tests and benchmarks open 50 connections from one address.
    expect(server.deps.env.MAX_CONNECTIONS_PER_ADDRESS).toBe(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
    expect(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS).toBeGreaterThan(50);
    await stop(server);
  }, 60_000);

  it('closes a connection on which nothing moves, such as one whose client asked for a large answer and stopped reading it', async () => {
    const token = 'slow-reader-token-0123456789';
    const server = await start({ ADMIN_API_TOKEN: token });
    // Longer than anything a request may legitimately wait for (a statement and a pooled connection), at most a minute.
    expect(server.httpServer.timeout).toBe(CONNECTION_TIMEOUTS.idleTimeout);
    expect(CONNECTION_TIMEOUTS.idleTimeout).toBeGreaterThan(server.deps.env.DATABASE_STATEMENT_TIMEOUT_MS + server.deps.env.DATABASE_POOL_TIMEOUT_MS);
    expect(CONNECTION_TIMEOUTS.idleTimeout).toBeLessThanOrEqual(60_000);

    // A 10 MB car image: more than the kernel's buffers hold, so its answer waits on the reader.
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ask = (await (await fetch(`${server.url}/api/objects/upload`, { method: 'POST', headers: auth, body: JSON.stringify({ kind: 'car-image', contentType: 'image/png' }) })).json()) as { uploadURL: string; objectPath: string };
    expect((await fetch(ask.uploadURL, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(fileBytes('png', 10_000_000)) })).status).toBe(200);

    // The same limit, shortened so the test need not wait a minute: the server drops the reader that stopped.
    server.httpServer.setTimeout(1_000);
    const accepted = new Promise<Socket>((resolve) => server.httpServer.once('connection', resolve));
    const reader = await open(server);
    const serverSide = await accepted;
    const dropped = new Promise<void>((resolve) => serverSide.once('close', () => resolve()));
    reader.pause();
    reader.write(`GET ${ask.objectPath} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await dropped;
    reader.destroy();
    await stop(server);
  }, 60_000);

  it('closes connections from one address beyond MAX_CONNECTIONS_PER_ADDRESS at once; other addresses, and that one once it has fewer, are served', async () => {
    const server = await start({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
    const held = [await open(server, '127.0.0.2'), await open(server, '127.0.0.2'), await open(server, '127.0.0.2')];
    // Closed at once: a connection that is even refused before it is made counts as closed.
    expect(await open(server, '127.0.0.2').then((beyond) => closedWithin(beyond, 2_000), () => true)).toBe(true);
    expect(await closedWithin(held[0]!, 300)).toBe(false);

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await statusOn(held[1]!, '/api/health')).toBe(200);
    held[0]!.destroy();
    await vi.waitFor(async () => {
      const again = await open(server, '127.0.0.2');
      try {
        expect(await statusOn(again, '/api/health')).toBe(200);
      } finally {
        again.destroy();
      }
    }, { timeout: 5_000, interval: 100 });
    for (const socket of held) socket.destroy();
    await stop(server);
  }, 60_000);

  it('closes connections beyond MAX_CONNECTIONS in all, whatever their address', async () => {
    const server = await start({ MAX_CONNECTIONS: '4', MAX_CONNECTIONS_PER_ADDRESS: '0' });
    const held = [await open(server, '127.0.0.2'), await open(server, '127.0.0.3'), await open(server, '127.0.0.3'), await open(server, '127.0.0.4')];
    expect(await open(server).then((beyond) => closedWithin(beyond, 2_000), () => true)).toBe(true);
    expect(await statusOn(held[3]!, '/api/health')).toBe(200);
    for (const socket of held) socket.destroy();
    await stop(server);
  }, 60_000);

  it('behind a proxy (TRUST_PROXY=true), where every connection is the proxy\'s, counts none per address', async () => {
    const server = await start({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '2' });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(server, '127.0.0.2')));
    expect(await closedWithin(held[4]!, 300)).toBe(false);
    expect(await statusOn(held[4]!, '/api/health')).toBe(200);
    for (const socket of held) socket.destroy();
    await stop(server);
  }, 60_000);
});

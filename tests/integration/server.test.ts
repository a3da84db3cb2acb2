import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, parseEnv } from '../../src/server/env';
import { CONNECTION_TIMEOUTS, guardConnections, MIN_BODY_RATE } from '../../src/server/http/connections';
import { log, setLogLevel } from '../../src/server/logger';
import { startServer, type RunningServer, type StartOptions } from '../../src/server/server';
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

async function start(extra: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', ...extra });
  const server = await startServer(env, { mailPollMs: 60_000, ...options });
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

  it('warns at start when PUBLIC_URL is not set, naming the address e-mails will link to; not when it is', async () => {
    const warned = vi.spyOn(log, 'warn');
    try {
      const bare = await start();
      expect(warned).toHaveBeenCalledWith('public_url.unset', expect.objectContaining({ emailLinks: bare.url }));
      await stop(bare);
      warned.mockClear();
      const configured = await start({ PUBLIC_URL: 'https://rent.example.ph' });
      expect(configured.url).toBe('https://rent.example.ph');
      expect(warned.mock.calls.filter(([event]) => event === 'public_url.unset')).toEqual([]);
      await stop(configured);
    } finally {
      warned.mockRestore();
    }
  });

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

/** Opens a connection from `from` and waits for the server to close it at once, unanswered. */
async function refused(server: RunningServer, from: string): Promise<void> {
  const socket = await open(server, from).catch(() => null);
  if (socket) expect(await answerWhenClosed(socket)).toBe('');
}

/** Everything the server sent on `socket` by the time it closed it. */
async function answerWhenClosed(socket: Socket): Promise<string> {
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  if (!socket.destroyed) await once(socket, 'close');
  return answer;
}

/**
 * A request whose body arrives slowly, from `from`: a JSON message to the garage declared 5,000
 * bytes long, of which only `{` is sent. Resolved once connected and sent.
 */
async function trickle(server: RunningServer, from: string, path = '/api/contact'): Promise<Socket> {
  const socket = await open(server, from);
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{`);
  return socket;
}

/** The server's side of each client connection (found by the client's port): its socket, and its last request. */
function serverSides(server: RunningServer) {
  const sockets = new Map<number, Socket>();
  const requests = new Map<number, { request: IncomingMessage; response: ServerResponse }>();
  server.httpServer.prependListener('connection', (socket: Socket) => sockets.set(socket.remotePort!, socket));
  server.httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => requests.set(request.socket.remotePort!, { request, response }));
  return {
    socket: (client: Socket) => sockets.get(client.localPort!)!,
    /** Resolved once the server has received the request's headers. */
    request: (client: Socket) =>
      vi.waitFor(() => {
        const seen = requests.get(client.localPort!);
        expect(seen).toBeDefined();
        return seen!;
      }, { timeout: 10_000, interval: 20 }),
  };
}

describe('slow and numerous clients', () => {
  it('sets time limits on every connection: headers in 20 s, a whole request in 5 minutes, 5 s idle between requests', async () => {
    const server = await start();
    expect(server.httpServer).toMatchObject({ headersTimeout: 20_000, requestTimeout: 300_000, keepAliveTimeout: 5_000 });
    expect(CONNECTION_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(2_000);
    // A 10 MiB car image fits in the request time at 280 kbit/s.
    expect((10 * 1024 * 1024 * 8) / (CONNECTION_TIMEOUTS.requestTimeout / 1000)).toBeLessThanOrEqual(280_000);
    // The body floor is at most a twentieth of the rate that upload needs, leaving room for a phone's stalls.
    expect(MIN_BODY_RATE.bytesPerSecond * 8 * 20).toBeLessThanOrEqual(280_000);
    // Node's own cap would close a newcomer before room could be made for it: the guard counts instead.
    expect(server.httpServer.maxConnections).toBeUndefined();
    expect(server.deps.env.MAX_CONNECTIONS).toBe(DEFAULT_MAX_CONNECTIONS);
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

  it('when MAX_CONNECTIONS are open, one each from as many addresses with requests under way, closes a newcomer at once: room is made only where it is fair', async () => {
    const server = await start({ MAX_CONNECTIONS: '4', MAX_CONNECTIONS_PER_ADDRESS: '0' });
    const held = [await open(server, '127.0.0.2'), await open(server, '127.0.0.3'), await open(server, '127.0.0.4'), await open(server, '127.0.0.5')];
    await refused(server, '127.0.0.1');
    expect(server.connections.totals).toMatchObject({ evicted: 0, refused: 1 });
    expect(await statusOn(held[3]!, '/api/health')).toBe(200);
    for (const socket of held) socket.destroy();
    await stop(server);
  }, 60_000);

  it('when slow bodies and idle keep-alive connections fill MAX_CONNECTIONS, a new visitor is served: the caller holding the most gives way, its idle connections first', async () => {
    const server = await start({ MAX_CONNECTIONS: '5' });
    // Idle connections are closed after 5 s by themselves; here they must stay until the test closes them.
    server.httpServer.keepAliveTimeout = 600_000;
    const sides = serverSides(server);
    // 127.0.0.2 trickles three request bodies; 127.0.0.3 holds two keep-alive connections between cheap requests.
    const bodies = [await trickle(server, '127.0.0.2'), await trickle(server, '127.0.0.2'), await trickle(server, '127.0.0.2')];
    for (const socket of bodies) await sides.request(socket);
    const idle = [await open(server, '127.0.0.3'), await open(server, '127.0.0.3')];
    for (const socket of idle) {
      expect(await statusOn(socket, '/api/health')).toBe(200);
      await vi.waitFor(async () => expect((await sides.request(socket)).response.writableFinished).toBe(true));
    }
    expect(server.connections.open).toBe(5);

    // A visitor from 127.0.0.1: 127.0.0.2 holds the most, and its oldest body is answered 503 and closed.
    const visitor = await open(server, '127.0.0.1');
    expect(await statusOn(visitor, '/api/health')).toBe(200);
    expect(await answerWhenClosed(bodies[0]!)).toMatch(/^HTTP\/1\.1 503 /);
    expect([...bodies.slice(1), ...idle].map((socket) => sides.socket(socket).destroyed)).toEqual([false, false, false, false]);

    // Another from 127.0.0.4: 127.0.0.2 and 127.0.0.3 hold two each; an idle connection goes first, closed without a word.
    const second = await open(server, '127.0.0.4');
    expect(await statusOn(second, '/api/health')).toBe(200);
    expect(await answerWhenClosed(idle[0]!)).toBe('');
    expect([...bodies.slice(1), idle[1]!].map((socket) => sides.socket(socket).destroyed)).toEqual([false, false, false]);

    // A third from 127.0.0.5: 127.0.0.2 still holds two, more than anyone.
    const third = await open(server, '127.0.0.5');
    expect(await statusOn(third, '/api/health')).toBe(200);
    expect(await answerWhenClosed(bodies[1]!)).toMatch(/^HTTP\/1\.1 503 /);

    // One each now. A sixth address takes the place of the longest idle connection (127.0.0.3's);
    // a request in flight would give way only to a caller holding two fewer.
    const sixth = await open(server, '127.0.0.6');
    expect(await statusOn(sixth, '/api/health')).toBe(200);
    expect(await answerWhenClosed(idle[1]!)).toBe('');
    expect([bodies[2]!, visitor, second, third].map((socket) => sides.socket(socket).destroyed)).toEqual([false, false, false, false]);
    expect(server.connections.totals).toMatchObject({ evicted: 4, refused: 0 });
    for (const socket of [...bodies, ...idle, visitor, second, third, sixth]) socket.destroy();
    await stop(server);
  }, 60_000);

  it('the caller holding the most connections cannot take another one\'s room; a caller holding two fewer can take its', async () => {
    const server = await start({ MAX_CONNECTIONS: '4' });
    const sides = serverSides(server);
    const bodies = [await trickle(server, '127.0.0.2'), await trickle(server, '127.0.0.2'), await trickle(server, '127.0.0.2'), await trickle(server, '127.0.0.3')];
    for (const socket of bodies) await sides.request(socket);
    await refused(server, '127.0.0.2');
    expect(bodies.map((socket) => sides.socket(socket).destroyed)).toEqual([false, false, false, false]);
    // 127.0.0.3 holds one, 127.0.0.2 three: after the exchange they hold two each.
    const next = await trickle(server, '127.0.0.3');
    await sides.request(next);
    expect(await answerWhenClosed(bodies[0]!)).toMatch(/^HTTP\/1\.1 503 /);
    await refused(server, '127.0.0.3');
    await refused(server, '127.0.0.2');
    expect(server.connections.totals).toMatchObject({ evicted: 1, refused: 3 });
    for (const socket of [...bodies, next]) socket.destroy();
    await stop(server);
  }, 60_000);

  it('cuts off a body that falls behind the floor (MIN_BODY_RATE) once its grace is spent, with 408, logged once per address; a slow but steady upload with a pause goes through', async () => {
    // The checks run when the test calls them, each standing for MIN_BODY_RATE.checkEveryMs.
    const server = await start({}, { manualConnectionChecks: true });
    const sides = serverSides(server);
    const warned = vi.spyOn(log, 'warn');
    const graceChecks = (MIN_BODY_RATE.graceSeconds * 1000) / MIN_BODY_RATE.checkEveryMs;
    const perCheck = (MIN_BODY_RATE.bytesPerSecond * MIN_BODY_RATE.checkEveryMs) / 1000;
    const uploadPath = async () => {
      const ask = (await (await fetch(`${server.url}/api/objects/upload`, { method: 'POST' })).json()) as { uploadURL: string };
      return new URL(ask.uploadURL).pathname + new URL(ask.uploadURL).search;
    };
    const image = fileBytes('png', 64 * 1024);
    const put = async (from: string, path: string) => {
      const socket = await open(server, from);
      socket.write(`PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: ${image.length}\r\n\r\n`);
      return socket;
    };
    /** Sends `bytes` and waits until the server has read them and its handler has taken them. */
    const send = async (socket: Socket, bytes: Uint8Array) => {
      const { request } = await sides.request(socket);
      const before = request.socket.bytesRead;
      socket.write(bytes);
      await vi.waitFor(() => expect([request.socket.bytesRead - before, request.readableLength]).toEqual([bytes.length, 0]), { timeout: 10_000, interval: 5 });
    };

    // From 127.0.0.2: an upload that sends its first 100 bytes, then nothing; a message to the garage that sends `{`.
    const trickled = await put('127.0.0.2', await uploadPath());
    await send(trickled, image.subarray(0, 100));
    const message = await trickle(server, '127.0.0.2');
    const { request: messageRequest } = await sides.request(message);
    await vi.waitFor(() => expect(messageRequest.readableLength).toBe(0));
    // From 127.0.0.3: the same upload at twice the floor, with a pause of half the grace.
    const steady = await put('127.0.0.3', await uploadPath());
    let sent = 0;
    const chunk = 2 * perCheck;
    // A keep-alive connection with a request answered between checks: nothing is awaited from it.
    const reader = await open(server, '127.0.0.4');

    for (let round = 1; round <= graceChecks; round += 1) {
      if (round <= graceChecks / 4 || round > (3 * graceChecks) / 4) {
        await send(steady, image.subarray(sent, sent + chunk));
        sent += chunk;
      }
      expect(await statusOn(reader, '/api/health')).toBe(200);
      server.connections.check();
    }
    // The grace is spent to the byte, not beyond it: the next check without progress cuts both off.
    expect([trickled, message, steady, reader].map((socket) => sides.socket(socket).destroyed)).toEqual([false, false, false, false]);
    await send(steady, image.subarray(sent, sent + chunk));
    sent += chunk;
    server.connections.check();
    expect(await answerWhenClosed(trickled)).toMatch(/^HTTP\/1\.1 408 /);
    expect(await answerWhenClosed(message)).toMatch(/^HTTP\/1\.1 408 /);
    expect(server.connections.totals.slowBodies).toBe(2);
    const slowWarnings = () => warned.mock.calls.filter(([event]) => event === 'connection.slow_body');
    expect(slowWarnings()).toEqual([['connection.slow_body', expect.objectContaining({ address: '127.0.0.2' })]]);
    await vi.waitFor(() => expect(warned).toHaveBeenCalledWith('connection.address.summary', { address: '127.0.0.2', refused: 0, slowBodies: 2 }));

    // The steady upload goes on to the end, still at twice the floor, and is stored.
    while (sent < image.length) {
      await send(steady, image.subarray(sent, Math.min(sent + chunk, image.length)));
      sent += chunk;
      server.connections.check();
    }
    const answer = await new Promise<string>((resolve) => steady.once('data', (data: Buffer) => resolve(data.toString('latin1'))));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"objectPath":"/objects/private/');
    expect(server.connections.totals.slowBodies).toBe(2);
    expect(slowWarnings()).toHaveLength(1);
    warned.mockRestore();
    for (const socket of [steady, reader]) socket.destroy();
    await stop(server);
  }, 120_000);

  it('does not charge a client for a body the server has not read yet (its handler busy): only a body the server waits for is measured', async () => {
    // A bare Node server whose handler reads the body only when the test lets it, guarded as the site is.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const bare = createServer((request, response) => {
      void released.then(() => {
        request.resume();
        request.once('end', () => response.end('read'));
      });
    });
    const guard = guardConnections(bare, { max: 10, perAddress: 10, timer: false });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const seen = new Promise<IncomingMessage>((resolve) => bare.once('request', resolve));
    const client = connect((bare.address() as AddressInfo).port, '127.0.0.1');
    client.on('error', () => undefined);
    const body = Buffer.alloc(256 * 1024, 0x61);
    client.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}\r\n\r\n`);
    client.write(body.subarray(0, 128 * 1024));
    const request = await seen;
    // More than the request's buffer: Node stops reading the socket, and the rest waits in the kernel.
    await vi.waitFor(() => expect(request.readableLength).toBeGreaterThanOrEqual(request.readableHighWaterMark));
    for (let round = 0; round < 3 * ((MIN_BODY_RATE.graceSeconds * 1000) / MIN_BODY_RATE.checkEveryMs); round += 1) guard.check();
    expect(request.socket.destroyed).toBe(false);
    release();
    client.write(body.subarray(128 * 1024));
    const answer = await new Promise<string>((resolve) => client.once('data', (data: Buffer) => resolve(data.toString('latin1'))));
    expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*read$/);
    expect(guard.totals.slowBodies).toBe(0);
    client.destroy();
    await new Promise((resolve) => bare.close(resolve));
  });

  it('behind a proxy (TRUST_PROXY=true), where every connection is the proxy\'s, counts none per address', async () => {
    const server = await start({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '2' });
    const held = await Promise.all(Array.from({ length: 5 }, () => open(server, '127.0.0.2')));
    expect(await closedWithin(held[4]!, 300)).toBe(false);
    expect(await statusOn(held[4]!, '/api/health')).toBe(200);
    for (const socket of held) socket.destroy();
    await stop(server);
  }, 60_000);
});

import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { RateLimiter } from '../../src/server/auth/rateLimit';
import { openOrm } from '../../src/server/db/orm';
import { DEFAULT_RATE_LIMITS } from '../../src/server/env';
import type { AppEnv } from '../../src/server/http/variables';
import { FleetCache } from '../../src/server/infra/fleet.cache';
import { loadFleet } from '../../src/server/services/car.service';
import { bookingPayload, daysFromToday, request, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { expectNoLeak } from './helpers';

/**
 * A TCP relay in front of the test PostgreSQL that can be cut and restored, as a database restart
 * or a network fault would.
 */
class Relay {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    this.server = null;
  }
}

let h: Harness;
let relay: Relay;
let orm: MikroORM;
let app: Hono<AppEnv>;
let documents: Record<string, string>;
let carId: string;

beforeAll(async () => {
  h = await createHarness();
  // The embedded database also listens on loopback TCP, which the relay can stand in front of.
  const direct = new URL(h.databaseUrl);
  relay = new Relay({ host: '127.0.0.1', port: Number(direct.port) });
  await relay.start();
  const relayed = new URL(h.databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  orm = await openOrm(relayed.toString(), 5);
  // The whole app through the relay, the fleet list's loader included.
  app = createApp({ ...h.deps, orm, fleet: new FleetCache(() => loadFleet(orm.em.fork())) });
  documents = await uploadDocuments(h);
  carId = ((await request(h, 'GET', '/api/cars')).body as Array<{ id: string; available: boolean }>).find((c) => c.available)!.id;
});
afterAll(async () => {
  await relay.cut();
  await orm.close(true);
  await h.close();
});

async function ask(method: string, path: string, body?: unknown, through: Hono<AppEnv> = app) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const response = await through.request(path, {
    method,
    headers: payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {},
    ...(payload ? { body: payload } : {}),
  });
  const text = await response.text();
  const answer = { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  expectNoLeak(answer);
  return answer;
}

describe('while PostgreSQL is unreachable', () => {
  it('answers 503 JSON with Retry-After, stores nothing, and serves again once the database is back', async () => {
    expect((await ask('GET', '/api/cars')).status).toBe(200);
    const port = relay.port;
    const rowsBefore = (await request(h, 'GET', '/api/admin/bookings', undefined, { staff: true })).headers.get('x-total-count');

    await relay.cut();
    const payload = bookingPayload(carId, documents, { customer: { email: 'outage@example.com', fullName: 'Outage Renter' }, booking: { pickupDate: daysFromToday(40), returnDate: daysFromToday(42) } });
    for (const [method, path, body] of [
      ['GET', '/api/cars', undefined],
      ['GET', `/api/cars/${carId}/booked-dates`, undefined],
      ['POST', '/api/bookings', payload],
      ['POST', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hello' }],
    ] as const) {
      const answer = await ask(method, path, body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(503);
      expect(answer.body).toEqual({ message: expect.any(String) });
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    const health = await ask('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'unavailable', storage: 'ok' });

    await relay.start(port);
    expect((await ask('GET', '/api/health')).status).toBe(200);
    expect((await ask('GET', '/api/cars')).status).toBe(200);
    expect((await request(h, 'GET', '/api/admin/bookings', undefined, { staff: true })).headers.get('x-total-count')).toBe(rowsBefore);
    const booked = await ask('POST', '/api/bookings', payload);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  }, 60_000);

  it('with the per-address limits on, calls go on uncounted: a limited write answers 503 at its own step, never 500, and Find my booking keeps its 202', async () => {
    const limited = createApp({ ...h.deps, orm, limiter: new RateLimiter(DEFAULT_RATE_LIMITS, orm) });
    expect((await ask('POST', '/api/bookings/find', { reference: 'HI-7K3QPX', email: 'nobody@example.com' }, limited)).status).toBe(202);
    const port = relay.port;

    await relay.cut();
    const found = await ask('POST', '/api/bookings/find', { reference: 'HI-7K3QPX', email: 'nobody@example.com' }, limited);
    expect(found.status, JSON.stringify(found.body)).toBe(202);
    const enquiry = await ask('POST', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hello' }, limited);
    expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(503);
    expect(enquiry.headers.get('retry-after')).toMatch(/^\d+$/);

    await relay.start(port);
    expect((await ask('POST', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hello again' }, limited)).status).toBe(201);
  }, 60_000);
});

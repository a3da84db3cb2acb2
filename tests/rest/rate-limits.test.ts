import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, daysFromToday, uploadDocuments } from '../utils/fixtures';
import { TEST_ADMIN_PASSWORD, createHarness, type Harness } from '../utils/harness';
import { rememberDevice } from '../../src/server/auth/device';
import { cookieNames } from '../../src/server/http/middleware';
import { createContextInner } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/root';
import { createAccount, mainOwnerAccount } from '../utils/staff';
import { availableCar, call, expectUnchangedBy, renter, signIn } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { RATE_LIMITS: 'bookings=2/10m,contact=1/10m,nameCheck=3/1m,login=2/10m' } });
});
afterAll(() => h.close());

describe('per-address limits on public writes (RATE_LIMITS)', () => {
  it('answers 429 with Retry-After once an address passes its booking limit, storing nothing', async () => {
    const car = await availableCar(h, 0);
    for (const offset of [10, 20]) {
      const payload = bookingPayload(car.id, await uploadDocuments(h), { customer: renter('limits'), booking: { pickupDate: daysFromToday(offset), returnDate: daysFromToday(offset + 1) } });
      expect((await call(h, 'POST', '/api/bookings', payload)).status).toBe(201);
    }
    const third = bookingPayload(car.id, await uploadDocuments(h), { customer: renter('limits'), booking: { pickupDate: daysFromToday(30), returnDate: daysFromToday(31) } });
    await expectUnchangedBy(h, async () => {
      const answer = await call(h, 'POST', '/api/bookings', third);
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({ message: expect.any(String) });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    });
    // other paths keep their own counts: reading the fleet is not limited
    expect((await call(h, 'GET', '/api/cars')).status).toBe(200);
  });

  it('limits enquiries and name checks per address as configured', async () => {
    const message = { firstName: 'Rita', lastName: 'Limit', email: 'rita@example.com', message: 'First message' };
    expect((await call(h, 'POST', '/api/contact', message)).status).toBe(201);
    await expectUnchangedBy(h, async () => {
      const second = await call(h, 'POST', '/api/contact', { ...message, message: 'Second message' });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).not.toBeNull();
    });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call(h, 'GET', `/api/blocked-names/check?name=Name${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-ins per address with the "login" limit, right password or not, over REST and tRPC alike', async () => {
    expect((await signIn(h)).answer.status).toBe(200);
    expect((await signIn(h)).answer.status).toBe(200);
    const third = await signIn(h);
    expect(third.answer.status).toBe(429);
    expect(third.setCookie).toBeNull();
    expect(Number(third.answer.headers.get('retry-after'))).toBeGreaterThan(0);

    const caller = h.caller({ ip: '198.51.100.9' });
    await caller.admin.login({ password: TEST_ADMIN_PASSWORD });
    await caller.admin.login({ password: TEST_ADMIN_PASSWORD });
    await expect(caller.admin.login({ password: TEST_ADMIN_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('spares a browser that signed in to the account with its password: strangers sharing its address (a carrier’s shared IPv4 address, guest Wi-Fi) cannot lock it out', async () => {
    // Strangers at the address use up its sign-in limit (the answers are 401 until it is spent).
    for (let i = 0; i < 5 && (await signIn(h, 'a stranger’s guess')).answer.status !== 429; i += 1);
    expect((await signIn(h)).answer.status, 'the limit is spent for browsers without a proof').toBe(429);

    const owner = await mainOwnerAccount(h);
    const known = `${cookieNames(h.env).device}=${rememberDevice(null, h.deps.signingSecret, owner)}`;
    const mine = await signIn(h, TEST_ADMIN_PASSWORD, { cookie: known });
    expect(mine.answer.status, JSON.stringify(mine.answer.body)).toBe(200);
    expect(mine.cookie).not.toBeNull();
    // Over tRPC too.
    const cookie = { token: null, set: () => undefined, clear: () => undefined, device: known.split('=')[1]!, setDevice: () => undefined };
    const caller = createCaller(createContextInner({ em: h.orm.em.fork(), deps: h.deps, request: { ip: '127.0.0.1' }, cookie }));
    await caller.admin.login({ password: TEST_ADMIN_PASSWORD });
    const spent = h.caller({ ip: '127.0.0.1' });
    for (let i = 0; i < 3; i += 1) await spent.admin.login({ password: 'a guess' }).catch(() => undefined);
    await expect(spent.admin.login({ password: TEST_ADMIN_PASSWORD })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    // A device cookie that proves nothing for the account (another account's, or made up) is counted as any other sign-in.
    const stranger = await createAccount(h, { password: 'another account 1' });
    const theirs = `${cookieNames(h.env).device}=${rememberDevice(null, h.deps.signingSecret, stranger)}`;
    expect((await signIn(h, TEST_ADMIN_PASSWORD, { cookie: theirs })).answer.status).toBe(429);
    expect((await signIn(h, TEST_ADMIN_PASSWORD, { cookie: `${cookieNames(h.env).device}=${'a'.repeat(22)}.${'b'.repeat(22)}` })).answer.status).toBe(429);
  });

  it('refuses 64 over-limit posts of 1 MiB bodies with 429 before their bodies are read, through tRPC (batched or not) and REST', async () => {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const port = (server.address() as AddressInfo).port;
    const MiB = 1024 * 1024;
    /**
     * Declares a 1 MiB JSON body but sends only its first 16 KiB, then waits for the answer: one
     * that comes was given without the body, which never arrives.
     */
    const postWithoutTheBody = (path: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let received = Buffer.alloc(0);
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`${path}: no answer without the body`));
        }, 10_000);
        socket.on('connect', () => {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${MiB}\r\n\r\n`);
          socket.write(`{"json": {"firstName": "Flo", "lastName": "Od", "email": "flood@example.com", "message": "${'x'.repeat(16 * 1024)}`);
        });
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          const text = received.toString('utf8');
          const end = text.indexOf('\r\n\r\n');
          const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? NaN);
          if (end < 0 || Buffer.byteLength(text.slice(end + 4)) < length) return;
          clearTimeout(timer);
          socket.destroy();
          resolve({ status: Number(text.slice(9, 12)), body: JSON.parse(text.slice(end + 4)) });
        });
        socket.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
    try {
      // The one enquiry this file's limit allows from this address, through the site's form.
      const first = await fetch(`http://127.0.0.1:${port}/trpc/contact.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { firstName: 'Flo', lastName: 'Od', email: 'flood@example.com', message: 'The one allowed' } }),
      });
      expect(first.status).toBe(200);

      const paths = Array.from({ length: 64 }, (_, i) => ['/trpc/contact.send', '/trpc/contact.send,contact.send?batch=1', '/api/contact'][i % 3]!);
      const answers = await Promise.all(paths.map(postWithoutTheBody));
      expect(answers.map((answer) => answer.status)).toEqual(paths.map(() => 429));
      const tooMany = { message: 'Too many requests. Please wait a moment and try again.' };
      expect(answers[0]!.body).toMatchObject({ error: { json: { ...tooMany, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } } });
      expect(answers[1]!.body).toMatchObject([{ error: { json: tooMany } }, { error: { json: tooMany } }]);
      expect(answers[2]!.body).toEqual(tooMany);
    } finally {
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

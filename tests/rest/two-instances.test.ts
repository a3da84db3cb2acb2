import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../src/server/command';
import { freePort } from '../../src/server/db/embedded';
import { bookingPayload, daysFromToday, fileBytes } from '../utils/fixtures';
import { TEST_ADMIN_PASSWORD, TEST_API_TOKEN, createHarness, type Harness } from '../utils/harness';
import { waitForOutput } from '../utils/process';

/**
 * Two processes of the production entry point (`src/server/main.ts`, as `npm start` runs it) on
 * two ports, against one PostgreSQL database and one storage folder: what a garage runs behind a
 * load balancer. Nothing may depend on which instance a request reaches.
 */

interface Instance {
  base: string;
  child: ChildProcess;
  output: string[];
}

const CONTACT_LIMIT = 3;
let h: Harness;
let a: Instance;
let b: Instance;

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root' };
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: h.dataDir,
    DATABASE_URL: h.databaseUrl,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ADMIN_API_TOKEN: TEST_API_TOKEN,
    // The default limits, with a small one for enquiries that the limits' test below reaches.
    RATE_LIMITS: `contact=${CONTACT_LIMIT}/10m`,
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, SERVER_NODE_ARGS, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitForOutput(child, output, 'Car rental site running at', 90_000);
  return { base: `http://127.0.0.1:${port}`, child, output };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  // The harness makes the database (migrated and seeded) and a data folder; the two instances share both.
  h = await createHarness();
  [a, b] = await Promise.all([startInstance(), startInstance()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stopInstance(a), stopInstance(b)]);
  await h?.close();
});

const staff = { authorization: `Bearer ${TEST_API_TOKEN}` };
const json = { 'content-type': 'application/json' };

interface Car {
  id: string;
  name: string;
  dailyRate: string;
}

async function fleet(instance: Instance, headers: Record<string, string> = {}): Promise<{ status: number; etag: string | null; cars: Car[] }> {
  const response = await fetch(`${instance.base}/api/cars`, { headers });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), cars: text ? (JSON.parse(text) as Car[]) : [] };
}

/**
 * Uploads the three identity documents as the booking form does: the address is asked of `asked`,
 * the file PUT to `put` (behind a load balancer the two requests may reach different instances).
 */
async function uploadDocuments(asked: Instance, put: Instance, bytes: Buffer, contentType: string): Promise<Record<string, string>> {
  const documents: Record<string, string> = {};
  for (const [i, field] of ['photoId1Url', 'photoId2Url', 'proofOfBillingUrl'].entries()) {
    const ask = await fetch(`${asked.base}/api/objects/upload`, { method: 'POST' });
    expect(ask.status).toBe(200);
    const { uploadURL, objectPath } = (await ask.json()) as { uploadURL: string; objectPath: string };
    const address = new URL(uploadURL);
    expect(address.origin).toBe(asked.base);
    const stored = await fetch(`${put.base}${address.pathname}${address.search}`, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(Buffer.concat([bytes, Buffer.alloc(i + 1)])) });
    expect(stored.status).toBe(200);
    documents[field] = objectPath;
  }
  return documents;
}

/** What B's fleet list must show within a second of a change made through A. */
const withinASecond = { timeout: 1000, interval: 20 };

describe('two server instances on one database and one storage', () => {
  it('a car changed or added through A shows in the fleet list of B within a second, with a new ETag', async () => {
    const before = await fleet(b);
    expect(before.status).toBe(200);
    const car = before.cars[3]!;

    // B answers from its copy: a write that tells no instance stays unseen there, so what follows
    // proves the notice, not a cold read.
    await h.orm.em.fork().getConnection().execute('update car set mileage = mileage where id = ?', [car.id]);
    expect((await fleet(b, { 'if-none-match': before.etag! })).status).toBe(304);

    const changed = await fetch(`${a.base}/api/admin/cars/${car.id}`, { method: 'PUT', headers: { ...staff, ...json }, body: JSON.stringify({ dailyRate: '4321.00' }) });
    expect(changed.status).toBe(200);
    await expect.poll(async () => (await fleet(b)).cars.find((c) => c.id === car.id)?.dailyRate, withinASecond).toBe('4321.00');
    const revalidated = await fleet(b, { 'if-none-match': before.etag! });
    expect(revalidated.status).toBe(200);
    expect(revalidated.etag).not.toBe(before.etag);

    const added = await fetch(`${a.base}/api/admin/cars`, {
      method: 'POST',
      headers: { ...staff, ...json },
      body: JSON.stringify({ name: 'Two Instance Hiace', category: 'Van', dailyRate: '3500', seats: 12, image: 'hiace.jpg' }),
    });
    expect(added.status).toBe(201);
    await expect.poll(async () => (await fleet(b)).cars.map((c) => c.name), withinASecond).toContain('Two Instance Hiace');
    const after = await fleet(b, { 'if-none-match': revalidated.etag! });
    expect(after.status).toBe(200);
    expect(after.cars).toHaveLength(before.cars.length + 1);
  });

  it('a staff session made on A works on B (lists and a document), and signing out on B ends it on A', async () => {
    // A renter books through A with three documents whose addresses A made and B stored.
    const pdf = fileBytes('pdf', 1024);
    const documents = await uploadDocuments(a, b, pdf, 'application/pdf');
    const car = (await fleet(a)).cars[0]!;
    const booked = await fetch(`${a.base}/api/bookings`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(bookingPayload(car.id, documents, { customer: { fullName: 'Luz Two Instances', email: 'luz.two@example.com' } })),
    });
    expect(booked.status).toBe(201);
    const proofOfBilling = ((await booked.json()) as { customer: { proofOfBillingUrl: string } }).customer.proofOfBillingUrl;

    const login = await fetch(`${a.base}/api/admin/login`, { method: 'POST', headers: json, body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')?.match(/rental_session=[^;]*/)?.[0];
    expect(cookie).toBeTruthy();
    const asStaff = { cookie: cookie! };

    const list = await fetch(`${b.base}/api/admin/customers?q=${encodeURIComponent('luz.two@example.com')}`, { headers: asStaff });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(((await list.json()) as Array<{ fullName: string }>)[0]?.fullName).toBe('Luz Two Instances');
    const document = await fetch(`${b.base}${proofOfBilling}`, { headers: asStaff });
    expect(document.status).toBe(200);
    expect(Buffer.from(await document.arrayBuffer()).equals(Buffer.concat([pdf, Buffer.alloc(3)]))).toBe(true);
    expect((await fetch(`${b.base}${proofOfBilling}`)).status).toBe(401);

    const logout = await fetch(`${b.base}/api/admin/logout`, { method: 'POST', headers: asStaff });
    expect(logout.status).toBe(200);
    expect((await fetch(`${a.base}/api/admin/customers`, { headers: asStaff })).status).toBe(401);
    const session = await fetch(`${a.base}/api/admin/session`, { headers: asStaff });
    expect(await session.json()).toEqual({ authenticated: false });
  });

  it('a booking made through A is in the booked dates B answers within a second, though B had them cached', async () => {
    const car = (await fleet(a)).cars[5]!;
    const taken = await fetch(`${b.base}/api/cars/${car.id}/booked-dates`);
    expect(await taken.json()).toEqual([]);

    const documents = await uploadDocuments(a, a, fileBytes('png'), 'image/png');
    const dates = { pickupDate: daysFromToday(20), returnDate: daysFromToday(23) };
    const booked = await fetch(`${a.base}/api/bookings`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(bookingPayload(car.id, documents, { customer: { email: 'ramon.two@example.com' }, booking: dates })),
    });
    expect(booked.status).toBe(201);
    // B had the car's days cached (empty); A's NOTIFY clears them there.
    await expect
      .poll(async () => (await fetch(`${b.base}/api/cars/${car.id}/booked-dates`)).json(), withinASecond)
      .toEqual([{ start: dates.pickupDate, end: dates.returnDate }]);

    // And B refuses the same days for that car: the database holds the rule for both.
    const others = await uploadDocuments(b, b, fileBytes('png'), 'image/png');
    const clash = await fetch(`${b.base}/api/bookings`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(bookingPayload(car.id, others, { customer: { email: 'other.two@example.com' }, booking: dates })),
    });
    expect(clash.status).toBe(409);
  });

  it('the per-address limits are counted in the database: enquiries sent alternately through A and B reach the limit together', async () => {
    const enquiry = (instance: Instance, i: number) =>
      fetch(`${instance.base}/api/contact`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ firstName: 'Tina', lastName: 'Twice', email: 'tina.twice@example.com', message: `Enquiry ${i}` }),
      });
    const answers: Response[] = [];
    for (const [i, instance] of [a, b, a, b, a].entries()) answers.push(await enquiry(instance, i));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429, 429]);
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(500);

    // The site's own form (tRPC) counts against the same window, on either instance.
    const form = await fetch(`${b.base}/trpc/contact.send`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ json: { firstName: 'Tina', lastName: 'Twice', email: 'tina.twice@example.com', message: 'Through the form' } }),
    });
    expect(form.status).toBe(429);
    const stored = await h.orm.em.fork().getConnection().execute(`select count(*)::int as n from contact_message where email = 'tina.twice@example.com'`);
    expect(stored).toEqual([{ n: CONTACT_LIMIT }]);
  });
});

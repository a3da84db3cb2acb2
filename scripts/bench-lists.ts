/**
 * Times the dashboard's lists and the booked dates at two sizes of database, alternating the
 * requests between them in one run so both see the same load, and prints each request's median
 * and their ratio. It creates (or reuses) two databases on a PostgreSQL server, fills them with
 * scripts/seed-scale.ts, and calls the app in-process (no network):
 *
 *   npm run db:dev   # prints postgresql://...:port/rental; pass the URL without /rental
 *   npx tsx scripts/bench-lists.ts <server url> [rounds]
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/server/app';
import { RateLimiter } from '../src/server/auth/rateLimit';
import { LoginThrottle } from '../src/server/auth/throttle';
import { openOrm } from '../src/server/db/orm';
import type { AppDeps } from '../src/server/deps';
import { businessInfo, parseEnv } from '../src/server/env';
import { setLogLevel } from '../src/server/logger';
import { loadFleet } from '../src/server/services/car.service';
import { FleetCache } from '../src/server/services/fleet.cache';
import { signingSecret } from '../src/server/services/settings.service';
import { LocalStorage } from '../src/server/storage/local';
import { generateScaleData } from './seed-scale';

const TOKEN = 'bench-api-token-0123456789abcdef';
const SIZES = [
  { name: '1k', bookings: 1_000, customers: 100 },
  { name: '100k', bookings: 100_000, customers: 10_000 },
] as const;

async function open(server: string, size: (typeof SIZES)[number]) {
  const url = `${server}/bench_${size.name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
  const env = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: url, ADMIN_PASSWORD: 'bench password long enough', ADMIN_API_TOKEN: TOKEN, RATE_LIMITS: 'off' });
  const orm = await openOrm(url, 5);
  const connection = orm.em.fork().getConnection();
  const [{ n } = { n: 0 }] = (await connection.execute('select count(*)::int as n from booking')) as Array<{ n: number }>;
  if (n < size.bookings) {
    await generateScaleData(connection, { bookings: size.bookings - n, customers: size.customers });
    await connection.execute('vacuum analyze');
  }
  const [sample] = (await connection.execute(`select c.email, c.phone, b.car_id from booking b join customer c on c.id = b.customer_id order by b.created_at desc limit 1`)) as Array<{ email: string; phone: string; car_id: string }>;
  const secret = await signingSecret(orm.em.fork());
  const business = businessInfo(env);
  const deps: AppDeps = {
    orm,
    env,
    storage: new LocalStorage(dataDir, secret),
    business,
    signingSecret: secret,
    mail: { from: business.email, garageTo: business.email, wake: () => undefined },
    limiter: new RateLimiter(env.RATE_LIMITS),
    loginThrottle: new LoginThrottle(),
    fleet: new FleetCache(loadFleet),
  };
  return { orm, app: createApp(deps), sample: sample! };
}

function paths(sample: { email: string; phone: string; car_id: string }): Record<string, string> {
  const q = (text: string) => encodeURIComponent(text);
  return {
    'booked dates': `/api/cars/${sample.car_id}/booked-dates`,
    'bookings': '/api/admin/bookings',
    'bookings offset 100': '/api/admin/bookings?offset=100',
    'bookings status': '/api/admin/bookings?status=confirmed',
    'bookings search name': '/api/admin/bookings?q=santos',
    'bookings search e-mail': `/api/admin/bookings?q=${q(sample.email)}`,
    'customers': '/api/admin/customers',
    'customers search phone': `/api/admin/customers?q=${q(sample.phone.slice(-6))}`,
    'customers search e-mail': `/api/admin/customers?q=${q(sample.email)}`,
    'blocked names search': '/api/admin/blocked-names?q=person',
    'audit (offset, total)': '/api/admin/audit?limit=30',
    'audit drawer (cursor)': '/api/admin/audit?limit=30&cursor=',
    'audit drawer by type': '/api/admin/audit?limit=30&cursor=&entityType=payment',
    'overview': '/api/admin/overview',
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

setLogLevel('silent');
const server = process.argv[2];
const rounds = Number(process.argv[3] ?? 15);
if (!server) throw new Error('usage: npx tsx scripts/bench-lists.ts <postgresql server url> [rounds]');
const opened = [];
for (const size of SIZES) opened.push(await open(server, size));
const names = Object.keys(paths(opened[0]!.sample));
const times = opened.map(() => Object.fromEntries(names.map((name) => [name, [] as number[]])));
for (let round = -2; round < rounds; round += 1) {
  for (const name of names) {
    for (const [i, db] of opened.entries()) {
      const started = performance.now();
      const response = await db.app.request(paths(db.sample)[name]!, { headers: { authorization: `Bearer ${TOKEN}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
      if (round >= 0) times[i]![name]!.push(performance.now() - started);
    }
  }
}
process.stdout.write(`| request | ${SIZES.map((s) => `${s.name} ms`).join(' | ')} | ratio |\n|---|---|---|---|\n`);
for (const name of names) {
  const [small, large] = times.map((t) => median(t[name]!));
  process.stdout.write(`| ${name} | ${small!.toFixed(1)} | ${large!.toFixed(1)} | ${(large! / small!).toFixed(2)}× |\n`);
}
for (const db of opened) await db.orm.close();

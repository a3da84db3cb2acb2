import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Hono } from 'hono';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { SignInThrottle } from '../../src/server/auth/throttle';
import { RateLimiter } from '../../src/server/auth/rateLimit';
import { openOrm } from '../../src/server/db/orm';
import type { Actor, AppDeps } from '../../src/server/deps';
import { businessInfo, databaseLimits, parseEnv, type Env } from '../../src/server/env';
import type { AppEnv } from '../../src/server/http/variables';
import { setLogLevel } from '../../src/server/logger';
import { createMailTransport } from '../../src/server/mail/transport';
import { MailWorker } from '../../src/server/mail/worker';
import { signingSecret } from '../../src/server/services/settings.service';
import { ensureOwner } from '../../src/server/services/staff.service';
import { LocalStorage } from '../../src/server/storage/local';
import type { Storage } from '../../src/server/storage/storage';
import { createContextInner } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/root';
import { loadFleet } from '../../src/server/services/car.service';
import { FleetCache } from '../../src/server/infra/fleet.cache';
import { BookedDatesCache } from '../../src/server/infra/booked-dates.cache';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';
export const TEST_ADMIN_EMAIL = 'owner@example.com';
export const TEST_API_TOKEN = 'test-api-token-0123456789abcdef';

/** The callers' staff: the API token's rights (the owner's, without account management), named "test staff" in the log. */
export const staffActor: Actor = { kind: 'token', id: 'api-token', label: 'test staff', email: null, role: null };

export interface Harness {
  orm: MikroORM;
  deps: AppDeps;
  app: Hono<AppEnv>;
  env: Env;
  dataDir: string;
  databaseUrl: string;
  mailWorker: MailWorker;
  /** A tRPC caller as the public (no actor) or as staff. */
  caller: (options?: { staff?: boolean; ip?: string }) => ReturnType<typeof createCaller>;
  close: () => Promise<void>;
}

/**
 * A fresh database (migrated and seeded by the production code), the real services and the real
 * Hono app, for one test file. Storage is the local driver in a temporary folder unless given;
 * mail goes to the outbox folder unless `smtpUrl` is given.
 */
export async function createHarness(
  options: { storage?: () => Storage; env?: Record<string, string>; /** The built site (dist/client) to serve. */ clientDir?: string } = {},
): Promise<Harness> {
  setLogLevel('silent');
  const dataDir = await mkdtemp(join(tmpdir(), 'rental-test-data-'));
  const database = `test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = `${inject('pgServerUrl')}/${database}`;
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ADMIN_API_TOKEN: TEST_API_TOKEN,
    RATE_LIMITS: 'off',
    ...options.env,
  });
  const orm = await openOrm(databaseUrl, options.env?.DATABASE_POOL_MAX ? env.DATABASE_POOL_MAX : 20, databaseLimits(env));
  const em = orm.em.fork();
  const secret = await signingSecret(em);
  const business = businessInfo(env);
  await ensureOwner(em, env, business.email);
  const storage = options.storage ? options.storage() : new LocalStorage(dataDir);
  const transport = createMailTransport({ ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), dataDir });
  const mailWorker = new MailWorker(orm, transport, `Test Garage <${business.email}>`, 60_000);
  const deps: AppDeps = {
    orm,
    env,
    storage,
    business,
    siteUrl: env.PUBLIC_URL ?? 'http://localhost',
    signingSecret: secret,
    mail: { from: business.email, garageTo: 'garage@example.com', wake: () => undefined },
    limiter: new RateLimiter(env.RATE_LIMITS, orm),
    signInThrottle: new SignInThrottle(orm),
    fleet: new FleetCache(() => loadFleet(orm.em.fork())),
    bookedDates: new BookedDatesCache(),
  };
  const app = createApp(deps, options.clientDir ? { clientDir: options.clientDir } : {});
  return {
    orm,
    deps,
    app,
    env,
    dataDir,
    databaseUrl,
    mailWorker,
    caller: ({ staff = false, ip = '127.0.0.1' } = {}) =>
      createCaller(createContextInner({ em: orm.em.fork(), deps, actor: staff ? staffActor : null, request: { ip, origin: 'http://localhost' } })),
    close: async () => {
      await mailWorker.stop();
      await orm.close(true);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SignInThrottle } from './auth/throttle';
import { RateLimiter } from './auth/rateLimit';
import { createApp } from './app';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { openOrm } from './db/orm';
import type { AppDeps } from './deps';
import { businessInfo, databaseLimits, type Env } from './env';
import { closeIdleSockets, CONNECTION_TIMEOUTS, guardConnections, type ConnectionGuard } from './http/connections';
import { describeError, log } from './logger';
import { createMailTransport } from './mail/transport';
import { MailWorker } from './mail/worker';
import { loadFleet } from './services/car.service';
import { BookedDatesCache } from './infra/booked-dates.cache';
import { ChangeFeed } from './infra/change-feed';
import { FleetCache } from './infra/fleet.cache';
import { followUpBookings } from './services/booking-jobs.service';
import { signingSecret } from './services/settings.service';
import { ensureOwner } from './services/staff.service';
import { eraseLapsedCustomers, purgeExpiredDocuments, purgeOldRecords } from './services/retention.service';
import { forgetExpiredKeys } from './services/idempotency.service';
import { cleanupUploads, sweepOrphanObjects } from './services/upload.service';
import { LocalStorage } from './storage/local';
import { S3Storage } from './storage/s3';
import type { Storage } from './storage/storage';

export interface RunningServer {
  url: string;
  port: number;
  /** The Node HTTP server, with its time limits. */
  httpServer: Server;
  /** Its connection caps and the floor on request bodies. */
  connections: ConnectionGuard;
  deps: AppDeps;
  mailWorker: MailWorker;
  /** The owner's password, set on the first start when ADMIN_PASSWORD is unset. */
  generatedPassword: string | null;
  /** The owner's e-mail address (ADMIN_EMAIL, or the garage's). */
  ownerEmail: string;
  close: () => Promise<void>;
}

export interface StartOptions {
  clientDir?: string;
  version?: string;
  /** Milliseconds between mail rounds (tests use less). */
  mailPollMs?: number;
  /** Request bodies are measured only when `connections.check()` is called (tests drive it), not every 2 s. */
  manualConnectionChecks?: boolean;
}

async function createStorage(env: Env): Promise<Storage> {
  if (!env.S3_BUCKET) return new LocalStorage(env.DATA_DIR);
  const storage = new S3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  });
  await storage.ensureBucket().catch((error) => log.warn('storage.bucket.check.failed', describeError(error)));
  return storage;
}

/**
 * Starts everything: the database (embedded unless DATABASE_URL is set), migrations and seed,
 * storage, the mail worker, the clean-up job and the HTTP server. `close` stops them in the
 * reverse order, letting requests in flight finish first.
 */
export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(env.DATA_DIR);
    databaseUrl = embedded.url('rental');
  }

  let orm: MikroORM;
  try {
    orm = await openOrm(databaseUrl, env.DATABASE_POOL_MAX, databaseLimits(env));
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const em = orm.em.fork();
  const secret = await signingSecret(em);
  const business = businessInfo(env);
  const owner = await ensureOwner(em, env, business.email);
  const storage = await createStorage(env);

  const transport = createMailTransport({ ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), dataDir: env.DATA_DIR });
  const from = env.MAIL_FROM ?? `${business.name} <${business.email}>`;
  const mailWorker = new MailWorker(orm, transport, from, options.mailPollMs);
  const changes = new ChangeFeed(databaseUrl);
  const deps: AppDeps = {
    orm,
    env,
    storage,
    business,
    siteUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    signingSecret: secret,
    mail: { from, garageTo: env.GARAGE_NOTIFY_EMAIL ?? business.email, wake: () => mailWorker.wake() },
    limiter: new RateLimiter(env.RATE_LIMITS, orm),
    signInThrottle: new SignInThrottle(orm),
    changes,
    fleet: new FleetCache(() => loadFleet(orm.em.fork()), changes),
    bookedDates: new BookedDatesCache(undefined, changes),
  };
  await changes.listen();
  mailWorker.start();

  // Housekeeping every hour: unattached uploads (24 h), stored objects no upload names (a page of
  // them), identity documents past retention, enquiries (2 years), sent e-mails (30 days),
  // activity-log entries and deleted customer records' tombstones (7 years) past theirs, customers
  // whose last rental ended 7 years ago (erased), the per-address limits' windows that have passed,
  // and booking requests' idempotency keys older than a day.
  const housekeeping = async () => {
    await cleanupUploads(deps).catch((error) => log.warn('upload.cleanup.failed', describeError(error)));
    await sweepOrphanObjects(deps).catch((error) => log.warn('upload.orphans.failed', describeError(error)));
    await purgeExpiredDocuments(deps).catch((error) => log.warn('retention.failed', describeError(error)));
    await purgeOldRecords(deps).catch((error) => log.warn('retention.records.failed', describeError(error)));
    await eraseLapsedCustomers(deps).catch((error) => log.warn('retention.erase.failed', describeError(error)));
    await deps.limiter.sweep().catch((error) => log.warn('rate_limit.sweep.failed', describeError(error)));
    await forgetExpiredKeys(deps).catch((error) => log.warn('idempotency.sweep.failed', describeError(error)));
  };
  const cleanup = setInterval(() => void housekeeping(), 60 * 60_000);
  cleanup.unref();
  setTimeout(() => void housekeeping(), 30_000).unref();
  // Every minute: unconfirmed holds that ran out are released, and tomorrow's renters reminded.
  const followUp = () => followUpBookings(deps).catch((error) => log.warn('bookings.follow_up.failed', describeError(error)));
  const followUps = setInterval(() => void followUp(), 60_000);
  followUps.unref();
  setTimeout(() => void followUp(), 5_000).unref();

  const app = createApp(deps, { ...(options.clientDir ? { clientDir: options.clientDir } : {}), ...(options.version ? { version: options.version } : {}) });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, serverOptions: CONNECTION_TIMEOUTS }, () => resolve(s));
  });
  const httpServer = server as Server;
  closeIdleSockets(httpServer);
  // Behind a proxy every connection comes from the proxy's address: the proxy limits its clients.
  const connections = guardConnections(httpServer, {
    max: env.MAX_CONNECTIONS,
    perAddress: env.TRUST_PROXY ? null : env.MAX_CONNECTIONS_PER_ADDRESS,
    timer: !options.manualConnectionChecks,
  });
  const port = (server.address() as AddressInfo).port;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = env.PUBLIC_URL ?? `http://${host}:${port}`;
  deps.siteUrl = url;
  // Links in e-mails are absolute and cannot follow the request: without PUBLIC_URL they name this machine.
  if (!env.PUBLIC_URL) log.warn('public_url.unset', { emailLinks: url, hint: 'set PUBLIC_URL to the public https address before renters get e-mails' });

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(cleanup);
      clearInterval(followUps);
      await new Promise<void>((resolve) => {
        const http = httpServer;
        http.close(() => resolve());
        // Requests in flight finish; keep-alive clients would go on sending requests on their open
        // sockets and hold close() open forever: answers from now on end their socket, and sockets
        // are closed as soon as they fall idle.
        http.on('request', (_request, response) => response.setHeader('Connection', 'close'));
        const sweep = setInterval(() => http.closeIdleConnections(), 100);
        http.once('close', () => clearInterval(sweep));
        http.closeIdleConnections();
      });
      await mailWorker.stop();
      await changes.stop();
      await orm.close(true);
      await embedded?.stop();
    })());

  return { url, port, httpServer, connections, deps, mailWorker, generatedPassword: owner.generated, ownerEmail: owner.email, close };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TBusinessInfo } from '../shared/business';
import type { LoginThrottle } from './auth/throttle';
import type { RateLimiter } from './auth/rateLimit';
import type { Env } from './env';
import type { BookedDatesCache } from './infra/booked-dates.cache';
import type { ChangeFeed } from './infra/change-feed';
import type { FleetCache } from './infra/fleet.cache';
import type { Storage } from './storage/storage';

/** The long-lived parts of a running server, made once in `main.ts` (or by a test). */
export interface AppDeps {
  orm: MikroORM;
  env: Env;
  storage: Storage;
  business: TBusinessInfo;
  /** The site's address for links in e-mails: PUBLIC_URL, or the server's own address. */
  siteUrl: string;
  /** HMAC key shared by every instance (kept in the database). */
  signingSecret: string;
  mail: { from: string; garageTo: string; wake: () => void };
  limiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** What other instances changed (PostgreSQL LISTEN), for the caches below; absent in single-instance tests. */
  changes?: ChangeFeed;
  /** The fleet list, cached until a car changes on any instance. */
  fleet: FleetCache;
  /** Each car's booked days, cached until a booking changes on any instance. */
  bookedDates: BookedDatesCache;
}

/** Who is acting: a signed-in staff session or the integrators' API token. */
export interface Actor {
  kind: 'session' | 'token' | 'renter' | 'system';
  /** Session id, or 'api-token'. */
  id: string;
  /** What the audit log shows. */
  label: string;
}

/** What every service receives: a request-scoped EntityManager, the app's parts and the actor. */
export interface ServiceContext {
  em: EntityManager;
  deps: AppDeps;
  actor: Actor | null;
}

export type AdminContext = ServiceContext & { actor: Actor };

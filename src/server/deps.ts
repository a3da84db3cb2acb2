import type { EntityManager } from '@mikro-orm/postgresql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TBusinessInfo } from '../shared/business';
import type { StaffRole } from '../shared/schemas/staff.schema';
import type { SignInThrottle } from './auth/throttle';
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
  signInThrottle: SignInThrottle;
  /** What other instances changed (PostgreSQL LISTEN), for the caches below; absent in single-instance tests. */
  changes?: ChangeFeed;
  /** The fleet list, cached until a car changes on any instance. */
  fleet: FleetCache;
  /** Each car's booked days, cached until a booking changes on any instance. */
  bookedDates: BookedDatesCache;
}

/** Who is acting: a signed-in staff account, the integrators' API token, a renter or the server itself. */
export interface Actor {
  kind: 'account' | 'token' | 'renter' | 'system';
  /** The account's id, or 'api-token', 'renter', 'system'. */
  id: string;
  /** What the audit log shows: the account's name, or "API token", ... */
  label: string;
  /** The account's e-mail address (the audit log shows it too); null for everyone else. */
  email: string | null;
  /** The account's role; null for everyone else. */
  role: StaffRole | null;
}

/** A live sign-in of a staff account, as the request's cookie names it. */
export interface StaffSessionInfo {
  /** The session's id. */
  id: string;
  account: { id: string; name: string; email: string; role: StaffRole; mainOwner: boolean; twoFactor: boolean };
  /** OWNER_REQUIRE_2FA is on and this is an owner. */
  twoFactorRequired: boolean;
  /** OWNER_REQUIRE_2FA is on and this owner has no second factor yet: only its own account is open. */
  setupRequired: boolean;
}

/**
 * What every service receives: a request-scoped EntityManager, the app's parts, the actor (who may
 * act on the business's records) and the staff session (whose own account it is, if any). A
 * request's `em` is forked when first read (rest/route.ts): a context derived by spreading names
 * its EntityManager, `{ ...ctx, em }`.
 */
export interface ServiceContext {
  em: EntityManager;
  deps: AppDeps;
  actor: Actor | null;
  session?: StaffSessionInfo | null;
}

/** Who is asking, as the per-address limits and the session service see the request. */
export interface RequestMeta {
  ip: string;
  /** The caller as the per-address limits count it (`networkOf(ip)`: an IPv6 address's /56). */
  network: string;
  /** The site's own origin, as the browser reached it (for upload addresses). */
  origin: string;
  userAgent: string | null;
}

/** Lets the admin procedures set and clear the session cookie (and the known-device cookie) without knowing about HTTP. */
export interface SessionCookie {
  token: string | null;
  set(token: string): void;
  clear(): void;
  /** The known-device cookie's value (src/server/auth/device.ts). */
  device: string | null;
  setDevice(value: string): void;
}

export type AdminContext = ServiceContext & { actor: Actor };
/**
 * A staff account's own session: its sessions, password and second factor. The request's address
 * and cookies count a password typed again as the sign-in throttle counts a sign-in.
 */
export type OwnAccountContext = ServiceContext & { session: StaffSessionInfo; request: RequestMeta; cookie: SessionCookie };

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, AppDeps, StaffSessionInfo } from '../deps';

export interface RequestMeta {
  ip: string;
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

/** What the Hono middleware puts on each request for the REST adapters and tRPC. */
export interface AppVariables {
  deps: AppDeps;
  em: EntityManager;
  actor: Actor | null;
  /** The staff session the cookie names, if live (its account may still have to set up a second factor). */
  session: StaffSessionInfo | null;
  request: RequestMeta;
  sessionCookie: SessionCookie;
  requestId: string;
}

export type AppEnv = { Variables: AppVariables };

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, AppDeps } from '../deps';

export interface RequestMeta {
  ip: string;
  /** The site's own origin, as the browser reached it (for upload addresses). */
  origin: string;
  userAgent: string | null;
}

/** Lets the admin procedures set and clear the session cookie without knowing about HTTP. */
export interface SessionCookie {
  token: string | null;
  set(token: string): void;
  clear(): void;
}

/** What the Hono middleware puts on each request for the REST adapters and tRPC. */
export interface AppVariables {
  deps: AppDeps;
  em: EntityManager;
  actor: Actor | null;
  request: RequestMeta;
  sessionCookie: SessionCookie;
  requestId: string;
}

export type AppEnv = { Variables: AppVariables };

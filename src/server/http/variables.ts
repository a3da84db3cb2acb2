import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, AppDeps } from '../deps';
import type { RequestMeta, SessionCookie } from '../trpc/context';

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

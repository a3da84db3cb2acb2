import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context as HonoContext } from 'hono';
import type { Actor, AppDeps, ServiceContext } from '../deps';
import type { AppVariables, RequestMeta, SessionCookie } from '../http/variables';

export interface Context extends ServiceContext {
  request: RequestMeta;
  cookie: SessionCookie;
}

const noCookie: SessionCookie = { token: null, set: () => undefined, clear: () => undefined };

/**
 * The part of the context that needs no HTTP request, so tests can build it directly:
 * `createCaller(createContextInner({ em, deps, actor }))`.
 */
export function createContextInner(options: {
  em: EntityManager;
  deps: AppDeps;
  actor?: Actor | null;
  request?: Partial<RequestMeta>;
  cookie?: SessionCookie;
}): Context {
  return {
    em: options.em,
    deps: options.deps,
    actor: options.actor ?? null,
    request: { ip: '127.0.0.1', origin: 'http://localhost', userAgent: null, ...options.request },
    cookie: options.cookie ?? noCookie,
  };
}

/** The context of a real request: Hono's middleware has already forked the EntityManager and resolved the actor. */
export function createContext(c: HonoContext<{ Variables: AppVariables }>): Context {
  return createContextInner({
    em: c.get('em'),
    deps: c.get('deps'),
    actor: c.get('actor'),
    request: c.get('request'),
    cookie: c.get('sessionCookie'),
  });
}

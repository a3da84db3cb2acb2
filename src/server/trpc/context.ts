import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import { AppError, ERROR_CODES } from '../../shared/errors';
import type { Actor, AppDeps, ServiceContext, StaffSessionInfo } from '../deps';
import { refuseUndecodableUrl } from '../errors';
import { requestEm, requestMeta, sessionCookie } from '../http/middleware';
import { networkOf } from '../http/network';
import type { AppEnv, RequestMeta, SessionCookie } from '../http/variables';

export interface Context extends ServiceContext {
  session: StaffSessionInfo | null;
  request: RequestMeta;
  cookie: SessionCookie;
}

const noCookie: SessionCookie = { token: null, set: () => undefined, clear: () => undefined, device: null, setDevice: () => undefined };

/**
 * The part of the context that needs no HTTP request, so tests can build it directly:
 * `createCaller(createContextInner({ em, deps, actor }))`.
 */
export function createContextInner(options: {
  em: EntityManager;
  deps: AppDeps;
  actor?: Actor | null;
  session?: StaffSessionInfo | null;
  request?: Partial<RequestMeta>;
  cookie?: SessionCookie;
}): Context {
  const ip = options.request?.ip ?? '127.0.0.1';
  return {
    em: options.em,
    deps: options.deps,
    actor: options.actor ?? null,
    session: options.session ?? null,
    request: { ip, network: networkOf(ip), origin: 'http://localhost', userAgent: null, ...options.request },
    cookie: options.cookie ?? noCookie,
  };
}

/**
 * The context of a real request: Hono's middleware has already identified the caller (`identified`).
 * A URL whose %-escapes are not UTF-8 is refused here, as the REST adapters refuse it: tRPC would
 * read `?input=` through URLSearchParams, which turns them into U+FFFD without a word.
 */
export function createContext(c: HonoContext<AppEnv>): Context {
  try {
    refuseUndecodableUrl(c.req.url);
  } catch (error) {
    // tRPC answers an error thrown here with the status of its code: give it ours, not a 500.
    if (error instanceof AppError) throw new TRPCError({ code: ERROR_CODES[error.code].trpc, message: error.message, cause: error });
    throw error;
  }
  return createContextInner({
    em: requestEm(c),
    deps: c.get('deps'),
    actor: c.get('actor') ?? null,
    session: c.get('session') ?? null,
    request: requestMeta(c),
    cookie: sessionCookie(c),
  });
}

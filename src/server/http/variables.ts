import type { Locale } from '../../shared/i18n/locales';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, AppDeps, RequestMeta, SessionCookie, StaffSessionInfo } from '../deps';

export type { RequestMeta, SessionCookie } from '../deps';

/** Every answer's security headers, made once per app by `baseMiddleware` (src/server/http/middleware.ts). */
export interface SecurityHeaders {
  /** The fixed security headers, the site's CSP, and HSTS when PUBLIC_URL is https. */
  fixed: Readonly<Record<string, string>>;
  /** Without PUBLIC_URL, HSTS depends on how the request came (isHttps). */
  hstsByRequest: boolean;
}

/**
 * What each request carries for the REST adapters and tRPC. `deps` and `requestId` are set for
 * every request; `actor` and `session` once `identify` has run; the others on first use, through
 * `requestEm`, `requestMeta` and `sessionCookie` (src/server/http/middleware.ts), so that a read
 * answered from a cache makes none of them.
 */
export interface AppVariables {
  deps: AppDeps;
  requestId: string;
  securityHeaders: SecurityHeaders;
  /** The answer `completeAnswer` made, which has its headers already. */
  completeAnswer?: Response;
  actor?: Actor | null;
  /** The staff session the cookie names, if live (its account may still have to set up a second factor). */
  session?: StaffSessionInfo | null;
  em?: EntityManager;
  request?: RequestMeta;
  sessionCookie?: SessionCookie;
  /** The language the request asks for (`Accept-Language`): its errors and notices, a booking's e-mails. */
  locale: Locale;
}

export type AppEnv = { Variables: AppVariables };

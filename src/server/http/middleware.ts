import { randomUUID, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AppError, type ErrorBody } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { AppDeps } from '../deps';
import { toAppError } from '../errors';
import { describeError, log } from '../logger';
import { DEVICE_COOKIE_MAX_AGE } from '../auth/device';
import { API_TOKEN_ACTOR } from '../services/audit.service';
import { accountActor, resolveSession } from '../services/session.service';
import type { AppEnv } from './variables';

export const SESSION_COOKIE = 'rental_session';
export const DEVICE_COOKIE = 'rental_device';

/**
 * The cookies' names. With an https PUBLIC_URL they carry the `__Host-` prefix, which browsers
 * accept only from a secure origin, for the whole host (Path=/) and for no other domain, so a
 * sibling subdomain cannot plant or overwrite them.
 */
export function cookieNames(env: Pick<AppDeps['env'], 'PUBLIC_URL'>): { session: string; device: string } {
  const prefix = env.PUBLIC_URL?.startsWith('https:') ? '__Host-' : '';
  return { session: `${prefix}${SESSION_COOKIE}`, device: `${prefix}${DEVICE_COOKIE}` };
}

/**
 * The caller's address. Behind a trusted proxy it is the last X-Forwarded-For entry: the one the
 * proxy itself appended. Earlier entries come from the client and could be anything.
 */
function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

/** The origin the browser used to reach us: PUBLIC_URL when set, else the request's own. */
export function siteOrigin(c: Context<AppEnv>, deps: AppDeps): string {
  if (deps.env.PUBLIC_URL) return deps.env.PUBLIC_URL;
  const url = new URL(c.req.url);
  if (deps.env.TRUST_PROXY) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto) url.protocol = `${proto}:`;
    if (host) url.host = host;
  }
  return url.origin;
}

function isHttps(c: Context<AppEnv>, deps: AppDeps): boolean {
  return siteOrigin(c, deps).startsWith('https:');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** JSON bodies above this are refused with 413. */
export const MAX_JSON_BODY = 1024 * 1024;

/**
 * Hono's body limit for JSON bodies: a declared length above it is refused from the headers alone;
 * a body sent without one is counted as it is read.
 */
export function jsonBodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_JSON_BODY,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', messages.errors.bodyTooLarge);
    },
  });
}

/**
 * `Cache-Control: no-store` on private answers (staff lists, the CSV export, tRPC answers, a
 * renter's booking), unless the route chose its own: no browser or shared cache keeps them.
 */
export function privateAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  };
}

/** Request id, security headers and the error handler's data for every request. */
export function baseMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    await next();
    c.header('X-Request-Id', requestId);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (isHttps(c, deps)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', contentSecurityPolicy(deps));
  };
}

/**
 * Scripts only from this origin, no inline scripts but those named by their hash (`scriptHashes`,
 * 'sha256-…': the pages' theme script); uploads may go to the S3 endpoint.
 */
export function contentSecurityPolicy(deps: AppDeps, scriptHashes: string[] = []): string {
  const connect = ["'self'"];
  if (deps.env.S3_ENDPOINT) connect.push(new URL(deps.env.S3_ENDPOINT).origin);
  else if (deps.env.S3_BUCKET) connect.push('https://*.amazonaws.com');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Cross-site write protection for cookie-authenticated requests (besides SameSite=Strict):
 * a write that names another Origin, or that a browser marks cross-site, is refused (403); a
 * write with a body must be JSON (415), except file uploads to the upload endpoint.
 */
export function crossSiteGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const deps = c.get('deps');
    const origin = c.req.header('origin');
    if (origin && origin !== 'null' && origin !== siteOrigin(c, deps) && origin !== new URL(c.req.url).origin) {
      throw new AppError('FORBIDDEN', messages.errors.crossSite);
    }
    if (origin === 'null' || c.req.header('sec-fetch-site') === 'cross-site') throw new AppError('FORBIDDEN', messages.errors.crossSite);
    const isUpload = c.req.path.startsWith('/objects/upload/');
    const length = c.req.header('content-length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    if (hasBody && !isUpload) {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.errors.jsonOnly);
    }
    return next();
  };
}

/**
 * Forks the EntityManager for this request and works out who is asking: a staff account's session
 * cookie or the integrators' bearer token. An owner who must still set up a second factor
 * (OWNER_REQUIRE_2FA) has a session but no actor: only their own account's paths are open.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const em = deps.orm.em.fork();
    c.set('em', em);
    c.set('request', {
      ip: clientIp(c, deps.env.TRUST_PROXY),
      origin: siteOrigin(c, deps),
      userAgent: c.req.header('user-agent') ?? null,
    });
    const names = cookieNames(deps.env);
    const token = getCookie(c, names.session) ?? null;
    const secure = isHttps(c, deps) || names.session !== SESSION_COOKIE;
    const options = { httpOnly: true, sameSite: 'Strict', secure, path: '/' } as const;
    c.set('sessionCookie', {
      token,
      set: (value) => setCookie(c, names.session, value, options),
      clear: () => deleteCookie(c, names.session, options),
      device: getCookie(c, names.device) ?? null,
      setDevice: (value) => setCookie(c, names.device, value, { ...options, maxAge: DEVICE_COOKIE_MAX_AGE }),
    });
    let actor = null;
    let session = null;
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (bearer && deps.env.ADMIN_API_TOKEN && sameSecret(bearer, deps.env.ADMIN_API_TOKEN)) actor = API_TOKEN_ACTOR;
    else if (token) {
      session = await resolveSession(em, token, deps.env);
      if (session && !session.setupRequired) actor = accountActor(session);
    }
    c.set('actor', actor);
    c.set('session', session);
    return next();
  };
}

/** Every error becomes JSON `{message, issues?, requestId?}` with its status; faults are logged, never shown. */
export function handleError(error: unknown, c: Context<AppEnv>): Response {
  const appError = toAppError(error);
  const requestId = c.get('requestId');
  const body: ErrorBody = { message: appError.message };
  if (appError.issues) body.issues = appError.issues;
  if (appError.code === 'INTERNAL') {
    body.requestId = requestId;
    log.error('request.failed', { requestId, method: c.req.method, path: c.req.path, ...describeError(error) });
  } else if (appError.code === 'SERVICE_UNAVAILABLE') {
    log.warn('request.unavailable', { requestId, path: c.req.path, ...describeError((error as { cause?: unknown }).cause ?? error) });
  }
  if (appError.retryAfter) c.header('Retry-After', String(appError.retryAfter));
  // The rest of a refused body is never read: the connection closes after the answer, so a client
  // does not send its next request on a socket still carrying it.
  if (appError.code === 'PAYLOAD_TOO_LARGE') c.header('Connection', 'close');
  return c.json(body, appError.status as 400);
}

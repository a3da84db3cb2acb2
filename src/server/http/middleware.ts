import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context, MiddlewareHandler } from 'hono';
import { DEFAULT_LOCALE, localeOfAcceptLanguage } from '../../shared/i18n/locales';
import { withLocale } from '../i18n';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AppError, type ErrorBody } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { Actor, AppDeps, StaffSessionInfo } from '../deps';
import { toAppError } from '../errors';
import { describeError, log } from '../logger';
import { DEVICE_COOKIE_MAX_AGE } from '../auth/device';
import { API_TOKEN_ACTOR } from '../services/audit.service';
import { accountActor, resolveSession } from '../services/session.service';
import { networkOf } from './network';
import type { AppEnv, RequestMeta, SecurityHeaders, SessionCookie } from './variables';

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
 * A forwarding header's entry the trusted proxy wrote: the last (a proxy that appends keeps what the
 * client sent before it, which could be anything).
 */
function forwarded(c: Context<AppEnv>, name: 'x-forwarded-for' | 'x-forwarded-proto' | 'x-forwarded-host'): string | undefined {
  return c.req.header(name)?.split(',').at(-1)?.trim() || undefined;
}

/** The caller's address. Behind a trusted proxy it is the last X-Forwarded-For entry (`forwarded`). */
function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const address = forwarded(c, 'x-forwarded-for');
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

/**
 * The origin the browser used to reach us: PUBLIC_URL when set, else the request's own. Behind the
 * one trusted proxy, its `X-Forwarded-Host` and `-Proto`: the last entry of each, the one the proxy
 * wrote (a proxy that appends keeps what the client sent before it), as `clientIp` reads
 * `X-Forwarded-For`.
 */
export function siteOrigin(c: Context<AppEnv>, deps: AppDeps): string {
  if (deps.env.PUBLIC_URL) return deps.env.PUBLIC_URL;
  const url = new URL(c.req.url);
  if (deps.env.TRUST_PROXY) {
    const proto = forwarded(c, 'x-forwarded-proto');
    const host = forwarded(c, 'x-forwarded-host');
    if (proto) url.protocol = `${proto}:`;
    if (host) url.host = host;
  }
  return url.origin;
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
 * The checks of a write, in one middleware: the JSON body limit (when `jsonBodyLimit`), then the
 * cross-site guard. A GET or HEAD passes straight on: it changes nothing, and has no body here
 * (the Node adapter gives it none), so asking would only build the request's Fetch API copy.
 */
export function writeChecks(options: { jsonBodyLimit: boolean }): MiddlewareHandler<AppEnv> {
  const limit = options.jsonBodyLimit ? jsonBodyLimit() : null;
  const guard = crossSiteGuard();
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    if (!limit) return guard(c, next);
    return limit(c, async () => {
      await guard(c, next);
    });
  };
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

/**
 * The header of an answer written in the request's language (its `Accept-Language`): its
 * messages, a refusal's reason, the garage's opening hours. A shared cache keeps one copy per language.
 */
export const VARY_LANGUAGE = { Vary: 'Accept-Language' } as const;

/**
 * `Vary: Accept-Language` on the API's answers (REST and tRPC), whose messages and refusals are in
 * the request's language, unless the route made its answer whole itself (`completeAnswer`: the
 * cached fleet and booked dates, the same in every language, and the public JSON answers, which
 * carry it already).
 */
export function languageAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res !== c.get('completeAnswer')) c.res.headers.append('Vary', VARY_LANGUAGE.Vary);
  };
}

/** The headers every answer carries, whatever it is (and the site's CSP, unless the answer has its own). */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
const CSP = 'Content-Security-Policy';
const HSTS = 'Strict-Transport-Security';
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Whether the browser reached us over https, as `siteOrigin` would say, without parsing a URL:
 * PUBLIC_URL's scheme when set, else the forwarded protocol (trusted proxy) or the request's own.
 */
function isHttps(c: Context<AppEnv>, deps: AppDeps): boolean {
  if (deps.env.PUBLIC_URL) return deps.env.PUBLIC_URL.startsWith('https:');
  if (deps.env.TRUST_PROXY) {
    const proto = forwarded(c, 'x-forwarded-proto')?.toLowerCase();
    if (proto === 'https' || proto === 'http') return proto === 'https';
  }
  return c.req.url.startsWith('https:');
}

/**
 * Request id and security headers for every request, and the error handler's data. The security
 * headers are made once, at start. An answer made by `completeAnswer` has them already; any other
 * gets them written into its own header list after the route (never by rebuilding the answer).
 */
export function baseMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const security: SecurityHeaders = {
    fixed: { ...SECURITY_HEADERS, [CSP]: contentSecurityPolicy(deps), ...(deps.env.PUBLIC_URL?.startsWith('https:') ? { [HSTS]: HSTS_VALUE } : {}) },
    hstsByRequest: !deps.env.PUBLIC_URL,
  };
  return async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('securityHeaders', security);
    const locale = localeOfAcceptLanguage(c.req.header('accept-language'));
    c.set('locale', locale);
    // Everything after runs in the request's language: its errors, notices and the e-mails it queues.
    await withLocale(locale, next);
    const answer = c.res;
    if (answer === c.get('completeAnswer')) return;
    const headers = answer.headers;
    headers.set('X-Request-Id', requestId);
    for (const name in security.fixed) if (name !== CSP || !headers.has(CSP)) headers.set(name, security.fixed[name]!);
    if (security.hstsByRequest && isHttps(c, deps)) headers.set(HSTS, HSTS_VALUE);
  };
}

/**
 * An answer with all its headers from the start: the security headers, the request id and those
 * of `own` (spelled as above, e.g. `Content-Type`; a `Content-Security-Policy` replaces the
 * site's), in one plain object, which the Node adapter hands to Node as it is. For answers the
 * route has ready (the cached reads): no header list is built or rewritten per request. Headers
 * set through `c.header` are not part of it.
 */
export function completeAnswer(c: Context<AppEnv>, status: number, body: string | Uint8Array<ArrayBuffer> | null, ...own: Array<Readonly<Record<string, string>>>): Response {
  const security = c.get('securityHeaders');
  // Copied name by name into a new object: V8 builds it along the same hidden classes every time,
  // about 0.1 µs, where a spread followed by more names takes microseconds.
  const headers: Record<string, string> = {};
  for (const name in security.fixed) headers[name] = security.fixed[name]!;
  headers['X-Request-Id'] = c.get('requestId');
  for (const set of own) for (const name in set) headers[name] = set[name]!;
  if (security.hstsByRequest && isHttps(c, c.get('deps'))) headers[HSTS] = HSTS_VALUE;
  const answer = new Response(body, { status, headers });
  c.set('completeAnswer', answer);
  return answer;
}

/**
 * A request header, read from Node's own parsed headers when the request came through the Node
 * adapter (asking Hono would build the request's Fetch API header list first), else from Hono's.
 */
export function requestHeader(c: Context<AppEnv>, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A cached representation, or `304 Not Modified` when the request's `If-None-Match` names its
 * entity tag (weak comparison, as for GET; `*` matches any) with the headers a 200 would carry but
 * the content's own.
 */
export function cachedAnswer(
  c: Context<AppEnv>,
  content: { status?: number; body: string | Uint8Array<ArrayBuffer>; etag: string; headers: Readonly<Record<string, string>> },
): Response {
  const status = content.status ?? 200;
  const condition = status === 200 ? requestHeader(c, 'if-none-match') : undefined;
  if (condition && entityTagMatches(content.etag, condition)) {
    const kept: Record<string, string> = { ETag: content.etag };
    for (const name in content.headers) if (name !== 'Content-Type' && name !== 'Content-Encoding') kept[name] = content.headers[name]!;
    return completeAnswer(c, 304, null, kept);
  }
  return completeAnswer(c, status, content.body, content.headers, { ETag: content.etag });
}

/** `If-None-Match` semantics (RFC 9110, 13.1.2): `*`, or a list of tags compared weakly. */
function entityTagMatches(etag: string, condition: string): boolean {
  if (condition.trim() === '*') return true;
  const tag = etag.replace(/^W\//, '');
  return condition.match(/"[^"]*"/g)?.includes(tag) ?? false;
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
  return (c, next) => {
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

/** The request's own EntityManager, forked on first use: a read answered from a cache forks none. */
export function requestEm(c: Context<AppEnv>): EntityManager {
  let em = c.get('em');
  if (!em) {
    em = c.get('deps').orm.em.fork();
    c.set('em', em);
  }
  return em;
}

/** Who sent the request and from where (for limits, upload addresses, sign-in records), worked out on first use. */
export function requestMeta(c: Context<AppEnv>): RequestMeta {
  let meta = c.get('request');
  if (!meta) {
    const deps = c.get('deps');
    const ip = clientIp(c, deps.env.TRUST_PROXY);
    meta = { ip, network: networkOf(ip), origin: siteOrigin(c, deps), userAgent: c.req.header('user-agent') ?? null };
    c.set('request', meta);
  }
  return meta;
}

/** The session and known-device cookies of the request, and how to set or clear them; made on first use. */
export function sessionCookie(c: Context<AppEnv>): SessionCookie {
  let cookie = c.get('sessionCookie');
  if (!cookie) {
    const deps = c.get('deps');
    const names = cookieNames(deps.env);
    const secure = isHttps(c, deps) || names.session !== SESSION_COOKIE;
    const options = { httpOnly: true, sameSite: 'Strict', secure, path: '/' } as const;
    cookie = {
      token: getCookie(c, names.session) ?? null,
      set: (value) => setCookie(c, names.session, value, options),
      clear: () => deleteCookie(c, names.session, options),
      device: getCookie(c, names.device) ?? null,
      setDevice: (value) => setCookie(c, names.device, value, { ...options, maxAge: DEVICE_COOKIE_MAX_AGE }),
    };
    c.set('sessionCookie', cookie);
  }
  return cookie;
}

/**
 * Works out who is asking, once per request: a staff account's session cookie or the integrators'
 * bearer token. Run for every route that may care (tRPC, objects, every REST route but those that
 * answer everyone alike), so a cached public read looks up no session. An owner who must still set
 * up a second factor (OWNER_REQUIRE_2FA) has a session but no actor: only their own account's
 * paths are open. Until it has run, `actor` and `session` are unset.
 */
export async function identify(c: Context<AppEnv>): Promise<void> {
  if (c.get('actor') !== undefined) return;
  const deps = c.get('deps');
  let actor: Actor | null = null;
  let session: StaffSessionInfo | null = null;
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (bearer && deps.env.ADMIN_API_TOKEN && sameSecret(bearer, deps.env.ADMIN_API_TOKEN)) actor = API_TOKEN_ACTOR;
  else {
    const token = sessionCookie(c).token;
    if (token) {
      session = await resolveSession(requestEm(c), token, deps.env);
      if (session && !session.setupRequired) actor = accountActor(session);
    }
  }
  c.set('actor', actor);
  c.set('session', session);
}

/** `identify` as middleware, for tRPC and /objects. */
export function identified(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await identify(c);
    return next();
  };
}

/** Every error becomes JSON `{message, issues?, requestId?}` with its status; faults are logged, never shown. */
export function handleError(error: unknown, c: Context<AppEnv>): Response {
  return withLocale(c.get('locale') ?? DEFAULT_LOCALE, () => errorResponse(error, c));
}

function errorResponse(error: unknown, c: Context<AppEnv>): Response {
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
  if (appError.challenge) c.header('WWW-Authenticate', appError.challenge);
  // The rest of a refused body is never read: the connection closes after the answer, so a client
  // does not send its next request on a socket still carrying it.
  if (appError.code === 'PAYLOAD_TOO_LARGE') c.header('Connection', 'close');
  return c.json(body, appError.status as 400);
}

import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { SEARCH_COUNT_CAP, SYNC_EVENTS, ZIdSchema, type SyncSince } from '../../shared/schemas/common.schema';
import { notSignedIn, type Access } from '../auth/access';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor, AdminContext, AppDeps, OwnAccountContext, ServiceContext, StaffSessionInfo } from '../deps';
import type { RateLimitName } from '../env';
import { invalidInput, refuseMalformedText, refuseUndecodableUrl } from '../errors';
import { requestEm, requestMeta, sessionCookie } from '../http/middleware';
import type { AppEnv } from '../http/variables';
import type { RouteExamples } from './examples';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteInput<P, Q, B, H = undefined> {
  params: P;
  query: Q;
  body: B;
  /** The request headers the route reads (`headers`, by their lower-case names). */
  headers: H;
}

/**
 * One REST path: its documentation and its handler in one object. The Hono adapter and the
 * OpenAPI document are both built from these, so the document cannot drift from the code.
 */
export interface RestRoute {
  method: Method;
  /** OpenAPI form: /api/cars/{carId}/booked-dates */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * Who may call it (src/server/auth/access.ts): `admin` is any staff account or the API token;
   * `owner` an owner account or the API token; `accounts` an owner account; `self` any staff
   * account, for its own password, sessions and second factor.
   */
  auth: 'public' | 'admin' | 'owner' | 'accounts' | 'self' | 'document-token';
  /**
   * A public route whose answer is the same whoever asks (a cached read): the caller is not
   * identified, so no session is looked up, and a handler's plain result is answered with its
   * headers made at once (`completeAnswer`): such a handler sets no header through `c.header`.
   */
  anonymous?: true;
  rateLimit?: RateLimitName;
  /** Sign-in: a call carrying a known-device cookie is counted by the handler instead, only when the cookie proves nothing for its account. */
  sparesKnownDevices?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Request headers the route reads, by their lower-case names: checked, and documented as parameters. */
  headers?: z.ZodObject;
  /** Documented answer: status and schema (or a content type for non-JSON answers). */
  response: { status: number; schema?: z.ZodType; contentType?: string; description: string; headers?: Record<string, string>; location?: CreatedLocation };
  /**
   * The error statuses it answers. A route names those of its own rules (404, 409, ...);
   * `defineRoute` adds those that follow from its shape (`shapeStatuses`).
   */
  errors: number[];
  /** An error status whose body is not the Error schema, with the body it has (GET /api/health's report of a part that fails). */
  errorBodies?: Partial<Record<number, { schema: z.ZodType; description: string }>>;
  /** Calls of the path as the reference shows them (`examples.ts`): each part checked against its schema by the OpenAPI test. */
  examples?: RouteExamples;
  handler: (c: Context<AppEnv>, input: RouteInput<unknown, unknown, unknown, unknown>) => Promise<unknown>;
}

type Parsed<T> = T extends z.ZodType ? z.infer<T> : undefined;

/**
 * Where a 201's new record can be read (`Location`): a GET path of the table, its one parameter
 * filled with the new record's id.
 */
export interface CreatedLocation<R = unknown> {
  path: string;
  id: (created: R) => string;
}

/** A 201's `Location`: `location`'s path with the new record's id. */
export function locationOf(location: CreatedLocation, created: unknown): string {
  return location.path.replace(/\{\w+\}/, encodeURIComponent(location.id(created)));
}

export function defineRoute<
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  H extends z.ZodObject | undefined = undefined,
  R = unknown,
>(
  route: Omit<RestRoute, 'handler' | 'params' | 'query' | 'body' | 'headers' | 'response'> & {
    params?: P;
    query?: Q;
    body?: B;
    headers?: H;
    response: Omit<RestRoute['response'], 'location'> & { location?: CreatedLocation<R> };
    handler: (c: Context<AppEnv>, input: RouteInput<Parsed<P>, Parsed<Q>, Parsed<B>, Parsed<H>>) => Promise<R>;
  },
): RestRoute {
  const errors = [...new Set([...route.errors, ...shapeStatuses(route)])].sort((a, b) => a - b);
  return { ...route, errors } as unknown as RestRoute;
}

/**
 * The statuses every route of a shape answers, added here so that a new route cannot leave one out
 * of the document: 400 for input it checks; 401 and 403 where the caller must be known
 * (`authorize`: not signed in; the wrong role, the API token on an account's own path, or an owner
 * who must still set up two-step sign-in); 413 and 415 for a JSON body (`writeChecks`: the size
 * limit, the content type); 429 for a rate limit.
 */
function shapeStatuses(route: Pick<RestRoute, 'params' | 'query' | 'body' | 'headers' | 'auth' | 'rateLimit'>): number[] {
  const statuses: number[] = [];
  if (route.params || route.query || route.body || route.headers) statuses.push(400);
  if (routeAccess(route.auth) !== 'public') statuses.push(401, 403);
  if (route.body) statuses.push(413, 415);
  if (route.rateLimit) statuses.push(429);
  return statuses;
}

/**
 * Reads a JSON body through Hono: none counts as `{}`, for the route's schema to judge; malformed
 * JSON is a 400 (the size limit and the content type are `writeChecks`'). An empty body is none:
 * a POST with neither Content-Length nor Transfer-Encoding (as `curl -X POST` sends it) has no
 * body in HTTP/1.1, yet reaches us as an empty stream.
 */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  if (!c.req.raw.body || c.req.header('content-length') === '0') return {};
  try {
    const text = await c.req.text();
    return text === '' ? {} : JSON.parse(text);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', messages.errors.malformedJson);
  }
}

/**
 * A route's input from the request: its path parameters, query, headers and (read beforehand with
 * readJson) body, checked. One refusal names the issues of every part.
 */
export function readInput(c: Context<AppEnv>, route: RestRoute, body: unknown): RouteInput<unknown, unknown, unknown, unknown> {
  refuseUndecodableUrl(c.req.url);
  const params = c.req.param();
  const query = c.req.query();
  refuseMalformedText(params);
  refuseMalformedText(query);
  refuseMalformedText(body);
  const issues: z.core.$ZodIssue[] = [];
  const parse = (schema: z.ZodType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (!result.success) issues.push(...result.error.issues);
    return result.data;
  };
  const input = {
    params: parse(route.params, params),
    query: parse(route.query, query),
    body: parse(route.body, body),
    headers: parse(route.headers, c.req.header()),
  };
  if (issues.length) throw invalidInput(new z.ZodError(issues));
  return input;
}

/**
 * The caller as `identify` found it (src/server/http/middleware.ts): nobody, on a route that does
 * not identify its callers.
 */
export function caller(c: Context<AppEnv>): { actor: Actor | null; session: StaffSessionInfo | null } {
  return { actor: c.get('actor') ?? null, session: c.get('session') ?? null };
}

/**
 * A service's context for a request, whose EntityManager is forked when a service first uses it.
 * A class, so that every context shares one getter: an object literal with a getter of its own
 * gets a hidden class of its own, which V8 keeps in old space, and through it the whole request
 * survived every young-generation collection (18 ms pauses under load instead of 1.5 ms). A copy
 * made by spreading does not carry the getter: name the EntityManager (`{ ...ctx, em }`).
 */
class RequestServiceContext implements ServiceContext {
  readonly #c: Context<AppEnv>;
  readonly deps: AppDeps;
  readonly actor: Actor | null;
  readonly session: StaffSessionInfo | null;

  constructor(c: Context<AppEnv>) {
    this.#c = c;
    this.deps = c.get('deps');
    this.actor = c.get('actor') ?? null;
    this.session = c.get('session') ?? null;
  }

  get em(): EntityManager {
    return requestEm(this.#c);
  }
}

/** A service's context for this request (its EntityManager forked on first use). */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  return new RequestServiceContext(c);
}

/** The access level a route's `auth` asks for. */
export function routeAccess(auth: RestRoute['auth']): Access {
  if (auth === 'admin') return 'staff';
  return auth === 'document-token' ? 'public' : auth;
}

/** For `self` routes (the index has already checked the session). */
export function ownAccountContext(c: Context<AppEnv>): OwnAccountContext {
  const { actor, session } = caller(c);
  if (!session) throw new AppError('UNAUTHORIZED', messages.errors.unauthorized);
  return { em: requestEm(c), deps: c.get('deps'), actor, session, request: requestMeta(c), cookie: sessionCookie(c) };
}

export function adminContext(c: Context<AppEnv>): AdminContext {
  const actor = c.get('actor');
  if (!actor) throw notSignedIn('staff');
  return { em: requestEm(c), deps: c.get('deps'), actor };
}

/**
 * A list answer: the page as a JSON array, the count in X-Total-Count, and in X-Total-Count-Capped
 * whether a search matched more rows than it counts (SEARCH_COUNT_CAP); a sync's page, the cursor
 * to go on from in X-Next-Cursor.
 */
export function listResponse(c: Context<AppEnv>, page: { items: unknown[]; total: number; totalCapped: boolean; nextCursor?: string | null }): Response {
  c.header('X-Total-Count', String(page.total));
  c.header('X-Total-Count-Capped', String(page.totalCapped));
  if (page.nextCursor) c.header('X-Next-Cursor', page.nextCursor);
  return c.json(page.items);
}

/**
 * The headers of a list answer, as the OpenAPI document describes them; a list an integrator syncs
 * by (`sync`: by its rows' changes, or by deletions) gives its cursor too.
 */
export function listHeaders(what: string, sync?: SyncSince): Record<string, string> {
  return {
    'X-Total-Count': `${what}; a search counts at most ${SEARCH_COUNT_CAP}`,
    'X-Total-Count-Capped': `"true" when a search matched more than ${SEARCH_COUNT_CAP} rows (narrow it to see the rest), else "false"`,
    ...(sync
      ? {
          'X-Next-Cursor': `In ${SYNC_EVENTS[sync].noun} order (\`${sync}\` or \`after\`): the cursor after the last row of this page, for \`after\`; the one sent when the page is empty. Absent for an empty first page${sync === 'updatedSince' ? ', and in the newest-first order' : ''}`,
        }
      : {}),
  };
}

/**
 * How an integrator syncs a list by `updatedSince` (or `deletedSince`: `since`) and `after`
 * (GET /api/admin/bookings, /api/admin/customers, /api/admin/customers/deleted): `plural` and `one`
 * name its rows, `change` says what changes one (or deletes it).
 */
export function syncDescription(plural: string, one: string, change: string, since: SyncSince = 'updatedSince'): string {
  const { verb, noun, stamp } = SYNC_EVENTS[since];
  return (
    `To sync: \`${since}\` (an ISO 8601 date and time with its offset, \`2026-11-28T09:30:00Z\` or \`2026-11-28T17:30:00+08:00\`) answers only the ${plural} ${verb} at or after that instant, oldest ${noun} first (ties by id), counted as a search is. ` +
    `${change} ` +
    `Each page in this order carries \`X-Next-Cursor\`, the place after its last row: ask again with \`after\` set to it (the same filters and \`limit\`, no \`offset\`) for the ${plural} ${verb} after that row, until a page holds fewer than \`limit\`. ` +
    // A record is deleted once; a change may be followed by another.
    (since === 'updatedSince'
      ? `A ${one} that changes while you page moves to the end, so it comes again after the cursor with its new change and none is skipped (by \`offset\`, the row after it would be). `
      : '') +
    `Keep the last cursor and ask from it next time (an empty page gives back the cursor sent). A ${noun} is stamped as it is made and listed once its transaction commits, a moment later: now and then, ask again from \`${since}\` a minute before the greatest \`${stamp}\` you stored, matching rows by \`id\`. ` +
    `A cursor another list gave, or one changed by hand, answers 400, as does \`after\` with an \`offset\`; an instant in the future answers no ${plural}, and anything but a date and time with its offset 400.`
  );
}

export const ZIdParamsSchema = z.object({ id: ZIdSchema });
/** A booking's id and the id of a row of its ledger. */
export const ZPaymentParamsSchema = ZIdParamsSchema.extend({ paymentId: ZIdSchema });
export const ZDeletedSchema = z.object({ ok: z.literal(true) });

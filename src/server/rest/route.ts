import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/common.schema';
import type { Access } from '../auth/access';
import type { AdminContext, OwnAccountContext, ServiceContext } from '../deps';
import type { RateLimitName } from '../env';
import { refuseMalformedText, refuseUndecodableUrl, zodIssues } from '../errors';
import type { AppEnv } from '../http/variables';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
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
  rateLimit?: RateLimitName;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Documented answer: status and schema (or a content type for non-JSON answers). */
  response: { status: number; schema?: z.ZodType; contentType?: string; description: string; headers?: Record<string, string> };
  errors: number[];
  handler: (c: Context<AppEnv>, input: RouteInput<unknown, unknown, unknown>) => Promise<unknown>;
}

export function defineRoute<P extends z.ZodObject | undefined, Q extends z.ZodObject | undefined, B extends z.ZodType | undefined>(
  route: Omit<RestRoute, 'handler' | 'params' | 'query' | 'body'> & {
    params?: P;
    query?: Q;
    body?: B;
    handler: (
      c: Context<AppEnv>,
      input: RouteInput<P extends z.ZodType ? z.infer<P> : undefined, Q extends z.ZodType ? z.infer<Q> : undefined, B extends z.ZodType ? z.infer<B> : undefined>,
    ) => Promise<unknown>;
  },
): RestRoute {
  return route as unknown as RestRoute;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('BAD_REQUEST', messages.errors.invalidInput, { issues: zodIssues(result.error) });
  return result.data;
}

/** Reads a JSON body through Hono: none counts as `{}`, malformed JSON is a 400 (the size limit is the middleware's). */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  if (!c.req.raw.body || c.req.header('content-length') === '0') return {};
  try {
    return await c.req.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', messages.errors.malformedJson);
  }
}

export async function readInput(c: Context<AppEnv>, route: RestRoute): Promise<RouteInput<unknown, unknown, unknown>> {
  refuseUndecodableUrl(c.req.url);
  const params = c.req.param();
  const query = c.req.query();
  const body = route.body ? await readJson(c) : undefined;
  refuseMalformedText(params);
  refuseMalformedText(query);
  refuseMalformedText(body);
  return {
    params: route.params ? parse(route.params, params) : undefined,
    query: route.query ? parse(route.query, query) : undefined,
    body: route.body ? parse(route.body, body) : undefined,
  };
}

export function serviceContext(c: Context<AppEnv>): ServiceContext {
  return { em: c.get('em'), deps: c.get('deps'), actor: c.get('actor'), session: c.get('session') };
}

/** The access level a route's `auth` asks for. */
export function routeAccess(auth: RestRoute['auth']): Access {
  if (auth === 'admin') return 'staff';
  return auth === 'document-token' ? 'public' : auth;
}

/** For `self` routes (the index has already checked the session). */
export function ownAccountContext(c: Context<AppEnv>): OwnAccountContext {
  const session = c.get('session');
  if (!session) throw new AppError('UNAUTHORIZED', messages.errors.unauthorized);
  return { em: c.get('em'), deps: c.get('deps'), actor: c.get('actor'), session };
}

export function adminContext(c: Context<AppEnv>): AdminContext {
  const actor = c.get('actor');
  if (!actor) throw new AppError('UNAUTHORIZED', messages.errors.unauthorized);
  return { em: c.get('em'), deps: c.get('deps'), actor };
}

/**
 * A list answer: the page as a JSON array, the count in X-Total-Count, and in X-Total-Count-Capped
 * whether a search matched more rows than it counts (SEARCH_COUNT_CAP).
 */
export function listResponse(c: Context<AppEnv>, page: { items: unknown[]; total: number; totalCapped: boolean }): Response {
  c.header('X-Total-Count', String(page.total));
  c.header('X-Total-Count-Capped', String(page.totalCapped));
  return c.json(page.items);
}

/** The headers of a list answer, as the OpenAPI document describes them. */
export function listHeaders(what: string): Record<string, string> {
  return {
    'X-Total-Count': `${what}; a search counts at most ${SEARCH_COUNT_CAP}`,
    'X-Total-Count-Capped': `"true" when a search matched more than ${SEARCH_COUNT_CAP} rows (narrow it to see the rest), else "false"`,
  };
}

export const ZIdParamsSchema = z.object({ id: z.uuid() });
export const ZDeletedSchema = z.object({ ok: z.literal(true) });

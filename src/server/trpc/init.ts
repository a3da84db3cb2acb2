import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { AppError, ERROR_CODES } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { authorize, type Access } from '../auth/access';
import type { RateLimitName } from '../env';
import { refuseMalformedText, toAppError } from '../errors';
import { describeError, log } from '../logger';
import type { Context } from './context';

/**
 * tRPC is initialised once, here. Errors leave every procedure through `mapErrors`, which uses
 * the same table as the REST adapters (src/shared/errors.ts), so a rule fails with the same code
 * and message on both paths; stacks never leave the server. The formatter words every answer
 * through `toAppError` too, including errors tRPC raises before a procedure runs: a message tRPC
 * copied from a parser ("Unterminated string in JSON", "Maximum call stack size exceeded")
 * never reaches the client.
 * https://trpc.io/docs/server/error-formatting
 *
 * What a procedure declares about itself: the per-address limit its calls count against. */
interface ProcedureMeta {
  rateLimit?: RateLimitName;
  /**
   * Sign-in: a call that carries a known-device cookie is not counted here but by the procedure,
   * once it knows the account, and only when the cookie proves nothing for it (`login`).
   */
  sparesKnownDevices?: true;
}

/**
 * What superjson may say a tRPC input holds besides JSON (`meta.values`): a field left `undefined`,
 * and the numbers JSON cannot write (NaN, Infinity, -0). No procedure takes a Map, Set, Date,
 * BigInt, RegExp or class instance, and superjson reaches the n-th entry of a Map or Set by stepping
 * through the n before it, once for every path that names one (`referentialEqualities`): a megabyte
 * of such paths held the event loop for half a minute. Any other type is refused before superjson
 * builds anything.
 */
const INPUT_ANNOTATIONS: ReadonlySet<unknown> = new Set(['undefined', 'number']);

function refuseForeignTypes(values: unknown): void {
  const pending: unknown[] = [values];
  while (pending.length) {
    const node = pending.pop();
    if (!node || typeof node !== 'object') continue;
    // A node is `[type]` or `[type, {key: node}]`; the root may be a record of nodes.
    if (Array.isArray(node) && !INPUT_ANNOTATIONS.has(node[0])) throw new AppError('BAD_REQUEST', messages.errors.invalidInput);
    for (const child of Object.values(Array.isArray(node) ? (node[1] ?? {}) : node)) pending.push(child);
  }
}

/** superjson, refusing in inputs the types no procedure takes (`refuseForeignTypes`); answers are superjson's as they are. */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown) => {
      const meta = value && typeof value === 'object' ? (value as { meta?: { values?: unknown } }).meta : undefined;
      if (meta && typeof meta === 'object') refuseForeignTypes(meta.values);
      return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
    },
  },
  output: superjson,
};

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  transformer,
  isDev: false,
  errorFormatter({ shape, error }) {
    const answer = toAppError(error);
    return { ...shape, message: answer.message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues: answer.issues ?? null } };
  },
});

const mapErrors = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (result.ok) return result;
  const error = toAppError(result.error);
  if (error.code === 'INTERNAL') log.error('trpc.error', { path, ...describeError(result.error.cause ?? result.error) });
  throw new TRPCError({ code: ERROR_CODES[error.code].trpc, message: error.message, cause: error });
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** The input check the REST adapters also make (src/server/errors.ts), on the raw input before any schema. */
const refuseMalformed = t.middleware(async ({ next, getRawInput }) => {
  refuseMalformedText(await getRawInput());
  return next();
});

/**
 * Counts a call against the limit its procedure declares, before anything reads the request's
 * body (input is read lazily, by the first middleware that asks for it): a refused call costs no
 * parsing. Metadata reaches every middleware: https://trpc.io/docs/server/metadata
 */
const countRateLimit = t.middleware(async ({ ctx, meta, next }) => {
  if (meta?.rateLimit && !(meta.sparesKnownDevices && ctx.cookie.device)) await ctx.deps.limiter.hit(meta.rateLimit, ctx.request.network);
  return next();
});

/** Every procedure's first steps: errors mapped, the call counted (before its input is read). */
const baseProcedure = t.procedure.use(mapErrors).use(countRateLimit);

export const publicProcedure = baseProcedure.use(refuseMalformed);

/** A public procedure whose calls count against the caller's address for the named limit (429 when over). */
export function rateLimited(name: RateLimitName) {
  return publicProcedure.meta({ rateLimit: name });
}

/** A procedure open to `access` (src/server/auth/access.ts); its handler receives a non-null `ctx.actor`. */
function allowed(access: Exclude<Access, 'public' | 'self'>) {
  // Authorized before its input is read: a stranger's call is answered 401 without parsing its body.
  return baseProcedure
    .use(({ ctx, next }) => {
      authorize(access, ctx);
      if (!ctx.actor) throw new AppError('UNAUTHORIZED', messages.errors.unauthorized);
      return next({ ctx: { ...ctx, actor: ctx.actor } });
    })
    .use(refuseMalformed);
}

/** Staff: any staff account, or the API token (the fleet, bookings, payments, customers, blocklist). */
export const adminProcedure = allowed('staff');
/** The owner: an owner account or the API token (deleting customers and cars). */
export const ownerProcedure = allowed('owner');
/** An owner account, signed in as a person: the staff accounts. */
export const accountsProcedure = allowed('accounts');
/** A staff account's own password, sessions and second factor. Handlers receive a non-null `ctx.session`. */
export const selfProcedure = baseProcedure
  .use(({ ctx, next }) => {
    authorize('self', ctx);
    if (!ctx.session) throw new AppError('UNAUTHORIZED', messages.errors.unauthorized);
    return next({ ctx: { ...ctx, session: ctx.session } });
  })
  .use(refuseMalformed);

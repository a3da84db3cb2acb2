import { ConnectionException, DriverException, NotFoundError } from '@mikro-orm/core';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, type FieldIssue } from '../shared/errors';
import { messages } from '../shared/messages';
// The catalogs, compiled before any message is read.
import './i18n';

/** PostgreSQL states and socket errors that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH',
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006',
]);
const UNAVAILABLE_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection.*(closed|ended)/i, /Client has encountered a connection error/i, /the database system is (starting up|shutting down)/i];

const CONSTRAINT_MESSAGES: Record<string, () => string> = {
  booking_no_overlap: () => messages.errors.datesTaken,
  customer_email_unique: () => messages.errors.emailTaken,
  blocked_name_normalized_name_unique: () => messages.errors.alreadyBlocked,
  booking_money_check: () => messages.errors.amountsDoNotAddUp,
  booking_dates_check: () => messages.validation.returnAfterPickup,
};

/** How deep the input check follows nested objects and arrays; no schema of ours nests half as deep. */
const MAX_INPUT_DEPTH = 20;

/**
 * The one check every request's input passes first (REST adapters and tRPC alike), before any
 * schema, on every string value and every key:
 * - U+0000: PostgreSQL cannot store it in text and its wire protocol refuses it;
 * - text that is not well-formed UTF-16 (a lone surrogate, which JSON's `\ud800` escape makes):
 *   PostgreSQL's JSON parser refuses it (the audit log's jsonb answered 500), and text columns
 *   would silently store U+FFFD in its place.
 * Input nested deeper than any schema is refused too, so nothing goes unchecked. Refusals are bad
 * input (400), naming the fields.
 */
export function refuseMalformedText(value: unknown): void {
  const issues: FieldIssue[] = [];
  visitText(value, '', 0, issues, new Set());
  if (issues.length) throw new AppError('BAD_REQUEST', messages.errors.invalidInput, { issues });
}

/**
 * The most issues an answer names, and the longest path it names (cut, with "…"): the caller
 * chooses how many fields and how long their keys are, and an answer naming each of a million
 * strings under a 100,000-character key would be larger than the server's memory.
 */
export const MAX_ISSUES = 20;
const MAX_ISSUE_PATH = 200;

function issuePath(path: string): string {
  return path.length > MAX_ISSUE_PATH ? `${path.slice(0, MAX_ISSUE_PATH - 1)}…` : path;
}

// Functions of their own, not closures made per call: every request's input passes here.
function checkText(text: string, path: string, issues: FieldIssue[]): void {
  if (issues.length >= MAX_ISSUES) return;
  if (text.includes('\u0000')) issues.push({ path: issuePath(path), message: messages.validation.nulCharacter });
  else if (!text.isWellFormed()) issues.push({ path: issuePath(path), message: messages.validation.malformedText });
}

/**
 * Walks the input until it has found MAX_ISSUES issues (the first ones, in the input's order). Each
 * object is walked once (`seen`): superjson's `referentialEqualities` let a tRPC input name one
 * object under many keys at every level, and walked as a tree, a few kilobytes of them would be
 * billions of objects, holding the event loop for minutes.
 */
function visitText(node: unknown, path: string, depth: number, issues: FieldIssue[], seen: Set<object>): void {
  if (typeof node === 'string') checkText(node, path, issues);
  else if (node && typeof node === 'object') {
    if (seen.has(node)) return;
    seen.add(node);
    if (depth >= MAX_INPUT_DEPTH) {
      issues.push({ path: issuePath(path), message: messages.validation.nestedTooDeeply });
      return;
    }
    for (const key in node) {
      if (issues.length >= MAX_ISSUES) return;
      if (!Object.hasOwn(node, key)) continue;
      const childPath = path ? `${path}.${key}` : key;
      checkText(key, childPath, issues);
      visitText((node as Record<string, unknown>)[key], childPath, depth + 1, issues, seen);
    }
  }
}

/** A run of %-escapes that does not decode as UTF-8 (such as %ED%A0%80, a surrogate, or a cut-off sequence). */
function undecodable(part: string): boolean {
  return (part.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? []).some((run) => {
    try {
      decodeURIComponent(run);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * The same check for a request's URL, whose path and query arrive %-encoded: escapes that do not
 * spell UTF-8 are refused (400). Left alone, Hono would hand them on as typed ("%ED%A0%80") and
 * tRPC's URLSearchParams would turn them into U+FFFD, both silently.
 */
export function refuseUndecodableUrl(url: string): void {
  if (!url.includes('%')) return; // nothing escaped, nothing to decode
  const { pathname, search } = new URL(url);
  const issues = [
    ...(undecodable(pathname) ? [{ path: 'path', message: messages.validation.malformedText }] : []),
    ...(undecodable(search) ? [{ path: 'query', message: messages.validation.malformedText }] : []),
  ];
  if (issues.length) throw new AppError('BAD_REQUEST', messages.errors.invalidInput, { issues });
}

/**
 * Issue messages that word the whole refusal when every issue says the same: the spec answers a
 * booking without its documents with one message, whichever of the three are missing.
 */
const ANSWER_MESSAGES: Array<() => string> = [() => messages.validation.documentsRequired];

/** Input a schema refused (400), naming its fields: one answer for the REST adapters and tRPC alike. */
export function invalidInput(error: ZodError): AppError {
  const issues = zodIssues(error);
  const shared = issues.every((issue) => issue.message === issues[0]!.message) ? issues[0]?.message : undefined;
  const message = shared !== undefined && ANSWER_MESSAGES.some((answer) => answer() === shared) ? shared : messages.errors.invalidInput;
  return new AppError('BAD_REQUEST', message, { issues });
}

/**
 * A field's issues, each message once (two rules of a field may share one: "=1+1" is too short and
 * no phone number), at most MAX_ISSUES. A value of the wrong type is told only that: zod 4 still
 * runs a string's length checks on anything with a length, so an array sent as a phone number
 * would also read as too short.
 */
export function zodIssues(error: ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  let mistyped: PropertyKey[] | null = null; // the path of the last wrong type: its checks' issues follow it
  for (const issue of error.issues) {
    if (issues.length >= MAX_ISSUES) break;
    if (issue.code === 'invalid_type') mistyped = issue.path;
    else if (mistyped && samePath(issue.path, mistyped)) continue;
    const named = { path: issuePath(issue.path.join('.')), message: issue.message };
    const key = JSON.stringify([named.path, named.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(named);
  }
  return issues;
}

function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/**
 * "The database is busy": a statement PostgreSQL cancelled at its time limit (57014), a transaction
 * ended for idling (25P03), or no free connection within the pool's wait (knex's
 * KnexTimeoutError). The request is refused (503) so it holds nothing; the next may get through.
 */
const BUSY_CODES = new Set(['57014', '25P03']);
function isBusy(error: unknown): boolean {
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
  return name === 'KnexTimeoutError' || (typeof message === 'string' && /Timeout acquiring a connection/.test(message));
}

function isUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionException) return true;
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The SQLSTATE and constraint of a PostgreSQL error, whether MikroORM converted it (entity
 * methods) or it comes from `pg` as it is (QueryBuilder statements).
 */
function databaseError(error: unknown): { code: string; constraint: string } | null {
  if (!(error instanceof DriverException) && !(error instanceof Error && (error as { severity?: unknown }).severity !== undefined)) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return typeof code === 'string' ? { code, constraint: typeof constraint === 'string' ? constraint : '' } : null;
}

/** Whether the database refused days another pending or confirmed booking of the car holds (the exclusion constraint). */
export function isDaysTaken(error: unknown): boolean {
  return databaseError(error)?.code === '23P01';
}

/** Whether PostgreSQL ended the statement's transaction to break a deadlock (40P01). */
export function isDeadlock(error: unknown): boolean {
  return databaseError(error)?.code === '40P01';
}

/**
 * Turns anything thrown into an AppError: rules broken (already AppError), bad input (zod),
 * constraint violations (by constraint name), an unreachable database (503), and — for anything
 * else — INTERNAL, whose message never reveals the cause.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError) {
    if (error.cause && error.cause !== error) {
      const inner = toAppError(error.cause);
      if (inner.code !== 'INTERNAL') return inner;
    }
    const code = (Object.entries({
      BAD_REQUEST: 'BAD_REQUEST', PARSE_ERROR: 'BAD_REQUEST', UNAUTHORIZED: 'UNAUTHORIZED', FORBIDDEN: 'FORBIDDEN',
      NOT_FOUND: 'NOT_FOUND', CONFLICT: 'CONFLICT', PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE', UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
      UNPROCESSABLE_CONTENT: 'UNPROCESSABLE', TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS', METHOD_NOT_SUPPORTED: 'BAD_REQUEST', SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
    } as const).find(([trpc]) => trpc === error.code)?.[1]) ?? 'INTERNAL';
    if (code === 'INTERNAL') return new AppError(code, messages.errors.internal);
    // tRPC words a failure to read the input with its parser's message (JSON.parse, superjson): ours instead.
    if (code === 'BAD_REQUEST' && error.cause && error.cause !== error) {
      return new AppError(code, error.cause instanceof SyntaxError ? messages.errors.malformedJson : messages.errors.invalidInput);
    }
    return new AppError(code, error.message);
  }
  if (error instanceof ZodError) return invalidInput(error);
  if (error instanceof NotFoundError) return new AppError('NOT_FOUND', messages.errors.notFound);
  if (isUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', messages.errors.databaseUnavailable, { retryAfter: 5 });
  if (isBusy(error)) return new AppError('SERVICE_UNAVAILABLE', messages.errors.databaseBusy, { retryAfter: 2 });
  const database = databaseError(error);
  if (database) {
    const known = Object.hasOwn(CONSTRAINT_MESSAGES, database.constraint) ? CONSTRAINT_MESSAGES[database.constraint]!() : undefined;
    switch (database.code) {
      case '23P01':
        return new AppError('CONFLICT', known ?? messages.errors.datesTaken);
      case '23505':
        return new AppError('CONFLICT', known ?? 'That record already exists');
      case '23503':
        // A booking naming a car deleted since its rate was read.
        if (database.constraint === 'booking_car_id_foreign') return new AppError('NOT_FOUND', messages.errors.carNotFound);
        return new AppError('CONFLICT', 'That record is still in use');
      case '23514':
        return new AppError('CONFLICT', known ?? messages.errors.invalidInput);
      case '40001':
      case '40P01':
        return new AppError('CONFLICT', 'Another change got there first. Please try again.');
    }
  }
  return new AppError('INTERNAL', messages.errors.internal);
}

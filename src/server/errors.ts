import { ConnectionException, DriverException, NotFoundError } from '@mikro-orm/core';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, type FieldIssue } from '../shared/errors';
import { messages } from '../shared/messages';

/** PostgreSQL states and socket errors that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH',
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006',
]);
const UNAVAILABLE_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection.*(closed|ended)/i, /Client has encountered a connection error/i, /the database system is (starting up|shutting down)/i];

const CONSTRAINT_MESSAGES: Record<string, string> = {
  booking_no_overlap: messages.errors.datesTaken,
  customer_email_unique: messages.errors.emailTaken,
  blocked_name_normalized_name_unique: messages.errors.alreadyBlocked,
  booking_money_check: 'The amounts do not add up: the paid amount cannot exceed the total',
  booking_dates_check: messages.validation.returnAfterPickup,
};

/**
 * PostgreSQL cannot store U+0000 in text and its wire protocol refuses it, so input carrying one
 * would fail deep in a query as a fault. Every request's input is checked for it here first
 * (REST adapters and tRPC alike) and refused as bad input, naming the fields.
 */
export function refuseNulCharacters(value: unknown): void {
  const paths: string[] = [];
  const visit = (node: unknown, path: string, depth: number) => {
    if (typeof node === 'string') {
      if (node.includes('\u0000')) paths.push(path);
    } else if (node && typeof node === 'object' && depth < 20) {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) paths.push(childPath);
        visit(child, childPath, depth + 1);
      }
    }
  };
  visit(value, '', 0);
  if (paths.length) {
    throw new AppError('BAD_REQUEST', messages.errors.invalidInput, {
      issues: paths.map((path) => ({ path, message: messages.validation.nulCharacter })),
    });
  }
}

export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
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
      TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS', METHOD_NOT_SUPPORTED: 'BAD_REQUEST', SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
    } as const).find(([trpc]) => trpc === error.code)?.[1]) ?? 'INTERNAL';
    return new AppError(code, code === 'INTERNAL' ? messages.errors.internal : error.message);
  }
  if (error instanceof ZodError) return new AppError('BAD_REQUEST', messages.errors.invalidInput, { issues: zodIssues(error) });
  if (error instanceof NotFoundError) return new AppError('NOT_FOUND', messages.errors.notFound);
  if (isUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', messages.errors.databaseUnavailable, { retryAfter: 5 });
  const database = databaseError(error);
  if (database) {
    const known = CONSTRAINT_MESSAGES[database.constraint];
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

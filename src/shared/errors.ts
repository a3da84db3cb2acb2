/**
 * One error type for every rule the server enforces, and one table that turns its code into an
 * HTTP status (REST) and a tRPC code. Services throw `AppError`; the REST error handler and the
 * tRPC error middleware both read `ERROR_CODES`, so a rule is refused the same way on both paths.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  UNPROCESSABLE: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  SERVICE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const;

export type AppErrorCode = keyof typeof ERROR_CODES;

export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly issues?: FieldIssue[];
  /** Seconds to wait, for TOO_MANY_REQUESTS and SERVICE_UNAVAILABLE. */
  readonly retryAfter?: number;
  /** For UNAUTHORIZED: the credentials that would do, as `WWW-Authenticate` names them (RFC 9110 §11.6.1). */
  readonly challenge?: string;

  constructor(code: AppErrorCode, message: string, extra: { issues?: FieldIssue[]; retryAfter?: number; challenge?: string } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (extra.issues) this.issues = extra.issues;
    if (extra.retryAfter !== undefined) this.retryAfter = extra.retryAfter;
    if (extra.challenge) this.challenge = extra.challenge;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

/** The JSON body of every REST error. */
export interface ErrorBody {
  message: string;
  issues?: FieldIssue[];
  requestId?: string;
}

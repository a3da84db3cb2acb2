/** Reading a failed tRPC call in the browser: the dashboard's notices and the renter's pages. */

/** The shape of a tRPC client error, read without importing the server. */
interface ErrorLike {
  message?: unknown;
  data?: { code?: unknown; httpStatus?: unknown } | null;
}

/**
 * What a failed tRPC call tells a person: the server's own message when it sent one (a tRPC error
 * carries `data`), otherwise the spec's default for the action (network failures, aborted calls).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const e = error as ErrorLike | null;
  if (e && typeof e === 'object' && e.data && typeof e.message === 'string' && e.message.trim()) return e.message;
  return fallback;
}

/** True when the server refused the call as unauthenticated: a staff session missing or expired, a renter's link not valid. */
export function isUnauthorized(error: unknown): boolean {
  const data = (error as ErrorLike | null)?.data;
  return !!data && (data.code === 'UNAUTHORIZED' || data.httpStatus === 401);
}

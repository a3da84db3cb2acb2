import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { Actor, StaffSessionInfo } from '../deps';

/**
 * Who may call a path or procedure, in one table for REST and tRPC alike:
 * - `public`: anyone.
 * - `staff`: any staff account, or the API token (fleet, bookings, payments, customers, blocklist).
 * - `owner`: an owner account, or the API token (the owner's setting): deleting customers and cars.
 * - `accounts`: an owner account signed in as a person: managing the staff accounts.
 * - `self`: any staff account signed in as a person: its own password, sessions and second factor.
 *   Open to an owner who must still set up a second factor (OWNER_REQUIRE_2FA), which nothing else is.
 */
export const ACCESS_LEVELS = ['public', 'staff', 'owner', 'accounts', 'self'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface Caller {
  actor: Actor | null;
  session?: StaffSessionInfo | null | undefined;
}

/**
 * What a 401 of a path the API token may call offers (`WWW-Authenticate`): the bearer token. Paths
 * for a signed-in account only (`accounts`, `self`) offer none: the token is refused there (403).
 */
export const STAFF_BEARER_CHALLENGE = 'Bearer realm="staff"';

/** What a 401 of `access` offers in `WWW-Authenticate`, if anything (STAFF_BEARER_CHALLENGE). */
export function challengeOf(access: Access): string | undefined {
  return access === 'staff' || access === 'owner' ? STAFF_BEARER_CHALLENGE : undefined;
}

/** The 401 of `access` for a caller who is not signed in. */
export function notSignedIn(access: Access): AppError {
  const challenge = challengeOf(access);
  return new AppError('UNAUTHORIZED', messages.errors.unauthorized, challenge ? { challenge } : {});
}

/**
 * Whether the caller holds the `accounts` right: an owner account signed in as a person. Whatever
 * shows the staff accounts follows it, the activity log's entries about them included (anyone else
 * sees only those about their own account).
 */
export function managesAccounts(actor: Actor | null | undefined): boolean {
  return actor?.kind === 'account' && actor.role === 'owner';
}

/** Throws 401 (not signed in) or 403 (signed in, not allowed) unless the caller may use `access`. */
export function authorize(access: Access, caller: Caller): void {
  if (access === 'public') return;
  if (access === 'self') {
    if (caller.session) return;
    if (caller.actor) throw new AppError('FORBIDDEN', messages.errors.accountOnly);
    throw notSignedIn(access);
  }
  const actor = caller.actor;
  if (!actor) {
    if (caller.session?.setupRequired) throw new AppError('FORBIDDEN', messages.errors.twoFactorSetupRequired);
    throw notSignedIn(access);
  }
  if (access === 'staff') return;
  if (access === 'owner' && (actor.kind === 'token' || actor.role === 'owner')) return;
  if (access === 'accounts' && managesAccounts(actor)) return;
  throw new AppError('FORBIDDEN', actor.kind === 'token' ? messages.errors.accountOnly : messages.errors.ownerOnly);
}

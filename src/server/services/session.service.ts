import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../auth/digest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { TLogin, TSessionState } from '../../shared/schemas/admin.schema';
import type { TOwnAccount } from '../../shared/schemas/staff.schema';
import { knownDevice, rememberDevice } from '../auth/device';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { acceptTotp, findRecoveryCode } from '../auth/totp';
import { clock } from '../clock';
import { AdminSession, StaffAccount, type IStaffAccount } from '../db/entities';
import type { Actor, AppDeps, StaffSessionInfo } from '../deps';
import type { Env } from '../env';
import type { RequestMeta, SessionCookie } from '../http/variables';
import { log } from '../logger';

/** The account of ADMIN_EMAIL / ADMIN_PASSWORD, which `{password}` alone signs in to. */
export async function mainOwner(em: EntityManager): Promise<IStaffAccount | null> {
  return em.findOne(StaffAccount, { mainOwner: true });
}

/** Refresh `last_seen_at` at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return sha256Hex(token);
}

/** Whether `env` makes this account set up a second factor before anything else. */
export function setupRequired(env: Pick<Env, 'OWNER_REQUIRE_2FA'>, account: Pick<IStaffAccount, 'role' | 'totpSecret'>): boolean {
  return env.OWNER_REQUIRE_2FA && account.role === 'owner' && !account.totpSecret;
}

export function sessionInfo(env: Pick<Env, 'OWNER_REQUIRE_2FA'>, sessionId: string, account: IStaffAccount): StaffSessionInfo {
  return {
    id: sessionId,
    account: { id: account.id, name: account.name, email: account.email, role: account.role, mainOwner: account.mainOwner, twoFactor: Boolean(account.totpSecret) },
    twoFactorRequired: env.OWNER_REQUIRE_2FA && account.role === 'owner',
    setupRequired: setupRequired(env, account),
  };
}

/** Who a session acts as, for the audit log and the role checks. */
export function accountActor(session: StaffSessionInfo): Actor {
  const { account } = session;
  return { kind: 'account', id: account.id, label: account.name, email: account.email, role: account.role };
}

export function ownAccount(session: StaffSessionInfo): TOwnAccount {
  const { id, name, email, role, twoFactor } = session.account;
  return { id, name, email, role, twoFactor, twoFactorRequired: session.twoFactorRequired, twoFactorSetupRequired: session.setupRequired };
}

/** When a session started at `createdAt` and last used at `lastSeenAt` ends: idle limit or absolute lifetime, whichever is first. */
export function sessionEndsAt(env: Pick<Env, 'SESSION_IDLE_HOURS' | 'SESSION_MAX_DAYS'>, session: { createdAt: Date; lastSeenAt: Date }): Date {
  return new Date(Math.min(session.lastSeenAt.getTime() + env.SESSION_IDLE_HOURS * 3_600_000, session.createdAt.getTime() + env.SESSION_MAX_DAYS * 86_400_000));
}

/**
 * The session a cookie's token names, if it is live: not ended, not idle past SESSION_IDLE_HOURS,
 * not older than SESSION_MAX_DAYS, and its account not disabled. One query (the session with its
 * account); a session found expired is ended on the way.
 */
export async function resolveSession(em: EntityManager, token: string, env: Pick<Env, 'SESSION_IDLE_HOURS' | 'SESSION_MAX_DAYS' | 'OWNER_REQUIRE_2FA'>): Promise<StaffSessionInfo | null> {
  if (!token || token.length > 200) return null;
  const session = await em.findOne(AdminSession, { tokenHash: hashToken(token), endedAt: null }, { populate: ['account'] });
  if (!session) return null;
  const now = clock.now();
  const account = session.account;
  if (now >= sessionEndsAt(env, session) || account.disabledAt) {
    await em.nativeUpdate(AdminSession, { id: session.id, endedAt: null }, { endedAt: now });
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await em.nativeUpdate(AdminSession, { id: session.id }, { lastSeenAt: now });
  }
  return sessionInfo(env, session.id, account);
}

/** Ends every live session of an account, but `except` (the caller's own, when it stays signed in). */
export async function endSessionsOf(em: EntityManager, accountId: string, except: string | null = null): Promise<number> {
  return em.nativeUpdate(AdminSession, { account: accountId, endedAt: null, ...(except ? { id: { $ne: except } } : {}) }, { endedAt: clock.now() });
}

/** What signing in and out needs of a request: its EntityManager, the app's parts, the caller and the cookies. */
export interface SessionRequest {
  em: EntityManager;
  deps: AppDeps;
  request: RequestMeta;
  cookie: SessionCookie;
  session?: StaffSessionInfo | null;
}

/**
 * `POST /api/admin/login` and `admin.login`. The account is found by e-mail address (without one,
 * the main owner's, for the original form's `{password}`); the attempt is counted by the sign-in
 * throttle before anything else, held for its delay, and its password checked in the process's
 * one-at-a-time line (a known device's first). A wrong address costs what a wrong password does
 * and is answered alike. An account with a second factor needs `code` too: without it the answer
 * is `{authenticated: false, secondFactorRequired: true}`; codes have a day's count of their own.
 * A right sign-in ends the session the browser's cookie held, makes a new one with a fresh 256-bit
 * token (only its SHA-256 is stored) and remembers the browser as a known device of the account.
 */
export async function login(ctx: SessionRequest, input: TLogin): Promise<TSessionState> {
  const { em, deps, request, cookie } = ctx;
  const owner = input.email === undefined ? await mainOwner(em) : null;
  const email = input.email ?? owner?.email ?? '';
  const account = owner ?? (email ? await em.findOne(StaffAccount, { email }) : null);
  const device = account ? knownDevice(cookie.device, deps.signingSecret, account) : null;
  // The address's `login` limit spared a call with a device cookie (rest and trpc): it counts now,
  // unless the cookie proves an earlier sign-in to this account with its password.
  if (cookie.device && !device) await deps.limiter.hit('login', request.network);
  const attempt = { network: request.network, email, device };
  const wrong = input.email === undefined ? messages.errors.wrongPassword : messages.errors.wrongCredentials;

  let delay: number;
  try {
    delay = await deps.signInThrottle.attempt(attempt);
  } catch (error) {
    if (error instanceof AppError) log.warn('admin.login.throttled', { ip: request.ip });
    throw error;
  }
  if (delay) await clock.wait(delay);

  const ok = await verifyPassword(input.password, account?.passwordHash ?? (await dummyPasswordHash()), device ? 'known' : 'normal');
  // A disabled account is answered as a wrong password is, whatever was typed: a different answer
  // to its right password would confirm that password to whoever guessed it.
  if (!ok || !account?.passwordHash || account.disabledAt) {
    log.warn('admin.login.failed', { ip: request.ip, ...(account ? { account: account.id } : {}), reason: !account ? 'unknown account' : account.disabledAt ? 'disabled' : 'password' });
    throw new AppError('UNAUTHORIZED', wrong);
  }
  if (account.totpSecret) {
    // The count of this attempt stays until a code is right, so codes cannot be guessed between
    // password-only attempts.
    if (input.code === undefined) return { authenticated: false, secondFactorRequired: true };
    // Codes have a count of their own, over a day (src/server/auth/throttle.ts).
    await deps.signInThrottle.attemptCode(attempt);
    if (!(await takeSecondFactor(em, account, input.code))) {
      log.warn('admin.login.failed', { ip: request.ip, account: account.id, reason: 'code' });
      throw new AppError('UNAUTHORIZED', messages.errors.wrongCode, { issues: [{ path: 'code', message: messages.errors.wrongCode }] });
    }
    await deps.signInThrottle.succeedCode(attempt);
  }
  await deps.signInThrottle.succeed(attempt);

  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const session = await em.transactional(async (tx) => {
    // The account as its password was checked, read again and locked: a reset, a new password or a
    // disable that committed during the check refuses this sign-in, and one that commits after it
    // ends the session made here (each changes the account's row, which waits for this transaction,
    // before it ends the account's sessions).
    const current = await tx.nativeUpdate(StaffAccount, { id: account.id, passwordHash: account.passwordHash, disabledAt: null }, { lastSignInAt: now, updatedAt: now });
    if (current !== 1) {
      log.warn('admin.login.failed', { ip: request.ip, account: account.id, reason: 'changed during the check' });
      throw new AppError('UNAUTHORIZED', wrong);
    }
    // The session this browser held before (another account's, or an earlier one) ends: its cookie
    // is replaced, and a copy of it taken earlier must not outlive it.
    if (cookie.token) await tx.nativeUpdate(AdminSession, { tokenHash: hashToken(cookie.token), endedAt: null }, { endedAt: now });
    return tx.create(AdminSession, {
      tokenHash: hashToken(token),
      account: account.id,
      lastSeenAt: now,
      createdAt: now,
      ip: request.ip.slice(0, 64),
      userAgent: request.userAgent?.slice(0, 300) ?? null,
    });
  });
  log.info('admin.login', { ip: request.ip, account: account.id, session: session.id, knownDevice: device !== null });
  cookie.set(token);
  cookie.setDevice(rememberDevice(cookie.device, deps.signingSecret, account));
  return { authenticated: true, account: ownAccount(sessionInfo(deps.env, session.id, account)) };
}

/**
 * Takes a TOTP code or a recovery code of the account, each good once: the step of the code (or
 * the code's removal) is written with a condition, so two requests with one code cannot both pass.
 */
export async function takeSecondFactor(em: EntityManager, account: IStaffAccount, code: string): Promise<boolean> {
  const step = account.totpSecret ? acceptTotp(account.totpSecret, code, clock.now(), account.totpLastStep ?? null) : null;
  if (step !== null) {
    const taken = await em.nativeUpdate(StaffAccount, { id: account.id, $or: [{ totpLastStep: null }, { totpLastStep: { $lt: step } }] }, { totpLastStep: step });
    return taken === 1;
  }
  const codes = account.recoveryCodes ?? [];
  const index = findRecoveryCode(code, codes);
  if (index < 0) return false;
  const result = await em
    .getConnection()
    .execute(`update "staff_account" set "recovery_codes" = "recovery_codes" - ?::text where "id" = ? and "recovery_codes" @> ?::jsonb`, [codes[index], account.id, JSON.stringify([codes[index]])], 'run');
  return (result as unknown as { affectedRows: number }).affectedRows === 1;
}

/** `POST /api/admin/logout` and `admin.logout`: ends the cookie's session on the server and clears the cookie. */
export async function logout(ctx: SessionRequest): Promise<TSessionState> {
  if (ctx.cookie.token) {
    const ended = await ctx.em.nativeUpdate(AdminSession, { tokenHash: hashToken(ctx.cookie.token), endedAt: null }, { endedAt: clock.now() });
    if (ended) log.info('admin.logout', {});
  }
  ctx.cookie.clear();
  return { authenticated: false };
}

/** `GET /api/admin/session` and `admin.session`: whether the caller is signed in, and as whom. */
export function sessionState(ctx: { actor: Actor | null; session?: StaffSessionInfo | null }): TSessionState {
  if (ctx.session) return { authenticated: true, account: ownAccount(ctx.session) };
  return { authenticated: ctx.actor !== null };
}

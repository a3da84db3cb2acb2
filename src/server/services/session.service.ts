import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { verifyPassword } from '../auth/password';
import { clock } from '../clock';
import { AdminSession } from '../db/entities';
import type { Actor, AppDeps } from '../deps';
import { log } from '../logger';
import { adminPasswordHash } from './settings.service';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLogin, TSessionState } from '../../shared/schemas/admin.schema';
import type { RequestMeta, SessionCookie } from '../http/variables';

/** Refresh `last_seen_at` at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Signs staff in: checks the password against the stored hash (throttled per address), then
 * makes a new session with a fresh 256-bit token. Only the token's SHA-256 is stored.
 */
export async function signIn(em: EntityManager, deps: AppDeps, password: string, request: { ip: string; userAgent: string | null }): Promise<{ token: string; actor: Actor }> {
  const blockedFor = deps.loginThrottle.blockedFor(request.ip);
  if (blockedFor > 0) {
    log.warn('admin.login.throttled', { ip: request.ip });
    throw new AppError('TOO_MANY_REQUESTS', messages.errors.tooManyAttempts, { retryAfter: blockedFor });
  }
  const delay = deps.loginThrottle.delayMs(request.ip);
  // Counted as a failure before anything is awaited, so simultaneous attempts cannot all slip
  // past the check above; a right password clears the count.
  deps.loginThrottle.fail(request.ip);
  if (delay) await sleep(delay);

  const hash = await adminPasswordHash(em);
  const ok = hash !== null && (await verifyPassword(password, hash));
  if (!ok) {
    log.warn('admin.login.failed', { ip: request.ip });
    throw new AppError('UNAUTHORIZED', messages.errors.wrongPassword);
  }
  deps.loginThrottle.succeed(request.ip);
  const token = randomBytes(32).toString('base64url');
  const session = em.create(AdminSession, {
    tokenHash: hashToken(token),
    lastSeenAt: clock.now(),
    createdAt: clock.now(),
    ip: request.ip.slice(0, 64),
    userAgent: request.userAgent?.slice(0, 300) ?? null,
  });
  await em.flush();
  log.info('admin.login', { ip: request.ip, session: session.id });
  return { token, actor: sessionActor(session.id) };
}

function sessionActor(id: string): Actor {
  return { kind: 'session', id, label: `staff session ${id.slice(0, 8)}` };
}

/** The session a cookie's token names, if it is live (not ended, not idle for too long). */
export async function resolveSession(em: EntityManager, token: string, idleHours: number): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const session = await em.findOne(AdminSession, { tokenHash: hashToken(token), endedAt: null });
  if (!session) return null;
  const now = clock.now().getTime();
  if (now - session.lastSeenAt.getTime() > idleHours * 3_600_000) {
    session.endedAt = clock.now();
    await em.flush();
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await em.nativeUpdate(AdminSession, { id: session.id }, { lastSeenAt: clock.now() });
  }
  return sessionActor(session.id);
}

export async function signOut(em: EntityManager, token: string): Promise<void> {
  if (!token) return;
  const ended = await em.nativeUpdate(AdminSession, { tokenHash: hashToken(token), endedAt: null }, { endedAt: clock.now() });
  if (ended) log.info('admin.logout', {});
}

/** What signing in and out needs of a request: its EntityManager, the app's parts, the caller and the session cookie. */
export interface SessionRequest {
  em: EntityManager;
  deps: AppDeps;
  request: RequestMeta;
  cookie: SessionCookie;
}

/** `POST /api/admin/login` and `admin.login`: a new session, its token in the HttpOnly cookie. */
export async function login(ctx: SessionRequest, input: TLogin): Promise<TSessionState> {
  const { token } = await signIn(ctx.em, ctx.deps, input.password, ctx.request);
  ctx.cookie.set(token);
  return { authenticated: true };
}

/** `POST /api/admin/logout` and `admin.logout`: ends the cookie's session on the server and clears the cookie. */
export async function logout(ctx: SessionRequest): Promise<TSessionState> {
  if (ctx.cookie.token) await signOut(ctx.em, ctx.cookie.token);
  ctx.cookie.clear();
  return { authenticated: false };
}

export const API_TOKEN_ACTOR: Actor = { kind: 'token', id: 'api-token', label: 'API token' };

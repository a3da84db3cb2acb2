import Bowser from 'bowser';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { TChangePassword, TOwnAccount, TRecoveryCodes, TStaffSession, TTwoFactorConfirm, TTwoFactorSetup } from '../../shared/schemas/staff.schema';
import { knownDevice, rememberDevice } from '../auth/device';
import { hashPassword, verifyPassword } from '../auth/password';
import { acceptTotp, newRecoveryCodes, newTotpSecret, qrCodeSvg, totpUri } from '../auth/totp';
import { clock } from '../clock';
import { AdminSession, StaffAccount, type IStaffAccount } from '../db/entities';
import type { OwnAccountContext } from '../deps';
import { log } from '../logger';
import { audit } from './audit.service';
import { accountActor, endSessionsOf, ownAccount, sessionEndsAt, sessionInfo } from './session.service';

/** What the dashboard shows of the signed-in account. */
export function me(ctx: OwnAccountContext): TOwnAccount {
  return ownAccount(ctx.session);
}

async function ownRecord(ctx: OwnAccountContext): Promise<IStaffAccount> {
  return ctx.em.findOneOrFail(StaffAccount, { id: ctx.session.account.id });
}

/**
 * Asks for the account's password again before a change that matters (a new password, the second
 * factor, recovery codes). Checked as a sign-in is: counted by the sign-in throttle, held for its
 * delay and queued by its device, so a stolen session cookie cannot try passwords here faster than
 * at the sign-in form, nor jump the password line ahead of everyone's sign-ins.
 */
async function confirmPassword(ctx: OwnAccountContext, account: IStaffAccount, password: string, field: 'password' | 'currentPassword'): Promise<void> {
  const { signInThrottle, signingSecret } = ctx.deps;
  const device = knownDevice(ctx.cookie.device, signingSecret, account);
  const attempt = { network: ctx.request.network, email: account.email, device };
  const delay = await signInThrottle.attempt(attempt);
  if (delay) await clock.wait(delay);
  if (!account.passwordHash || !(await verifyPassword(password, account.passwordHash, device ? 'known' : 'normal'))) {
    log.warn('staff.password.confirm_failed', { ip: ctx.request.ip, account: account.id });
    throw new AppError('BAD_REQUEST', messages.errors.currentPasswordWrong, { issues: [{ path: field, message: messages.errors.currentPasswordWrong }] });
  }
  await signInThrottle.succeed(attempt);
}

/** Records a change of the signed-in account; `em` is the transaction's when the change is flushed in one. */
function auditOwn(ctx: OwnAccountContext, action: string, after: object, before: object | null = null, em = ctx.em): void {
  const name = { name: ctx.session.account.name };
  audit({ em, actor: accountActor(ctx.session) }, action, 'staff_account', ctx.session.account.id, before && { ...name, ...before }, { ...name, ...(after as object) });
}

/**
 * A new password, after the current one: every other session of the account ends; this one stays,
 * and this browser stays a known device (the others are new devices until they sign in with it).
 */
export async function changePassword(ctx: OwnAccountContext, input: TChangePassword): Promise<{ ok: true; sessionsEnded: number }> {
  const account = await ownRecord(ctx);
  await confirmPassword(ctx, account, input.currentPassword, 'currentPassword');
  account.passwordHash = await hashPassword(input.newPassword);
  ctx.cookie.setDevice(rememberDevice(ctx.cookie.device, ctx.deps.signingSecret, account));
  account.passwordChangedAt = clock.now();
  let ended = 0;
  await ctx.em.transactional(async (em) => {
    auditOwn(ctx, 'staff_account.password', { passwordChanged: true }, null, em);
    await em.flush();
    ended = await endSessionsOf(em, account.id, ctx.session.id);
  });
  return { ok: true, sessionsEnded: ended };
}

/** "Chrome 142 on Windows", from the User-Agent the session signed in with. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name;
  if (!browser) return userAgent.slice(0, 60);
  return os ? `${browser} on ${os}` : browser;
}

/** The account's live sessions: this one first, then the most recently used. */
export async function listOwnSessions(ctx: OwnAccountContext): Promise<TStaffSession[]> {
  const now = clock.now();
  const sessions = await ctx.em.find(AdminSession, { account: ctx.session.account.id, endedAt: null }, { orderBy: { lastSeenAt: 'desc' } });
  return sessions
    .filter((session) => sessionEndsAt(ctx.deps.env, session) > now)
    .sort((a, b) => Number(b.id === ctx.session.id) - Number(a.id === ctx.session.id))
    .map((session) => ({
      id: session.id,
      browser: describeBrowser(session.userAgent ?? null),
      address: session.ip ?? null,
      signedInAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      current: session.id === ctx.session.id,
    }));
}

/** Signs one of the account's sessions out ("Sign out" beside it). Ending the current one signs this browser out. */
export async function endOwnSession(ctx: OwnAccountContext, id: string): Promise<{ ok: true }> {
  const ended = await ctx.em.nativeUpdate(AdminSession, { id, account: ctx.session.account.id, endedAt: null }, { endedAt: clock.now() });
  if (!ended) throw new AppError('NOT_FOUND', messages.errors.staffSessionNotFound);
  auditOwn(ctx, 'staff_account.sign_out', { session: id });
  await ctx.em.flush();
  return { ok: true };
}

/** "Sign out everywhere": every session of the account ends, this one included. */
export async function endAllOwnSessions(ctx: OwnAccountContext): Promise<{ ok: true; sessionsEnded: number }> {
  const ended = await endSessionsOf(ctx.em, ctx.session.account.id);
  auditOwn(ctx, 'staff_account.sign_out_everywhere', { sessionsEnded: ended });
  await ctx.em.flush();
  return { ok: true, sessionsEnded: ended };
}

/** Step one of the second factor: a new secret, kept aside until a code from the app confirms it. */
export async function beginTwoFactor(ctx: OwnAccountContext): Promise<TTwoFactorSetup> {
  const account = await ownRecord(ctx);
  if (account.totpSecret) throw new AppError('CONFLICT', messages.errors.twoFactorAlreadyOn);
  account.totpPendingSecret = newTotpSecret();
  await ctx.em.flush();
  const uri = totpUri(account.totpPendingSecret, ctx.deps.business.name, account.email);
  return { secret: account.totpPendingSecret, uri, qrSvg: qrCodeSvg(uri) };
}

/**
 * Step two: the app's current code, after the password, turns the second factor on; the answer's
 * recovery codes are shown once. The password is asked for as for turning it off: someone holding
 * only a stolen session cookie cannot put their own app on the account and lock its owner out.
 */
export async function confirmTwoFactor(ctx: OwnAccountContext, input: TTwoFactorConfirm): Promise<TRecoveryCodes & { account: TOwnAccount }> {
  const account = await ownRecord(ctx);
  if (account.totpSecret) throw new AppError('CONFLICT', messages.errors.twoFactorAlreadyOn);
  if (!account.totpPendingSecret) throw new AppError('BAD_REQUEST', messages.errors.twoFactorNotStarted);
  await confirmPassword(ctx, account, input.password, 'password');
  const step = acceptTotp(account.totpPendingSecret, input.code, clock.now(), null);
  if (step === null) throw new AppError('BAD_REQUEST', messages.errors.wrongCode, { issues: [{ path: 'code', message: messages.errors.wrongCode }] });
  const { codes, hashes } = newRecoveryCodes();
  Object.assign(account, { totpSecret: account.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: clock.now(), totpLastStep: step, recoveryCodes: hashes });
  auditOwn(ctx, 'staff_account.two_factor_on', { twoFactor: true }, { twoFactor: false });
  await ctx.em.flush();
  return { recoveryCodes: codes, account: ownAccount(sessionInfo(ctx.deps.env, ctx.session.id, account)) };
}

/** Turns the second factor off, after the password; never for an owner when OWNER_REQUIRE_2FA is on. */
export async function disableTwoFactor(ctx: OwnAccountContext, password: string): Promise<TOwnAccount> {
  const account = await ownRecord(ctx);
  if (!account.totpSecret) throw new AppError('CONFLICT', messages.errors.twoFactorNotOn);
  if (ctx.deps.env.OWNER_REQUIRE_2FA && account.role === 'owner') throw new AppError('FORBIDDEN', messages.errors.twoFactorRequiredForOwner);
  await confirmPassword(ctx, account, password, 'password');
  Object.assign(account, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: null });
  auditOwn(ctx, 'staff_account.two_factor_off', { twoFactor: false }, { twoFactor: true });
  await ctx.em.flush();
  return ownAccount(sessionInfo(ctx.deps.env, ctx.session.id, account));
}

/** New recovery codes, after the password: the old ones stop working. */
export async function renewRecoveryCodes(ctx: OwnAccountContext, password: string): Promise<TRecoveryCodes> {
  const account = await ownRecord(ctx);
  if (!account.totpSecret) throw new AppError('CONFLICT', messages.errors.twoFactorNotOn);
  await confirmPassword(ctx, account, password, 'password');
  const { codes, hashes } = newRecoveryCodes();
  account.recoveryCodes = hashes;
  auditOwn(ctx, 'staff_account.recovery_codes', { recoveryCodesRenewed: true });
  await ctx.em.flush();
  return { recoveryCodes: codes };
}

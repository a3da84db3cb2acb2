import { randomBytes, randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { TCreateStaff, TPasswordLink, TSetPassword, TStaffAccount, TUpdateStaff, TUpdatedStaff } from '../../shared/schemas/staff.schema';
import { generatePassword, hashPassword, verifyPassword } from '../auth/password';
import { clock } from '../clock';
import { AdminSession, StaffAccount, type IStaffAccount } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import type { Env } from '../env';
import { log } from '../logger';
import { audit } from './audit.service';
import { endSessionsOf, hashToken, mainOwner, sessionEndsAt } from './session.service';

/** How long a password link works. */
export const PASSWORD_LINK_HOURS = 72;

function status(account: IStaffAccount): TStaffAccount['status'] {
  if (account.disabledAt) return 'disabled';
  return account.passwordHash ? 'active' : 'invited';
}

export function toStaffDto(account: IStaffAccount, activeSessions: number): TStaffAccount {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
    status: status(account),
    mainOwner: account.mainOwner,
    twoFactor: Boolean(account.totpSecret),
    activeSessions,
    lastSignInAt: account.lastSignInAt?.toISOString() ?? null,
    createdAt: account.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account: never a hash, a secret or a link. */
function snapshot(account: IStaffAccount) {
  return { name: account.name, email: account.email, role: account.role, status: status(account), twoFactor: Boolean(account.totpSecret) };
}

/** Live sessions per account (not ended, within both time limits), in one query. */
async function liveSessionCounts(ctx: ServiceContext, accountIds: string[]): Promise<Map<string, number>> {
  if (!accountIds.length) return new Map();
  const sessions = await ctx.em.find(AdminSession, { account: { $in: accountIds }, endedAt: null }, { fields: ['account', 'createdAt', 'lastSeenAt'] });
  const now = clock.now();
  const counts = new Map<string, number>();
  for (const session of sessions) {
    if (sessionEndsAt(ctx.deps.env, session) <= now) continue;
    const id = session.account.id;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

async function staffDto(ctx: ServiceContext, account: IStaffAccount): Promise<TStaffAccount> {
  return toStaffDto(account, (await liveSessionCounts(ctx, [account.id])).get(account.id) ?? 0);
}

/** Every staff account: the main owner first, then owners, then staff, by name. */
export async function listStaff(ctx: AdminContext): Promise<TStaffAccount[]> {
  const accounts = await ctx.em.find(StaffAccount, {}, { orderBy: { mainOwner: 'desc', role: 'asc', name: 'asc' } });
  const counts = await liveSessionCounts(ctx, accounts.map((account) => account.id));
  return accounts.map((account) => toStaffDto(account, counts.get(account.id) ?? 0));
}

/**
 * Runs an owner's change to account `id` in one transaction that first locks that account's row and
 * the acting owner's own (in id order, so two such changes never wait for each other in a circle)
 * and reads both afresh: of two owners who demote, disable or reset each other at once, the second
 * finds it is no longer an owner (403) instead of undoing the first's last owner. `change` works in
 * the transaction (its context's `em`).
 */
async function changeAccount<T>(ctx: AdminContext, id: string, change: (tx: AdminContext, account: IStaffAccount) => Promise<T>): Promise<T> {
  return ctx.em.transactional(async (em) => {
    const own = ctx.actor.kind === 'account' ? ctx.actor.id : null;
    const ids = own && own !== id ? [id, own] : [id];
    const rows = await em.find(StaffAccount, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' }, refresh: true });
    const actor = own && rows.find((row) => row.id === own);
    if (own && (!actor || actor.role !== 'owner' || actor.disabledAt)) throw new AppError('FORBIDDEN', messages.errors.ownerOnly);
    const account = rows.find((row) => row.id === id);
    if (!account) throw new AppError('NOT_FOUND', messages.errors.staffAccountNotFound);
    return change({ ...ctx, em }, account);
  });
}

/** The main owner changes only through ADMIN_EMAIL / ADMIN_PASSWORD and its own account; nobody disables, resets or demotes themselves. */
function guardChange(ctx: AdminContext, account: IStaffAccount): void {
  if (account.mainOwner) throw new AppError('FORBIDDEN', messages.errors.mainOwnerLocked);
  if (account.id === ctx.actor.id) throw new AppError('FORBIDDEN', messages.errors.ownAccountLocked);
}

async function emailFree(ctx: ServiceContext, email: string, except: string | null): Promise<void> {
  const other = await ctx.em.findOne(StaffAccount, { email, ...(except ? { id: { $ne: except } } : {}) }, { fields: ['id'] });
  if (other) throw new AppError('CONFLICT', messages.errors.staffEmailTaken);
}

/** An account with no one-time link: none to spend, no time for it, no owner who gave it. */
const NO_LINK = { linkTokenHash: null, linkExpiresAt: null, linkIssuedBy: null };

/**
 * Gives the account a new one-time password link (replacing any earlier one) and answers its
 * address. The link names the owner who gave it (`linkAccount`).
 */
function issueLink(ctx: AdminContext, account: IStaffAccount): TPasswordLink {
  const token = randomBytes(32).toString('base64url');
  account.linkTokenHash = hashToken(token);
  account.linkExpiresAt = new Date(clock.now().getTime() + PASSWORD_LINK_HOURS * 3_600_000);
  account.linkIssuedBy = ctx.actor.kind === 'account' ? ctx.actor.id : null;
  return { url: `${ctx.deps.siteUrl}/admin#set-password=${token}`, expiresAt: account.linkExpiresAt.toISOString() };
}

/** A new account, with no password yet: the answer's one-time link lets its person choose one. */
export async function createStaff(ctx: AdminContext, input: TCreateStaff): Promise<{ account: TStaffAccount; link: TPasswordLink }> {
  await emailFree(ctx, input.email, null);
  const account = ctx.em.create(StaffAccount, { id: randomUUID(), name: input.name, email: input.email, role: input.role, mainOwner: false });
  const link = issueLink(ctx, account);
  audit(ctx, 'staff_account.create', 'staff_account', account.id, null, snapshot(account));
  await ctx.em.flush();
  return { account: toStaffDto(account, 0), link };
}

/**
 * Name, e-mail address and role. An account still waiting for its password whose address changes
 * gets a new one-time link in the answer: the earlier one was given for the earlier address, which
 * may have been someone else's, and stops working.
 */
export async function updateStaff(ctx: AdminContext, id: string, input: TUpdateStaff): Promise<TUpdatedStaff> {
  const { account, link } = await changeAccount(ctx, id, async (tx, account) => {
    if (input.role && input.role !== account.role) guardChange(ctx, account);
    const newEmail = input.email && input.email !== account.email ? input.email : null;
    if (newEmail) {
      if (account.mainOwner) throw new AppError('FORBIDDEN', messages.errors.mainOwnerLocked);
      await emailFree(tx, newEmail, account.id);
    }
    const before = snapshot(account);
    tx.em.assign(account, { ...(input.name ? { name: input.name } : {}), ...(input.email ? { email: input.email } : {}), ...(input.role ? { role: input.role } : {}) });
    const link = newEmail && account.linkTokenHash ? issueLink(tx, account) : undefined;
    audit(tx, 'staff_account.update', 'staff_account', account.id, before, snapshot(account));
    await tx.em.flush();
    return { account, link };
  });
  return { ...(await staffDto(ctx, account)), ...(link ? { link } : {}) };
}

/** Turns an account off: its sessions end at once and it cannot sign in until turned on again. */
export async function disableStaff(ctx: AdminContext, id: string): Promise<TStaffAccount> {
  const account = await changeAccount(ctx, id, async (tx, account) => {
    guardChange(ctx, account);
    if (account.disabledAt) return account;
    const before = snapshot(account);
    Object.assign(account, { disabledAt: clock.now(), ...NO_LINK });
    audit(tx, 'staff_account.disable', 'staff_account', account.id, before, snapshot(account));
    await tx.em.flush();
    await endSessionsOf(tx.em, account.id);
    return account;
  });
  return staffDto(ctx, account);
}

export async function enableStaff(ctx: AdminContext, id: string): Promise<TStaffAccount> {
  const account = await changeAccount(ctx, id, async (tx, account) => {
    if (!account.disabledAt) return account;
    const before = snapshot(account);
    account.disabledAt = null;
    audit(tx, 'staff_account.enable', 'staff_account', account.id, before, snapshot(account));
    await tx.em.flush();
    return account;
  });
  return staffDto(ctx, account);
}

/**
 * Resets an account's sign-in: its password and second factor are removed, its sessions end, and
 * the answer's one-time link lets its person choose a new password (then set up the second factor
 * again, if they want or must).
 */
export async function resetStaff(ctx: AdminContext, id: string): Promise<{ account: TStaffAccount; link: TPasswordLink }> {
  const { account, link } = await changeAccount(ctx, id, async (tx, account) => {
    guardChange(ctx, account);
    const before = snapshot(account);
    Object.assign(account, { passwordHash: null, totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: null });
    const link = issueLink(tx, account);
    audit(tx, 'staff_account.reset', 'staff_account', account.id, before, snapshot(account));
    await tx.em.flush();
    await endSessionsOf(tx.em, account.id);
    return { account, link };
  });
  return { account: await staffDto(ctx, account), link };
}

/**
 * The account a one-time link is for, while the link holds: not spent, not past its time, its
 * account not disabled, and whoever gave it still an owner who may sign in. A link kept by an owner
 * since disabled, reset or made staff would otherwise still open an account, perhaps an owner's.
 */
async function linkAccount(ctx: ServiceContext, token: string): Promise<IStaffAccount> {
  const account = await ctx.em.findOne(StaffAccount, { linkTokenHash: hashToken(token) });
  if (!account || account.disabledAt || !account.linkExpiresAt || account.linkExpiresAt <= clock.now() || !(await stillGives(ctx, account.linkIssuedBy))) {
    throw new AppError('BAD_REQUEST', messages.errors.passwordLinkInvalid);
  }
  return account;
}

/** Whether the owner who gave a link still may: an owner, not disabled, with a password (not reset). */
async function stillGives(ctx: ServiceContext, issuedBy: string | null | undefined): Promise<boolean> {
  if (!issuedBy) return true; // a link given before links named their giver
  const issuer = await ctx.em.findOne(StaffAccount, { id: issuedBy }, { fields: ['role', 'disabledAt', 'passwordHash'] });
  return !!issuer && issuer.role === 'owner' && !issuer.disabledAt && !!issuer.passwordHash;
}

/** Whose link this is (name and e-mail address), for the page that asks for the new password. */
export async function inspectPasswordLink(ctx: ServiceContext, token: string): Promise<{ name: string; email: string }> {
  const account = await linkAccount(ctx, token);
  return { name: account.name, email: account.email };
}

/** Sets the password a one-time link was given for; the link is spent and every session of the account ends. */
export async function setPasswordWithLink(ctx: ServiceContext, input: TSetPassword): Promise<{ email: string }> {
  const account = await linkAccount(ctx, input.token);
  const hash = await hashPassword(input.password);
  await ctx.em.transactional(async (em) => {
    // Spent in the same statement that checks it, so a link cannot be used twice at once.
    const spent = await em.nativeUpdate(
      StaffAccount,
      { id: account.id, linkTokenHash: account.linkTokenHash },
      { passwordHash: hash, passwordChangedAt: clock.now(), ...NO_LINK },
    );
    if (spent !== 1) throw new AppError('BAD_REQUEST', messages.errors.passwordLinkInvalid);
    await endSessionsOf(em, account.id);
    audit({ em, actor: { label: account.name, email: account.email } }, 'staff_account.password', 'staff_account', account.id, null, { name: account.name, passwordChanged: true, by: 'one-time link' });
  });
  log.info('staff.password.set', { account: account.id });
  return { email: account.email };
}

/**
 * The main owner, made on first start from ADMIN_EMAIL (default: the garage's e-mail address) and
 * ADMIN_PASSWORD (generated when unset, and returned to be printed once). Later starts apply a
 * changed ADMIN_EMAIL, and a changed ADMIN_PASSWORD, which also ends the owner's sessions and
 * removes its second factor: the way back in for an owner who lost both phone and recovery codes.
 * An install from before staff accounts has its shared password's hash moved to the main owner by
 * the migration; its e-mail address is filled in here.
 */
export async function ensureOwner(em: EntityManager, env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>, defaultEmail: string): Promise<{ generated: string | null; email: string }> {
  const email = (env.ADMIN_EMAIL ?? defaultEmail).toLowerCase();
  let owner = await mainOwner(em);
  let generated: string | null = null;
  if (!owner) {
    const password = env.ADMIN_PASSWORD ?? generatePassword();
    const hash = await hashPassword(password);
    const now = clock.now();
    // Another instance may be starting too: the first insert wins, everyone reads it back.
    await em.execute(
      `insert into "staff_account" ("id", "name", "email", "role", "main_owner", "password_hash", "password_changed_at", "created_at", "updated_at")
       values (gen_random_uuid(), 'Owner', ?, 'owner', true, ?, ?, ?, ?) on conflict do nothing`,
      [email, hash, now, now, now],
    );
    owner = await em.fork().findOne(StaffAccount, { mainOwner: true });
    if (!owner) throw new Error(`ADMIN_EMAIL: ${email} is already a staff account that is not the owner`);
    if (owner.passwordHash === hash && !env.ADMIN_PASSWORD) generated = password;
    return { generated, email: owner.email };
  }
  const changes: Partial<IStaffAccount> = {};
  if (owner.email === '' || (env.ADMIN_EMAIL && owner.email !== email)) {
    const other = await em.findOne(StaffAccount, { email, id: { $ne: owner.id } }, { fields: ['id'] });
    if (other) throw new Error(`ADMIN_EMAIL: ${email} is already the address of another staff account`);
    changes.email = email;
  }
  if (env.ADMIN_PASSWORD && !(owner.passwordHash && (await verifyPassword(env.ADMIN_PASSWORD, owner.passwordHash, 'known')))) {
    Object.assign(changes, { passwordHash: await hashPassword(env.ADMIN_PASSWORD), passwordChangedAt: clock.now() });
    Object.assign(changes, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: null, disabledAt: null });
  }
  if (Object.keys(changes).length) {
    await em.nativeUpdate(StaffAccount, { id: owner.id }, { ...changes, updatedAt: clock.now() });
    if (changes.passwordHash) {
      await endSessionsOf(em, owner.id);
      log.info('staff.owner.password_replaced', { account: owner.id });
    }
  }
  return { generated: null, email: changes.email ?? owner.email };
}

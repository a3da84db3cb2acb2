import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../src/server/auth/password';
import { clock } from '../../src/server/clock';
import { AdminSession, StaffAccount, type IStaffAccount } from '../../src/server/db/entities';
import { cookieNames } from '../../src/server/http/middleware';
import { hashToken } from '../../src/server/services/session.service';
import type { StaffRole } from '../../src/shared/schemas/staff.schema';
import type { Harness } from './harness';

let counter = 0;

/**
 * A staff account written straight to the database (the Staff tab's own path is tested on its
 * own). With `password` it can sign in; with `totp` it has a second factor with that secret.
 */
export async function createAccount(
  h: Harness,
  options: { role?: StaffRole; name?: string; email?: string; password?: string; totp?: string; disabled?: boolean } = {},
): Promise<IStaffAccount> {
  counter += 1;
  const tag = `${counter}${randomBytes(3).toString('hex')}`;
  const em = h.orm.em.fork();
  const account = em.create(StaffAccount, {
    name: options.name ?? `Staff ${tag}`,
    email: options.email ?? `staff.${tag}@example.com`,
    role: options.role ?? 'staff',
    mainOwner: false,
    passwordHash: options.password ? await hashPassword(options.password) : null,
    totpSecret: options.totp ?? null,
    disabledAt: options.disabled ? new Date() : null,
  });
  await em.flush();
  return account;
}

export async function mainOwnerAccount(h: Harness): Promise<IStaffAccount> {
  return h.orm.em.fork().findOneOrFail(StaffAccount, { mainOwner: true });
}

/**
 * A live session of the account, made in the database as a sign-in makes it (without the cost of
 * a password check), and its Cookie header.
 */
export async function sessionCookie(h: Harness, accountId: string, options: { userAgent?: string; ip?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const em = h.orm.em.fork();
  const now = clock.now();
  em.create(AdminSession, {
    tokenHash: hashToken(token),
    account: em.getReference(StaffAccount, accountId),
    createdAt: now,
    lastSeenAt: now,
    ip: options.ip ?? '127.0.0.1',
    userAgent: options.userAgent ?? null,
  });
  await em.flush();
  return `${cookieNames(h.env).session}=${token}`;
}

/** The code an authenticator app shows for `secret` now (the server's clock). */
export function totpCode(secret: string, at: Date = clock.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

import { createHmac, randomBytes } from 'node:crypto';
import type { IStaffAccount } from '../db/entities';

/**
 * Known devices: a browser that signed in to an account keeps a long-lived cookie naming a random
 * device id and, for each account signed in from it (the last five), an HMAC of the id, the
 * account's id and its password's hash under the server's signing secret. Only the server can make
 * one, and it proves the browser signed in to that account with its current password: its attempts
 * skip the account's and the address's throttling (they keep a count of their own) and have their
 * passwords checked first, so a flood of guesses at an account never locks out the people who use
 * it. A new password (changed, reset, set from a link or from ADMIN_PASSWORD) makes every browser a
 * new device again until it signs in with it: one that signed in with the old password, perhaps a
 * thief's, proves nothing about the new one.
 */
const PART = /^[A-Za-z0-9_-]{22}$/;
const MAX_ACCOUNTS = 5;
/** Browsers keep a cookie at most 400 days. */
export const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;

/** What a device's proof is bound to: the account, and the password it signed in with (its hash, salted anew for each password). */
export type DeviceAccount = Pick<IStaffAccount, 'id' | 'passwordHash'>;

function mac(secret: string, device: string, account: DeviceAccount): string {
  return createHmac('sha256', secret)
    .update(`known-device\n${device}\n${account.id}\n${account.passwordHash ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

function parse(value: string | null): { device: string; macs: string[] } | null {
  if (!value || value.length > 200) return null;
  const [device, ...macs] = value.split('.');
  if (!device || !PART.test(device) || macs.length > MAX_ACCOUNTS || !macs.every((part) => PART.test(part))) return null;
  return { device, macs };
}

/** The device id when the cookie proves an earlier sign-in to this account with its current password, else null. */
export function knownDevice(cookie: string | null, secret: string, account: DeviceAccount): string | null {
  const parsed = parse(cookie);
  return parsed && parsed.macs.includes(mac(secret, parsed.device, account)) ? parsed.device : null;
}

/** The cookie's value after a sign-in to `account` (or a new password typed in it): the same device (or a new one), this account last. */
export function rememberDevice(cookie: string | null, secret: string, account: DeviceAccount): string {
  const parsed = parse(cookie) ?? { device: randomBytes(16).toString('base64url'), macs: [] };
  const own = mac(secret, parsed.device, account);
  const macs = [...parsed.macs.filter((part) => part !== own), own].slice(-MAX_ACCOUNTS);
  return [parsed.device, ...macs].join('.');
}

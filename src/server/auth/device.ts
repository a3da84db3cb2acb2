import { createHmac, randomBytes } from 'node:crypto';

/**
 * Known devices: a browser that signed in to an account keeps a long-lived cookie naming a random
 * device id and, for each account signed in from it (the last five), an HMAC of the id and the
 * account's id under the server's signing secret. Only the server can make one, and it proves the
 * browser signed in to that account before: its attempts skip the account's and the address's
 * throttling (they keep a count of their own) and have their passwords checked first, so a flood
 * of guesses at an account never locks out the people who use it.
 */
const PART = /^[A-Za-z0-9_-]{22}$/;
const MAX_ACCOUNTS = 5;
/** Browsers keep a cookie at most 400 days. */
export const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;

function mac(secret: string, device: string, accountId: string): string {
  return createHmac('sha256', secret).update(`known-device\n${device}\n${accountId}`).digest('base64url').slice(0, 22);
}

function parse(value: string | null): { device: string; macs: string[] } | null {
  if (!value || value.length > 200) return null;
  const [device, ...macs] = value.split('.');
  if (!device || !PART.test(device) || macs.length > MAX_ACCOUNTS || !macs.every((part) => PART.test(part))) return null;
  return { device, macs };
}

/** The device id when the cookie proves an earlier sign-in to this account, else null. */
export function knownDevice(cookie: string | null, secret: string, accountId: string): string | null {
  const parsed = parse(cookie);
  return parsed && parsed.macs.includes(mac(secret, parsed.device, accountId)) ? parsed.device : null;
}

/** The cookie's value after a sign-in to `accountId`: the same device (or a new one), this account last. */
export function rememberDevice(cookie: string | null, secret: string, accountId: string): string {
  const parsed = parse(cookie) ?? { device: randomBytes(16).toString('base64url'), macs: [] };
  const own = mac(secret, parsed.device, accountId);
  const macs = [...parsed.macs.filter((part) => part !== own), own].slice(-MAX_ACCOUNTS);
  return [parsed.device, ...macs].join('.');
}

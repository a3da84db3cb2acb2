import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import PQueue from 'p-queue';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';

/**
 * Password hashing with Node's scrypt at OWASP's parameters (N=2^17, r=8, p=1), which need
 * 128 MiB: `maxmem` is raised to allow it. Stored as `scrypt$N$r$p$salt$hash` (base64url), so
 * the parameters travel with the hash and can be raised later.
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt
 */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * Every scrypt computation of the process waits its turn here, one at a time. Node runs scrypt on
 * libuv's thread pool (four threads), which file reads and compression share: a flood of wrong
 * passwords computed side by side took every thread and a core each, and even `/robots.txt` waited
 * behind them. One at a time leaves the pool and a core to everything else. Sign-ins from a device
 * that signed in to the account before (`priority: 'known'`) go ahead of the rest; other sign-ins
 * beyond `MAX_WAITING` in line are refused at once (429) instead of waiting ever longer.
 */
export const PASSWORD_CONCURRENCY = 1;
export const MAX_WAITING = 8;
const queue = new PQueue({ concurrency: PASSWORD_CONCURRENCY });

export type HashPriority = 'known' | 'normal';

let finished = 0;

/** How many password computations run and wait now, and have finished so far (for tests and the reliability figures). */
export function passwordQueueSize(): { running: number; waiting: number; finished: number } {
  return { running: queue.pending, waiting: queue.size, finished };
}

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }, priority: HashPriority): Promise<Buffer> {
  if (priority === 'normal' && queue.size >= MAX_WAITING) {
    return Promise.reject(new AppError('TOO_MANY_REQUESTS', messages.errors.signInBusy, { retryAfter: 5 }));
  }
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return queue.add(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
          finished += 1;
          if (error) reject(error);
          else resolve(key);
        });
      }),
    { priority: priority === 'known' ? 1 : 0 },
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT_PARAMS, 'known');
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string, priority: HashPriority = 'normal'): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, priority);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | null = null;
/**
 * A hash no password matches in practice, checked when the e-mail address names no account, so
 * that a wrong address costs the same time as a wrong password and the answer tells nothing.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummy;
}

export function parseHashParams(stored: string): { N: number; r: number; p: number } | null {
  const [scheme, n, r, p] = stored.split('$');
  if (scheme !== 'scrypt') return null;
  return { N: Number(n), r: Number(r), p: Number(p) };
}

/** A password for the first start when ADMIN_PASSWORD is unset: 20 characters, ~120 bits. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

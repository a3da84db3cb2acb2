import { createHash } from 'node:crypto';

/**
 * SHA-256 of `text`, in hex: what is stored or counted instead of a secret or an address (session
 * and link tokens, the sign-in throttle's and the mailbox limit's keys).
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

import { randomBytes } from 'node:crypto';
import { sha256Hex } from './digest';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/**
 * Time-based one-time codes (RFC 6238) through `otpauth`, with the settings every authenticator
 * app reads: SHA-1, 6 digits, 30-second steps. A code is accepted one step early or late (clocks
 * drift), and only once: the step of the last code accepted is kept, and no code of that step or
 * an earlier one is taken again.
 */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS } as const;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({ ...TOTP_OPTIONS, issuer, label: account, secret: Secret.fromBase32(secret) }).toString();
}

/** The otpauth:// address as a QR code (an SVG image) for the app's camera. */
export function qrCodeSvg(text: string): string {
  return renderSVG(text, { border: 2 });
}

/** The time step of `code` when it is right for `secret` at `now` and newer than `lastStep`, else null. */
export function acceptTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = new TOTP({ ...TOTP_OPTIONS, secret: Secret.fromBase32(secret) }).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Crockford's base32 alphabet: no I, L, O or U to misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_COUNT = 10;

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

export function hashRecoveryCode(code: string): string {
  return sha256Hex(`recovery\n${normalizeRecoveryCode(code)}`);
}

/** Ten random codes of 12 characters (60 bits each), shown once; only their hashes are stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(12), (byte) => ALPHABET[byte % 32]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** The position of `code` among the unused recovery codes' hashes, or -1. */
export function findRecoveryCode(code: string, hashes: readonly string[]): number {
  const normalized = normalizeRecoveryCode(code);
  if (!/^[0-9a-z]{12}$/.test(normalized)) return -1;
  return hashes.indexOf(hashRecoveryCode(normalized));
}

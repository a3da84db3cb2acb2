import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, parseHashParams, verifyPassword } from '../../src/server/auth/password';

// Each scrypt hash or check costs ~0.3 s at N=2^17: this file makes two hashes and four checks.
describe('password hashing (scrypt, N=2^17, r=8, p=1)', () => {
  const password = 'correct horse battery staple';

  it('stores scrypt$131072$8$1$salt$hash, with a fresh salt each time, and verifies only the right password', async () => {
    const first = await hashPassword(password);
    const second = await hashPassword(password);

    const format = /^scrypt\$131072\$8\$1\$([A-Za-z0-9_-]{22})\$([A-Za-z0-9_-]{43})$/;
    expect(first).toMatch(format);
    expect(second).toMatch(format);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(first).not.toBe(second);
    expect(first).not.toContain(password);
    expect(parseHashParams(first)).toEqual({ N: 131_072, r: 8, p: 1 });

    expect(await verifyPassword(password, first)).toBe(true);
    expect(await verifyPassword(password, second)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', first)).toBe(false);
    // NFKC: a full-width letter is the same password as its plain form
    expect(await verifyPassword('ｃorrect horse battery staple', first)).toBe(true);
  });

  it('refuses stored values that are not scrypt hashes, without hashing', async () => {
    expect(await verifyPassword(password, '')).toBe(false);
    expect(await verifyPassword(password, password)).toBe(false);
    expect(await verifyPassword(password, 'bcrypt$10$abc$def$ghi$jkl')).toBe(false);
    expect(await verifyPassword(password, 'scrypt$131072$8$1$salt')).toBe(false);
    expect(parseHashParams('argon2id$v=19$m=19456')).toBeNull();
  });

  it('generates distinct first-start passwords of 20 URL-safe characters', () => {
    const a = generatePassword();
    const b = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(a).not.toBe(b);
  });
});

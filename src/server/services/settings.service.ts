import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generatePassword, hashPassword, verifyPassword } from '../auth/password';
import { AppSetting } from '../db/entities';

export const ADMIN_PASSWORD_KEY = 'admin_password_hash';
const SIGNING_SECRET_KEY = 'signing_secret';

async function getOrCreate(em: EntityManager, key: string, make: () => Promise<string> | string): Promise<{ value: string; created: boolean }> {
  const existing = await em.findOne(AppSetting, { key });
  if (existing) return { value: existing.value, created: false };
  const value = await make();
  // Another instance may be doing the same: the first insert wins, everyone reads it back.
  await em.execute(
    `insert into app_setting (key, value, updated_at) values (?, ?, now()) on conflict (key) do nothing`,
    [key, value],
  );
  const stored = await em.fork().findOneOrFail(AppSetting, { key });
  return { value: stored.value, created: stored.value === value };
}

/** The HMAC key for upload addresses and document tokens, made on first start. */
export async function signingSecret(em: EntityManager): Promise<string> {
  return (await getOrCreate(em, SIGNING_SECRET_KEY, () => randomBytes(32).toString('base64url'))).value;
}

/**
 * Makes sure an admin password hash is stored. With ADMIN_PASSWORD set, its hash replaces a
 * different stored one. Without it, the first start generates a password and returns it (to be
 * printed once); later starts return null. Only the hash is ever stored.
 */
export async function ensureAdminPassword(em: EntityManager, configured: string | undefined): Promise<{ generated: string | null }> {
  if (configured) {
    const existing = await em.findOne(AppSetting, { key: ADMIN_PASSWORD_KEY });
    if (existing && (await verifyPassword(configured, existing.value))) return { generated: null };
    const hash = await hashPassword(configured);
    await em.execute(
      `insert into app_setting (key, value, updated_at) values (?, ?, now()) on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [ADMIN_PASSWORD_KEY, hash],
    );
    return { generated: null };
  }
  let password: string | null = null;
  const { created } = await getOrCreate(em, ADMIN_PASSWORD_KEY, () => {
    password = generatePassword();
    return hashPassword(password);
  });
  return { generated: created ? password : null };
}

export async function adminPasswordHash(em: EntityManager): Promise<string | null> {
  return (await em.findOne(AppSetting, { key: ADMIN_PASSWORD_KEY }))?.value ?? null;
}

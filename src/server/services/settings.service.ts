import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../clock';
import { AppSetting } from '../db/entities';

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

/** A server-wide value, or null when none was ever set. */
export async function readSetting(em: EntityManager, key: string): Promise<string | null> {
  return (await em.findOne(AppSetting, { key }, { refresh: true }))?.value ?? null;
}

/** Sets a server-wide value, made or replaced (insert ... on conflict (key) do update). */
export async function writeSetting(em: EntityManager, key: string, value: string): Promise<void> {
  await em.upsert(AppSetting, { key, value, updatedAt: clock.now() });
}

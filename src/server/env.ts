import { z } from 'zod';
import { DEFAULT_BUSINESS, mapsSearchUrl, withOpeningHours, type TBusinessInfo, type TWalletAccount } from '../shared/business';
import { ZPositiveMoneySchema } from '../shared/schemas/common.schema';
import type { DatabaseLimits } from './db/config';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
const flag = z
  .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional())
  .transform((value) => value === 'true' || value === '1');

/** `RATE_LIMITS`: "on" (the defaults), "off", or "name=count/window" pairs, e.g. "bookings=20/10m,contact=5/10m". */
const RATE_LIMIT_NAMES = ['bookings', 'contact', 'uploads', 'nameCheck', 'login', 'documents', 'findBooking', 'manageBooking', 'bookingLinks'] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];
export interface RateLimit {
  max: number;
  windowMs: number;
}
export const DEFAULT_RATE_LIMITS: Record<RateLimitName, RateLimit> = {
  bookings: { max: 20, windowMs: 10 * 60_000 },
  contact: { max: 10, windowMs: 10 * 60_000 },
  uploads: { max: 60, windowMs: 10 * 60_000 },
  nameCheck: { max: 120, windowMs: 60_000 },
  login: { max: 10, windowMs: 15 * 60_000 },
  documents: { max: 20, windowMs: 10 * 60_000 },
  findBooking: { max: 10, windowMs: 10 * 60_000 },
  manageBooking: { max: 120, windowMs: 10 * 60_000 },
  /** Not per caller: the "Find my booking" e-mails one mailbox receives, whoever asks for them. */
  bookingLinks: { max: 5, windowMs: 24 * 3_600_000 },
};

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

const ZRateLimitsSchema = z
  .preprocess(emptyToUndefined, z.string().default('on'))
  .transform((text, ctx): Record<RateLimitName, RateLimit> | 'off' => {
    const value = text.trim();
    if (value === 'off') return 'off';
    if (value === 'on') return DEFAULT_RATE_LIMITS;
    const limits = { ...DEFAULT_RATE_LIMITS };
    for (const part of value.split(',')) {
      const match = /^(\w+)=(\d+)\/(\d+)([smh])$/.exec(part.trim());
      const name = match?.[1] as RateLimitName | undefined;
      if (!match || !name || !RATE_LIMIT_NAMES.includes(name)) {
        ctx.addIssue({ code: 'custom', message: `expected "on", "off" or name=count/window pairs (names: ${RATE_LIMIT_NAMES.join(', ')}), got "${part}"` });
        return z.NEVER;
      }
      limits[name] = { max: Number(match[2]), windowMs: Number(match[3]) * UNIT_MS[match[4] as keyof typeof UNIT_MS] };
    }
    return limits;
  });

/**
 * Database connections per server instance. Measured on a two-core machine running the server and
 * its database together: more connections let more backends crowd the core the server needs (the
 * bookings benchmark's p99 at 50 connections: 157-184 ms with 5, 175-222 ms with 8, 247-310 ms
 * with 10, 420 ms with 20, for about the same bookings a second), fewer make reads that miss the
 * cache wait behind bookings (the mixed load's read p99: 73-103 ms with 5, 61 ms with 8, 54 ms
 * with 20). A dedicated database machine may take more.
 */
export const DEFAULT_DATABASE_POOL_MAX = 8;

/**
 * Open connections in all, and from one address (0: no cap per address; off behind a proxy, where
 * every connection is the proxy's). A browser opens up to six; the address cap leaves room for a
 * household or an office behind one address, and for the load tests' 50 connections.
 */
export const DEFAULT_MAX_CONNECTIONS = 2_000;
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 100;

export const ZEnvSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
  TRUST_PROXY: flag,
  MAX_CONNECTIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_MAX_CONNECTIONS)),
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS)),
  PUBLIC_URL: optional(z.url().transform((url) => url.replace(/\/+$/, ''))),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')),
  DATABASE_POOL_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(DEFAULT_DATABASE_POOL_MAX)),
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(10_000)),
  DATABASE_POOL_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(600_000).default(5_000)),
  S3_BUCKET: optional(z.string().min(3)),
  S3_ENDPOINT: optional(z.url()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: flag,
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string()),
  GARAGE_NOTIFY_EMAIL: optional(z.email()),
  ADMIN_EMAIL: optional(z.email().transform((email) => email.toLowerCase())),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  ADMIN_API_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
  SESSION_IDLE_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(24 * 30).default(12)),
  SESSION_MAX_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(365).default(7)),
  OWNER_REQUIRE_2FA: flag,
  RATE_LIMITS: ZRateLimitsSchema,
  DOCUMENT_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(365)),
  PENDING_HOLD_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(24 * 14).default(24)),
  /** Uploads to local storage pause while the disk would be left with less than this (MiB) free. */
  UPLOADS_MIN_FREE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000_000).default(1024)),
  /** Memory for uploads arriving through this server at once; at least one upload at the largest limit (10 MB). */
  UPLOADS_MAX_BUFFERED_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(1_000_000).default(128)),
  /** Bytes (MiB) that strangers' uploads not yet used by a booking may take over a day: from one network, and from all. */
  UPLOADS_NETWORK_MAX_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(1_000_000).default(100)),
  UPLOADS_UNATTACHED_MAX_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(1_000_000_000).default(2048)),
  /** Mounts GET /api/bench/baseline, the in-memory reference `npm run bench` measures against. Never in production. */
  BENCH_BASELINE: flag,
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
  BUSINESS_NAME: optional(z.string()),
  BUSINESS_PHONE_PRIMARY: optional(z.string()),
  BUSINESS_PHONE_SECONDARY: optional(z.string()),
  BUSINESS_EMAIL: optional(z.email()),
  BUSINESS_ADDRESS_LINE1: optional(z.string()),
  BUSINESS_ADDRESS_LINE2: optional(z.string()),
  BUSINESS_MAPS_URL: optional(z.url()),
  BUSINESS_FACEBOOK_URL: optional(z.url({ protocol: /^https$/ })),
  BUSINESS_MESSENGER_URL: optional(z.url({ protocol: /^https$/ })),
  BUSINESS_VIBER_NUMBER: optional(z.string().regex(/^\+?[\d\s()-]{7,20}$/, 'a phone number, e.g. +63 917 845 2301')),
  BUSINESS_GCASH_NAME: optional(z.string().max(80)),
  BUSINESS_GCASH_NUMBER: optional(z.string().regex(/^\+?[\d\s-]{7,20}$/, 'a mobile number, e.g. 0917 845 2301')),
  BUSINESS_MAYA_NAME: optional(z.string().max(80)),
  BUSINESS_MAYA_NUMBER: optional(z.string().regex(/^\+?[\d\s-]{7,20}$/, 'a mobile number, e.g. 0917 845 2301')),
  BUSINESS_DEPOSIT: optional(ZPositiveMoneySchema),
});

export type Env = z.infer<typeof ZEnvSchema>;

export class EnvError extends Error {}

/** Parses the settings once, naming every bad one. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = ZEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = result.data;
  for (const wallet of ['GCASH', 'MAYA'] as const) {
    if (!env[`BUSINESS_${wallet}_NAME`] !== !env[`BUSINESS_${wallet}_NUMBER`]) {
      throw new EnvError(`Invalid settings:\n  BUSINESS_${wallet}_NAME, BUSINESS_${wallet}_NUMBER: set both, or neither`);
    }
  }
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError('Invalid settings:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
  }
  return env;
}

/** How long a request may wait for the database (see `ormConfig`). */
export function databaseLimits(env: Env): DatabaseLimits {
  return { statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS, poolTimeoutMs: env.DATABASE_POOL_TIMEOUT_MS };
}

/** An e-wallet account when both its name and its number are set (parseEnv refuses one without the other). */
function wallet(name: string | undefined, number: string | undefined): TWalletAccount | null {
  return name && number ? { name, number } : null;
}

export function businessInfo(env: Env): TBusinessInfo {
  const addressLine1 = env.BUSINESS_ADDRESS_LINE1 ?? DEFAULT_BUSINESS.addressLine1;
  const addressLine2 = env.BUSINESS_ADDRESS_LINE2 ?? DEFAULT_BUSINESS.addressLine2;
  return withOpeningHours({
    ...DEFAULT_BUSINESS,
    name: env.BUSINESS_NAME ?? DEFAULT_BUSINESS.name,
    phonePrimary: env.BUSINESS_PHONE_PRIMARY ?? DEFAULT_BUSINESS.phonePrimary,
    phoneSecondary: env.BUSINESS_PHONE_SECONDARY ?? DEFAULT_BUSINESS.phoneSecondary,
    email: env.BUSINESS_EMAIL ?? DEFAULT_BUSINESS.email,
    addressLine1,
    addressLine2,
    // Without a link of its own, the map opens at the address the site shows.
    mapsUrl: env.BUSINESS_MAPS_URL ?? mapsSearchUrl(addressLine1, addressLine2),
    facebookUrl: env.BUSINESS_FACEBOOK_URL ?? null,
    messengerUrl: env.BUSINESS_MESSENGER_URL ?? null,
    viberNumber: env.BUSINESS_VIBER_NUMBER ?? null,
    gcash: wallet(env.BUSINESS_GCASH_NAME, env.BUSINESS_GCASH_NUMBER),
    maya: wallet(env.BUSINESS_MAYA_NAME, env.BUSINESS_MAYA_NUMBER),
    deposit: env.BUSINESS_DEPOSIT ?? DEFAULT_BUSINESS.deposit,
  });
}

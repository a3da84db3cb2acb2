import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One running count of a per-address limit (RATE_LIMITS): the calls of one purpose (`name`) by one
 * caller (`subject`: an address, or `booking:<id>`) in the window that ends at `expiresAt`. Kept in
 * PostgreSQL so that every instance counts the same calls. Written only by `RateLimiter`
 * (src/server/auth/rateLimit.ts), one upsert per counted call; rows whose window has passed are
 * deleted by the hourly housekeeping.
 */
export const RateLimitWindow = defineEntity({
  name: 'RateLimitWindow',
  properties: {
    name: p.string().length(32).primary(),
    subject: p.string().length(64).primary(),
    hits: p.integer(),
    expiresAt: p.datetime(),
  },
});
export type IRateLimitWindow = InferEntity<typeof RateLimitWindow>;

import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const BlockedName = defineEntity({
  name: 'BlockedName',
  indexes: [{ properties: ['createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    fullName: p.string().length(120),
    /** `normalizeName(fullName)`: what a booking's name is compared with. */
    normalizedName: p.string().length(120).unique(),
    reason: p.string().length(500).nullable(),
    blockedBy: p.string().length(60),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IBlockedName = InferEntity<typeof BlockedName>;

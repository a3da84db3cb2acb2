import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';

export const BlockedName = defineEntity({
  name: 'BlockedName',
  indexes: [{ properties: ['createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    fullName: p.string().length(120),
    /** `nameSkeleton(fullName)` (services/name-skeleton.ts): what a booking's name is compared with; one row per skeleton. */
    normalizedName: p.string().length(480).unique(),
    reason: p.string().length(500).nullable(),
    blockedBy: p.string().length(60),
    createdAt: p.datetime().onCreate(() => clock.now()),
  },
});
export type IBlockedName = InferEntity<typeof BlockedName>;

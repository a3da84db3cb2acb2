import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';
import { StaffAccount } from './StaffAccount.entity';

/** A staff account's sign-in. Only the SHA-256 of the cookie's token is stored. */
export const AdminSession = defineEntity({
  name: 'AdminSession',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    tokenHash: p.string().length(64).unique(),
    account: () => p.manyToOne(StaffAccount).index().deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => clock.now()),
    lastSeenAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(300).nullable(),
  },
});
export type IAdminSession = InferEntity<typeof AdminSession>;

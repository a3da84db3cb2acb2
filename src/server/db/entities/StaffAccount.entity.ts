import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { STAFF_ROLES } from '../../../shared/schemas/staff.schema';
import { clock } from '../../clock';

/**
 * A person who signs in to the dashboard. The main owner is the account of ADMIN_EMAIL /
 * ADMIN_PASSWORD (one at most: a partial unique index). Passwords are stored as scrypt hashes,
 * the one-time password link as the SHA-256 of its token, recovery codes as SHA-256 hashes.
 */
export const StaffAccount = defineEntity({
  name: 'StaffAccount',
  indexes: [{ name: 'staff_account_main_owner_unique', expression: `create unique index "staff_account_main_owner_unique" on "staff_account" ("main_owner") where "main_owner"` }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string().length(80),
    email: p.string().length(254).unique(),
    role: p.enum([...STAFF_ROLES]).nativeEnumName('staff_role'),
    mainOwner: p.boolean().default(false),
    passwordHash: p.text().nullable(),
    passwordChangedAt: p.datetime().nullable(),
    disabledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => clock.now()),
    updatedAt: p.datetime().onCreate(() => clock.now()).onUpdate(() => clock.now()),
    lastSignInAt: p.datetime().nullable(),
    linkTokenHash: p.string().length(64).nullable().unique(),
    linkExpiresAt: p.datetime().nullable(),
    /** The owner account that gave the link: it works only while that owner still may manage accounts. */
    linkIssuedBy: p.uuid().nullable(),
    totpSecret: p.string().length(64).nullable(),
    totpPendingSecret: p.string().length(64).nullable(),
    totpEnabledAt: p.datetime().nullable(),
    /** The time step of the last code accepted: a code is good once. */
    totpLastStep: p.integer().nullable(),
    recoveryCodes: p.json<string[]>().nullable(),
  },
});
export type IStaffAccount = InferEntity<typeof StaffAccount>;

import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Indexed for the dashboard's list: newest first, and the search box's "contains" match on name,
 * e-mail and phone through trigram indexes (pg_trgm), which serve `ilike '%text%'`.
 */
export const Customer = defineEntity({
  name: 'Customer',
  indexes: [
    { properties: ['createdAt'] },
    { name: 'customer_full_name_trgm', expression: `create index "customer_full_name_trgm" on "customer" using gin ("full_name" gin_trgm_ops)` },
    { name: 'customer_email_trgm', expression: `create index "customer_email_trgm" on "customer" using gin ("email" gin_trgm_ops)` },
    { name: 'customer_phone_trgm', expression: `create index "customer_phone_trgm" on "customer" using gin ("phone" gin_trgm_ops)` },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    fullName: p.string().length(120),
    /** Stored lower-cased; unique, so a returning renter is found, never duplicated. */
    email: p.string().length(254).unique(),
    phone: p.string().length(40),
    license: p.string().length(60).nullable(),
    licenseExpiry: p.date().nullable(),
    address: p.string().length(300).nullable(),
    facebookProfile: p.string().length(200).nullable(),
    photoId1Url: p.string().length(80).nullable().fieldName('photo_id1_url'),
    photoId2Url: p.string().length(80).nullable().fieldName('photo_id2_url'),
    proofOfBillingUrl: p.string().length(80).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ICustomer = InferEntity<typeof Customer>;

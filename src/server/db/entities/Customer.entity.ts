import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Customer = defineEntity({
  name: 'Customer',
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

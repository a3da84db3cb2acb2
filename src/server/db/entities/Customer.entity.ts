import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity, type Opt } from '@mikro-orm/core';
import { clock } from '../../clock';

/**
 * Indexed for the dashboard's list: newest first; for an integrator's sync, by last change (`updatedSince`);
 * and for the search box's "contains" match through
 * `searchText`, the name, e-mail and phone in one lower-cased column kept by PostgreSQL, with a
 * trigram index (pg_trgm) that serves `like '%text%'`.
 */
export const Customer = defineEntity({
  name: 'Customer',
  indexes: [
    { properties: ['createdAt'] },
    { properties: ['updatedAt', 'id'] },
    { name: 'customer_search_text_trgm', expression: `create index "customer_search_text_trgm" on "customer" using gin ("search_text" gin_trgm_ops)` },
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
    /** When staff erased the customer's personal data (see erasure.service.ts); their bookings stay. */
    erasedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => clock.now()),
    /**
     * The last change of anything the customer's answer shows: their record, or one of their bookings
     * (a trigger on `booking` moves it: Migration20261128060000_customer_updated_at). What
     * integrators sync by (`updatedSince`, `after`), to the millisecond. A write that bypasses the unit
     * of work sets it too.
     */
    updatedAt: p.datetime(3).onCreate(() => clock.now()).onUpdate(() => clock.now()),
    /**
     * What the search box looks in: the name (lower-cased), e-mail and phone, a line each, written
     * by PostgreSQL on every change. One column and one index make a search one cheap `like` per
     * row where three `ilike`s, each lower-casing its field, cost ten times as much, and give the
     * planner one estimate instead of a union of three. Never loaded with the entity.
     */
    searchText: p.text().$type<Opt<string>>().generated(`(lower(full_name) || chr(10) || email || chr(10) || phone || chr(10) || regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^63', '0')) stored`).lazy(true, false).hidden(),
  },
});
export type ICustomer = InferEntity<typeof Customer>;

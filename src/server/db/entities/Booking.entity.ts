import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity, type Opt } from '@mikro-orm/core';
import { BOOKING_STATUSES, CANCELLED_BY, DOCUMENT_FIELDS, PICKUP_TIMES } from '../../../shared/schemas/booking.schema';
import { DELIVERY_AREAS, DISTANCE_SERVICES, DRIVER_SERVICES } from '../../../shared/pricing';
import { LOCALES } from '../../../shared/i18n/locales';
import { clock } from '../../clock';
import { Car } from './Car.entity';
import { Customer } from './Customer.entity';

/**
 * A rental. Its days (pickup through return, both included) are held exclusively while it is
 * pending or confirmed: the exclusion constraint `booking_no_overlap` (see the migrations) makes
 * PostgreSQL refuse any second booking of the same car that shares a day.
 */
export const Booking = defineEntity({
  name: 'Booking',
  indexes: [
    { properties: ['car', 'returnDate'] },
    { properties: ['createdAt'] },
    { properties: ['updatedAt', 'id'] },
    { properties: ['status', 'createdAt'] },
    { properties: ['pickupDate'] },
    { properties: ['returnDate'] },
    { properties: ['renterEmail'] },
    { properties: ['renterPhoneKey'] },
    { properties: ['renterMailboxKey'] },
    { name: 'booking_hold_until_index', expression: `create index "booking_hold_until_index" on "booking" ("hold_until") where "status" = 'pending' and "hold_until" is not null` },
    { name: 'booking_search_text_trgm', expression: `create index "booking_search_text_trgm" on "booking" using gin ("search_text" gin_trgm_ops)` },
    {
      name: 'booking_no_overlap',
      expression: `alter table "booking" add constraint "booking_no_overlap" exclude using gist ("car_id" with =, daterange("pickup_date", "return_date", '[]') with &&) where ("status" in ('pending', 'confirmed'))`,
    },
  ],
  checks: [
    { name: 'booking_dates_check', expression: 'return_date > pickup_date' },
    {
      name: 'booking_money_check',
      expression:
        'subtotal >= 0 and driver_fee >= 0 and distance_fee >= 0 and delivery_fee >= 0 and insurance >= 0 and total > 0 and amount_paid >= 0 and amount_paid <= total',
    },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** The short public reference renters and staff use (`src/shared/reference.ts`). */
    reference: p.string().length(9).unique(),
    customer: () => p.manyToOne(Customer).index().deleteRule('cascade'),
    car: () => p.manyToOne(Car).nullable().deleteRule('set null'),
    /**
     * The renter as this booking was made: what the form or the integrator sent, kept with the
     * booking whatever the customer record (grouped by e-mail) holds or later becomes.
     */
    renterName: p.string().length(120),
    renterEmail: p.string().length(254),
    renterPhone: p.string().length(40),
    /** `phoneKey(renterPhone)`: the number as the limit of unconfirmed bookings per phone counts it. */
    renterPhoneKey: p.string().length(40),
    /** `mailboxKey(renterEmail)`: the mailbox as the limit of unconfirmed bookings per address counts it (`+tag` spellings are one). */
    renterMailboxKey: p.string().length(254),
    renterLicense: p.string().length(60).nullable(),
    /** The identity documents this booking was made with (website bookings), owned by it. */
    photoId1Url: p.string().length(80).nullable().fieldName('photo_id1_url'),
    photoId2Url: p.string().length(80).nullable().fieldName('photo_id2_url'),
    proofOfBillingUrl: p.string().length(80).nullable(),
    /** The car's name when booked, kept when the car is later deleted. */
    carName: p.string().length(120),
    /**
     * What the bookings page's search box matches, kept by PostgreSQL: the renter's name, e-mail and
     * phone, the car's name and the reference, lower-cased, a line each, with one trigram index.
     */
    searchText: p
      .text()
      .$type<Opt<string>>()
      .generated(`(lower(renter_name) || chr(10) || lower(renter_email) || chr(10) || renter_phone || chr(10) || regexp_replace(regexp_replace(renter_phone, '[^0-9]', '', 'g'), '^63', '0') || chr(10) || lower(car_name) || chr(10) || lower(reference)) stored`)
      .lazy(true, false)
      .hidden(),
    pickupDate: p.date(),
    returnDate: p.date(),
    pickupTime: p.enum([...PICKUP_TIMES]).nativeEnumName('pickup_time'),
    driverService: p.enum([...DRIVER_SERVICES]).nativeEnumName('driver_service'),
    distanceService: p.enum([...DISTANCE_SERVICES]).nativeEnumName('distance_service'),
    wantsDelivery: p.boolean().default(false),
    deliveryArea: p.enum([...DELIVERY_AREAS]).nativeEnumName('delivery_area').nullable(),
    deliveryAddress: p.string().length(500).nullable(),
    facebookProfile: p.string().length(200).nullable(),
    totalDays: p.integer(),
    dailyRate: p.decimal('string').precision(12).scale(2),
    subtotal: p.decimal('string').precision(12).scale(2),
    driverFee: p.decimal('string').precision(12).scale(2),
    distanceFee: p.decimal('string').precision(12).scale(2),
    deliveryFee: p.decimal('string').precision(12).scale(2),
    insurance: p.decimal('string').precision(12).scale(2),
    /** The car's security deposit when booked: collected at pick-up, not part of the total. */
    deposit: p.decimal('string').precision(12).scale(2).defaultRaw('0.00'),
    adjustment: p.decimal('string').precision(12).scale(2).defaultRaw('0.00'),
    total: p.decimal('string').precision(12).scale(2),
    /** Sum of the booking's payments, kept in the same transaction as each payment row. */
    amountPaid: p.decimal('string').precision(12).scale(2).defaultRaw('0.00'),
    status: p.enum([...BOOKING_STATUSES]).nativeEnumName('booking_status').default('pending'),
    source: p.enum(['website', 'admin'] as const).nativeEnumName('booking_source'),
    /** When the renter opened their "Manage your booking" link: their e-mail address is theirs. */
    emailProvenAt: p.datetime().nullable(),
    /**
     * The version of the "Manage your booking" links that open this booking (`booking-tokens.ts`):
     * staff correcting the renter's e-mail address start a new one, so the links sent to the earlier
     * address stop working.
     */
    linkVersion: p.integer().default(0),
    /**
     * A website booking that neither its renter (by their link) nor staff confirmed by this time is
     * cancelled and its days released. Null for bookings entered by staff.
     */
    holdUntil: p.datetime().nullable(),
    /** When the last reminder the day before pick-up was queued (once per pick-up day). */
    reminderSentAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelledBy: p.enum([...CANCELLED_BY]).nativeEnumName('booking_cancelled_by').nullable(),
    /** The renter's language: the site's where they booked (`/fil/...` is Filipino); their e-mails are written in it. */
    locale: p.enum([...LOCALES]).nativeEnumName('booking_locale').default('en'),
    /** A document staff asked the renter to replace, with their note, until the renter does. */
    requestedDocument: p.enum([...DOCUMENT_FIELDS]).nativeEnumName('document_field').nullable(),
    documentRequestNote: p.string().length(500).nullable(),
    documentRequestedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => clock.now()),
    /**
     * The last change of the row, on the server's clock: what integrators sync by (`updatedSince`,
     * `after`), to the millisecond (Migration20261128070000_sync_cursor). A write that bypasses the
     * unit of work (`nativeUpdate`, a query builder's update) sets it too.
     */
    updatedAt: p.datetime(3).onCreate(() => clock.now()).onUpdate(() => clock.now()),
  },
});
export type IBooking = InferEntity<typeof Booking>;

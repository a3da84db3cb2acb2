import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BOOKING_STATUSES } from '../../../shared/schemas/booking.schema';

/**
 * How many bookings there are of each status, and what they total, kept by PostgreSQL itself:
 * triggers on `booking` (see Migration20261124160000_search_and_tally and
 * Migration20261126140000_overview_tally) add and subtract in the same transaction as every
 * insert, change of status or total, and delete, so the bookings page's total and the overview's
 * all-time figures are sums of a few rows instead of a pass over every booking. Each status is
 * spread over 64 rows (`shard`, from the booking's id), so that simultaneous bookings seldom wait
 * for each other's row. Never written by the application; left out of backups, which rebuild it
 * as they load the bookings.
 */
export const BookingTally = defineEntity({
  name: 'BookingTally',
  properties: {
    status: p.enum([...BOOKING_STATUSES]).nativeEnumName('booking_status').primary(),
    shard: p.smallint().primary(),
    bookings: p.integer(),
    /** The sum of these bookings' totals. */
    total: p.decimal('string').precision(14).scale(2),
  },
});
export type IBookingTally = InferEntity<typeof BookingTally>;

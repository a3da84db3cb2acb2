import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BOOKING_STATUSES } from '../../../shared/schemas/booking.schema';

/**
 * How many bookings there are of each status, kept by PostgreSQL itself: triggers on `booking`
 * (see Migration20261124160000_search_and_tally) add and subtract in the same transaction as every
 * insert, status change and delete, so the bookings page's total is a sum of a few rows instead of
 * a count of every booking. Each status is spread over 64 rows (`shard`, from the booking's id),
 * so that simultaneous bookings seldom wait for each other's row. Never written by the
 * application; left out of backups, which rebuild it as they load the bookings.
 */
export const BookingTally = defineEntity({
  name: 'BookingTally',
  properties: {
    status: p.enum([...BOOKING_STATUSES]).nativeEnumName('booking_status').primary(),
    shard: p.smallint().primary(),
    bookings: p.integer(),
  },
});
export type IBookingTally = InferEntity<typeof BookingTally>;

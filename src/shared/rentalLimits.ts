/**
 * How far ahead and how long the site rents, without zod, so the calendars and the date search
 * carry no schema code (schemas/booking.schema.ts re-exports them).
 */

/** The longest a booking may start ahead of today. */
export const MAX_DAYS_AHEAD = 365;

/** The longest rental the site takes; a longer one is arranged with the garage. */
export const MAX_RENTAL_DAYS = 90;

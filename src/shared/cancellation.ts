import { manilaInstant } from './dates';

/** The terms' cancellation rule: free until this many hours before pick-up. */
export const FREE_CANCELLATION_HOURS = 24;
/** Within that time, this share of what was paid is refunded (the terms, section 6). */
export const LATE_CANCELLATION_REFUND_PERCENT = 50;

export interface CancellationState {
  /** The renter may cancel online now (free): the booking is open and pick-up is far enough away. */
  canCancel: boolean;
  /** The last moment a free cancellation is possible (ISO 8601). */
  freeUntil: string;
}

/**
 * What the renter may do about cancelling, by the terms: cancel online, free, until 24 hours before
 * pick-up; after that, only by calling the garage (half of what was paid is refunded).
 */
export function cancellationState(booking: { status: string; pickupDate: string; pickupTime: string }, now: Date): CancellationState {
  const freeUntil = new Date(manilaInstant(booking.pickupDate, booking.pickupTime).getTime() - FREE_CANCELLATION_HOURS * 3_600_000);
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  return { canCancel: open && now < freeUntil, freeUntil: freeUntil.toISOString() };
}

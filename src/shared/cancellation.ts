import { manilaInstant } from './dates';
import { fromCentavos, toCentavos } from './money';

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

/**
 * What the terms refund of what was paid on a cancelled booking, by when it was cancelled: all of
 * it until 24 hours before pick-up, half of it after that, nothing once pick-up time has passed (a
 * no-show). Staff see it as the suggested refund; the garage may agree otherwise.
 */
export function refundDue(booking: { pickupDate: string; pickupTime: string; amountPaid: string }, cancelledAt: Date): string {
  const pickup = manilaInstant(booking.pickupDate, booking.pickupTime).getTime();
  const paid = toCentavos(booking.amountPaid);
  if (cancelledAt.getTime() < pickup - FREE_CANCELLATION_HOURS * 3_600_000) return fromCentavos(paid);
  if (cancelledAt.getTime() < pickup) return fromCentavos(Math.floor((paid * LATE_CANCELLATION_REFUND_PERCENT) / 100));
  return '0.00';
}

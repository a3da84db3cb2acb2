import { formatLongDate } from '../../../shared/dates';
import { isOccupying } from '../../../shared/schemas/booking.schema';
import { MANAGE_TOKEN_PATTERN, type TManagedBooking } from '../../../shared/schemas/renter.schema';
import { myBookingCopy } from '../../content/myBooking';


/**
 * The token of a manage link, from the address's fragment (`#<token>`: a fragment never reaches a
 * server log or a Referer). Null when there is none, or when what is there cannot be one (a link
 * cut short by a mail program), so the page asks for the e-mail's link instead of calling the server.
 */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return token.length >= 20 && token.length <= 200 && MANAGE_TOKEN_PATTERN.test(token) ? token : null;
}

/** What the renter reads about their booking's status: who cancelled it, when the car is ready. */
export function statusText(booking: Pick<TManagedBooking['booking'], 'status' | 'cancelledBy' | 'pickupDate' | 'pickupTime'>): string {
  const s = myBookingCopy.manage.status;
  switch (booking.status) {
    case 'confirmed':
      return s.confirmed({ date: formatLongDate(booking.pickupDate), time: booking.pickupTime });
    case 'completed':
      return s.completed;
    case 'cancelled':
      return s.cancelled[booking.cancelledBy ?? 'unknown'];
    default:
      return s.pending;
  }
}

/** The booking is still to come (pending or confirmed): it can be cancelled, and a requested document sent. */
export function isOpen(booking: Pick<TManagedBooking['booking'], 'status'>): boolean {
  return isOccupying(booking.status);
}

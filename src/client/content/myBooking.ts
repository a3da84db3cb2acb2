import { messageTree } from '../../shared/i18n/catalog';
import type en from './myBooking.en';

/** The renter's own pages (/find-booking, /my-booking), in the page's language (myBooking.en.ts, myBooking.fil.ts). */
export const myBookingCopy = messageTree<typeof en>('myBooking');

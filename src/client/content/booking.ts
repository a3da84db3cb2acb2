import { messageTree } from '../../shared/i18n/catalog';
import type en from './booking.en';

/** The booking page's and the chosen car's copy, in the page's language (booking.en.ts, booking.fil.ts). */
export const bookingCopy = messageTree<typeof en>('booking');

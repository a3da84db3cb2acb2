import { messageTree } from '../../shared/i18n/catalog';
import type en from './bookingForm.en';

/** The booking form's and the receipt's copy, in the page's language (bookingForm.en.ts, bookingForm.fil.ts). */
export const bookingFormCopy = messageTree<typeof en>('bookingForm');

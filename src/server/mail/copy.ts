import { messageTree } from '../../shared/i18n/catalog';
import type en from './mail.en';

/** The renter e-mails' copy, in the current language (mail.en.ts, mail.fil.ts). */
export const mailCopy = messageTree<typeof en>('mail');

import { messageTree } from '../../shared/i18n/catalog';
import type en from './home.en';

/** The copy of the home page's sections below the booking form (home.en.ts, home.fil.ts), loaded with them. */
export const homeCopy = messageTree<typeof en>('home');

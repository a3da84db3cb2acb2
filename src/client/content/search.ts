import { messageTree } from '../../shared/i18n/catalog';
import type en from './search.en';

/** The date search's copy, in the page's language (search.en.ts, search.fil.ts). */
export const searchCopy = messageTree<typeof en>('search');

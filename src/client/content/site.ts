import { messageTree } from '../../shared/i18n/catalog';
import type en from './site.en';

/** The site's copy, read in the page's language (text: site.en.ts, site.fil.ts). */
export const copy = messageTree<typeof en>('site');

import { messageTree } from '../../shared/i18n/catalog';
import type en from './carPage.en';

/** A car's own page, in the page's language (carPage.en.ts, carPage.fil.ts). */
export const carPageCopy = messageTree<typeof en>('carPage');

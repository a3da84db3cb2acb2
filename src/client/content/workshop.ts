import { messageTree } from '../../shared/i18n/catalog';
import type en from './workshop.en';

/** The PCC car-care workshop page, in the page's language (workshop.en.ts, workshop.fil.ts). */
export const workshop = messageTree<typeof en>('workshop');

/** The workshop's pictures, in the order of their descriptions (`workshop.facilities`). */
export const WORKSHOP_PHOTOS = ['/images/workshop-1.svg', '/images/workshop-2.svg', '/images/workshop-3.svg', '/images/workshop-4.svg'] as const;

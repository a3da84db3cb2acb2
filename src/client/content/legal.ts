import { messageTree } from '../../shared/i18n/catalog';
import type en from './legal.en';

/** Terms of Service and Privacy Policy, in the page's language (legal.en.ts, legal.fil.ts). */
export const legalCopy = messageTree<typeof en>('legal');

/** When the terms and the policy last changed. */
export const LEGAL_UPDATED = '2026-11-01';

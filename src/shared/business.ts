import type en from './business.en';
import { messageTree } from './i18n/catalog';
import { nonZeroAmount } from './money';

/** The garage's words in the current language (business.en.ts, business.fil.ts). */
const businessCopy = messageTree<typeof en>('business');

/** The garage's details. Defaults here; each one can be overridden by a setting (see .env.example). */
export interface TBusinessInfo {
  name: string;
  shortName: string;
  phonePrimary: string;
  phoneSecondary: string;
  email: string;
  addressLine1: string;
  addressLine2: string;
  mapsUrl: string;
  /** The opening hours, in the current language (the page's, the request's or the e-mail's). */
  readonly hours: string;
  /** The garage's Facebook page, shown in the footer only when set (BUSINESS_FACEBOOK_URL). */
  facebookUrl: string | null;
  /** Where renters message the garage on Messenger (https://m.me/<page>), when set. */
  messengerUrl: string | null;
  /** The number renters message on Viber, as written ("+63 917 845 2301"), when set. */
  viberNumber: string | null;
  /** E-wallet accounts a renter may send a reservation fee to, when set: no online gateway. */
  gcash: TWalletAccount | null;
  maya: TWalletAccount | null;
  /** The refundable security deposit collected at pick-up, in pesos ("3000.00"), unless a car has its own. */
  deposit: string;
}

/** An e-wallet account as renters see it: the name on it and its number. */
export interface TWalletAccount {
  name: string;
  number: string;
}

/** The deposit when neither the settings (BUSINESS_DEPOSIT) nor the car name another. */
export const DEFAULT_DEPOSIT = '3000.00';

/**
 * Google Maps at the garage's own address (not a search for the town). Maps URLs:
 * https://developers.google.com/maps/documentation/urls/get-started#search-action
 */
export function mapsSearchUrl(addressLine1: string, addressLine2: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${addressLine1}, ${addressLine2}`)}`;
}

const ADDRESS_LINE1 = '128 Marcos Avenue, Barangay Poblacion';
const ADDRESS_LINE2 = 'Alaminos City, Pangasinan 2404';

/**
 * `info` with its `hours` read in the current language each time (a getter, which JSON, superjson
 * and zod read as a plain field).
 */
export function withOpeningHours(info: Omit<TBusinessInfo, 'hours'>): TBusinessInfo {
  return Object.defineProperty({ ...info }, 'hours', { get: () => businessCopy.openingHours, enumerable: true, configurable: true }) as TBusinessInfo;
}

export const DEFAULT_BUSINESS: TBusinessInfo = withOpeningHours({
  name: 'Hundred Islands Car Rental',
  shortName: 'HI Car Rental',
  phonePrimary: '+63 917 845 2301',
  phoneSecondary: '+63 998 532 1140',
  email: 'bookings@hundredislandscarrental.ph',
  addressLine1: ADDRESS_LINE1,
  addressLine2: ADDRESS_LINE2,
  mapsUrl: mapsSearchUrl(ADDRESS_LINE1, ADDRESS_LINE2),
  facebookUrl: null,
  messengerUrl: null,
  viberNumber: null,
  gcash: null,
  maya: null,
  deposit: DEFAULT_DEPOSIT,
});

/**
 * The deposit for a car: its own when it has one (more than zero: "0.00" is none of its own),
 * otherwise the garage's (the settings' or the default).
 */
export function depositFor(car: { id: string; deposit?: string | null } | null | undefined, business: Pick<TBusinessInfo, 'deposit'>): string {
  return nonZeroAmount(car?.deposit ?? undefined) ?? business.deposit;
}

/** Viber's link to a chat with a number: "+63 917 845 2301" -> "viber://chat?number=%2B639178452301". */
export function viberHref(phone: string): string {
  return `viber://chat?number=${encodeURIComponent(phone.replace(/[^\d+]/g, ''))}`;
}

/** "+63 917 845 2301" -> "tel:+639178452301" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

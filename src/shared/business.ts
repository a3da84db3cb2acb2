import { nonZeroAmount } from './money';

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
  hours: string;
  facebookUrl: string;
  /** The refundable security deposit collected at pick-up, in pesos ("3000.00"), unless a car has its own. */
  deposit: string;
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

export const DEFAULT_BUSINESS: TBusinessInfo = {
  name: 'Hundred Islands Car Rental',
  shortName: 'HI Car Rental',
  phonePrimary: '+63 917 845 2301',
  phoneSecondary: '+63 998 532 1140',
  email: 'bookings@hundredislandscarrental.ph',
  addressLine1: ADDRESS_LINE1,
  addressLine2: ADDRESS_LINE2,
  mapsUrl: mapsSearchUrl(ADDRESS_LINE1, ADDRESS_LINE2),
  hours: 'Monday - Sunday, 8:00 AM - 6:00 PM',
  facebookUrl: 'https://www.facebook.com/',
  deposit: DEFAULT_DEPOSIT,
};

/**
 * The deposit for a car: its own when it has one (more than zero: "0.00" is none of its own),
 * otherwise the garage's (the settings' or the default).
 */
export function depositFor(car: { id: string; deposit?: string | null } | null | undefined, business: Pick<TBusinessInfo, 'deposit'>): string {
  return nonZeroAmount(car?.deposit ?? undefined) ?? business.deposit;
}

/** "+63 917 845 2301" -> "tel:+639178452301" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The workshop page (/pcc). */
export const WORKSHOP = {
  name: 'PCC Car Care Center',
  location: 'Beside the garage, 128 Marcos Avenue, Alaminos City, Pangasinan',
} as const;

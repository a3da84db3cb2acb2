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
}

export const DEFAULT_BUSINESS: TBusinessInfo = {
  name: 'Hundred Islands Car Rental',
  shortName: 'HI Car Rental',
  phonePrimary: '+63 917 845 2301',
  phoneSecondary: '+63 998 532 1140',
  email: 'bookings@hundredislandscarrental.ph',
  addressLine1: '128 Marcos Avenue, Barangay Poblacion',
  addressLine2: 'Alaminos City, Pangasinan 2404',
  mapsUrl: 'https://maps.google.com/?q=Alaminos+City+Pangasinan',
  hours: 'Monday - Sunday, 8:00 AM - 6:00 PM',
  facebookUrl: 'https://www.facebook.com/',
};

/** "+63 917 845 2301" -> "tel:+639178452301" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The workshop page (/pcc). */
export const WORKSHOP = {
  name: 'PCC Car Care Center',
  location: 'Beside the garage, 128 Marcos Avenue, Alaminos City, Pangasinan',
} as const;

import type { CarCategory, CarSort } from './cars';
import type { TCar, TCarFilters } from './schemas/car.schema';

/**
 * The site's addresses of a search, a car's page and its booking form: what the home page's first
 * script needs to link to them (types only from elsewhere). Reading a search back from an address,
 * which checks every parameter, is carSearch.ts's, loaded with the pages that do it.
 */

/** A date search as the site's addresses hold it: /booking?pickup=&return=&seats=&transmission=&category=&sort= (and car=). */
export interface SiteSearch extends TCarFilters {
  pickupDate: string | null;
  returnDate: string | null;
  sort?: CarSort | undefined;
}

export const EMPTY_SEARCH: SiteSearch = { pickupDate: null, returnDate: null };

/** The address parameters of the site's search; the API's are pickupDate and returnDate. */
export const SEARCH_PARAM = { pickup: 'pickup', return: 'return', seats: 'seats', transmission: 'transmission', category: 'category', sort: 'sort', car: 'car' } as const;

/** The home page's four category cards, each with the categories it stands for (its link searches them). */
export const CATEGORY_GROUPS = {
  'premium-sedans': ['Premium Sedan'],
  'suvs-trucks': ['Premium SUV', 'Adventure SUV', 'Pickup Truck'],
  eco: ['Hatchback', 'Compact Sedan', 'Hybrid Sedan'],
  vip: ['VIP SUV', 'VIP Van'],
} as const satisfies Record<string, readonly CarCategory[]>;
export type CategoryGroup = keyof typeof CATEGORY_GROUPS;

/** The address parameters of a search (and a chosen car), in a stable order, without the empty ones. */
export function siteSearchParams(search: Partial<SiteSearch>, car?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (car) params.set(SEARCH_PARAM.car, car);
  if (search.pickupDate) params.set(SEARCH_PARAM.pickup, search.pickupDate);
  if (search.returnDate) params.set(SEARCH_PARAM.return, search.returnDate);
  if (search.seats !== undefined) params.set(SEARCH_PARAM.seats, String(search.seats));
  if (search.transmission) params.set(SEARCH_PARAM.transmission, search.transmission);
  if (search.category?.length) params.set(SEARCH_PARAM.category, categoryParam(search.category));
  if (search.sort) params.set(SEARCH_PARAM.sort, search.sort);
  return params;
}

/** Several categories as one parameter value: "Premium SUV,Adventure SUV". */
export function categoryParam(categories: readonly CarCategory[]): string {
  return categories.join(',');
}

/** The booking form for a car, with dates when given: /booking?car=<id>&pickup=<date>&return=<date>. */
export function bookingHref(carId: string, dates?: { pickupDate: string | null; returnDate: string | null } | null): string {
  return `/booking?${siteSearchParams({ pickupDate: dates?.pickupDate ?? null, returnDate: dates?.returnDate ?? null }, carId).toString()}`;
}

/** A car's own page. */
export function carHref(car: Pick<TCar, 'slug'>): string {
  return `/cars/${car.slug}`;
}

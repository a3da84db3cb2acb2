import { SEARCH_PARAM, type SiteSearch } from './carLinks';
import { CAR_SORTS, MAX_SEATS, TRANSMISSIONS, carCategoryOf, type CarCategory, type CarSort } from './cars';
import { isIsoDate } from './isoDate';
import { toCentavos } from './money';
import type { TCar, TCarFilters } from './schemas/car.schema';

/** Whether a car has what the search's filters ask for: at least the seats, the transmission, one of the categories. */
export function matchesFilters(car: Pick<TCar, 'seats' | 'transmission' | 'category'>, filters: TCarFilters): boolean {
  if (filters.seats !== undefined && car.seats < filters.seats) return false;
  if (filters.transmission !== undefined && car.transmission !== filters.transmission) return false;
  if (filters.category !== undefined && !filters.category.includes(car.category)) return false;
  return true;
}

/** What a car costs for the order of the results: its quote's total when it has one, else its daily rate. */
function priceOf(car: Pick<TCar, 'dailyRate'> & { quote?: { total: string } }): number {
  return toCentavos(car.quote?.total ?? car.dailyRate);
}

/**
 * Results in the order asked for: the lowest price first, or the most seats first (the lowest price
 * first among equals). Without a sort they keep the fleet's order. A new array; ties keep their order.
 */
export function sortCars<T extends Pick<TCar, 'dailyRate' | 'seats'> & { quote?: { total: string } }>(cars: readonly T[], sort: CarSort | undefined): T[] {
  const list = [...cars];
  if (sort === 'price') list.sort((a, b) => priceOf(a) - priceOf(b));
  if (sort === 'seats') list.sort((a, b) => b.seats - a.seats || priceOf(a) - priceOf(b));
  return list;
}

/**
 * The search an address holds, read by the same rules as the API's parameters (without zod, which
 * the home page's first script does not carry). Each parameter is read on its own: one that cannot
 * be read is left out and named in `invalid`, so the page can say so instead of dropping it
 * silently. A date is kept as written when it is not a real date (the form explains why it cannot
 * be used).
 */
export function readSiteSearch(params: URLSearchParams): { search: SiteSearch; invalid: Array<keyof typeof SEARCH_PARAM> } {
  const invalid: Array<keyof typeof SEARCH_PARAM> = [];
  const value = (name: keyof typeof SEARCH_PARAM) => params.get(SEARCH_PARAM[name])?.trim() || null;
  const date = (name: 'pickup' | 'return') => {
    const text = value(name);
    if (text && !isIsoDate(text)) invalid.push(name);
    return text;
  };
  const search: SiteSearch = { pickupDate: date('pickup'), returnDate: date('return') };

  const seats = value('seats');
  if (seats !== null) {
    const n = Number(seats);
    if (/^\d+$/.test(seats) && n >= 1 && n <= MAX_SEATS) search.seats = n;
    else invalid.push('seats');
  }
  const transmission = value('transmission');
  if (transmission !== null) {
    const known = TRANSMISSIONS.find((option) => option.toLowerCase() === transmission.toLowerCase());
    if (known) search.transmission = known;
    else invalid.push('transmission');
  }
  const category = value('category');
  if (category !== null) {
    const categories = category.split(',').filter((name) => name.trim()).map(carCategoryOf);
    if (categories.length && categories.every((one) => one !== null)) search.category = [...new Set(categories as CarCategory[])];
    else invalid.push('category');
  }
  const sort = value('sort');
  if (sort !== null) {
    const known = CAR_SORTS.find((option) => option === sort);
    if (known) search.sort = known;
    else invalid.push('sort');
  }
  return { search, invalid };
}

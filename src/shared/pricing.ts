import { daysBetween, type IsoDate } from './dates';
import { messages } from './messages';
import { MAX_CENTAVOS, formatPeso, fromCentavos, toCentavos, type Centavos } from './money';

export const DRIVER_SERVICES = ['none', 'within_pangasinan', 'outside_pangasinan'] as const;
export type DriverService = (typeof DRIVER_SERVICES)[number];

export const DISTANCE_SERVICES = ['none', 'outside_pangasinan_500', 'over_250km_800'] as const;
export type DistanceService = (typeof DISTANCE_SERVICES)[number];

export const DELIVERY_AREAS = [
  'alaminos_city',
  'alaminos_outskirts',
  'bolinao',
  'mabini',
  'lingayen',
  'calasiao',
  'san_fabian',
] as const;
export type DeliveryArea = (typeof DELIVERY_AREAS)[number];

/** Per-day driver fee in centavos. */
export const DRIVER_FEE_PER_DAY: Record<DriverService, Centavos> = {
  none: 0,
  within_pangasinan: 150_000,
  outside_pangasinan: 200_000,
};

/** Per-day distance fee in centavos. */
export const DISTANCE_FEE_PER_DAY: Record<DistanceService, Centavos> = {
  none: 0,
  outside_pangasinan_500: 50_000,
  over_250km_800: 80_000,
};

/** One-off delivery fee in centavos. */
export const DELIVERY_FEE: Record<DeliveryArea, Centavos> = {
  alaminos_city: 0,
  alaminos_outskirts: 20_000,
  bolinao: 60_000,
  mabini: 40_000,
  lingayen: 50_000,
  calasiao: 80_000,
  san_fabian: 90_000,
};

/** Flat insurance per rental period, in centavos. */
export const INSURANCE_PER_RENTAL: Centavos = 50_000;

export interface PriceInput {
  dailyRate: string | number;
  pickupDate: IsoDate;
  returnDate: IsoDate;
  driverService?: DriverService;
  distanceService?: DistanceService;
  /** null or undefined: no delivery */
  deliveryArea?: DeliveryArea | null;
}

export type PriceLineKey = 'rental' | 'driver' | 'distance' | 'delivery' | 'insurance';

export interface PriceLine {
  key: PriceLineKey;
  /** The line's amount as a numeric string ("1500.00"). */
  amount: string;
  /** Per-day amount for per-day lines. */
  perDay?: string;
  days?: number;
}

/** The price summary, every figure as a numeric string with two decimals. */
export interface PriceSummary {
  days: number;
  dailyRate: string;
  subtotal: string;
  driverFee: string;
  distanceFee: string;
  deliveryFee: string;
  insurance: string;
  total: string;
  /** One line per non-zero charge, in the order the summary and the receipt show them. */
  lines: PriceLine[];
}

/** Rental days: return date minus pickup date; zero when the range is empty or inverted. */
export function rentalDays(pickupDate: IsoDate, returnDate: IsoDate): number {
  return Math.max(0, daysBetween(pickupDate, returnDate));
}

/**
 * Prices a rental. The browser uses it for the live summary, the server for the stored figures,
 * so the two can never disagree. Only positive day counts are priced: with zero days every
 * figure is zero.
 */
export function computePrice(input: PriceInput): PriceSummary {
  const days = rentalDays(input.pickupDate, input.returnDate);
  const rate = toCentavos(input.dailyRate);
  const driverPerDay = DRIVER_FEE_PER_DAY[input.driverService ?? 'none'];
  const distancePerDay = DISTANCE_FEE_PER_DAY[input.distanceService ?? 'none'];
  const priced = days > 0;

  const subtotal = priced ? rate * days : 0;
  const driverFee = priced ? driverPerDay * days : 0;
  const distanceFee = priced ? distancePerDay * days : 0;
  const deliveryFee = priced && input.deliveryArea ? DELIVERY_FEE[input.deliveryArea] : 0;
  const insurance = priced ? INSURANCE_PER_RENTAL : 0;
  const total = subtotal + driverFee + distanceFee + deliveryFee + insurance;

  const lines: PriceLine[] = [];
  if (subtotal > 0) lines.push({ key: 'rental', amount: fromCentavos(subtotal), perDay: fromCentavos(rate), days });
  if (driverFee > 0) lines.push({ key: 'driver', amount: fromCentavos(driverFee), perDay: fromCentavos(driverPerDay), days });
  if (distanceFee > 0) lines.push({ key: 'distance', amount: fromCentavos(distanceFee), perDay: fromCentavos(distancePerDay), days });
  if (deliveryFee > 0) lines.push({ key: 'delivery', amount: fromCentavos(deliveryFee) });
  if (insurance > 0) lines.push({ key: 'insurance', amount: fromCentavos(insurance) });

  return {
    days,
    dailyRate: fromCentavos(rate),
    subtotal: fromCentavos(subtotal),
    driverFee: fromCentavos(driverFee),
    distanceFee: fromCentavos(distanceFee),
    deliveryFee: fromCentavos(deliveryFee),
    insurance: fromCentavos(insurance),
    total: fromCentavos(total),
    lines,
  };
}

/**
 * A booking moved to other dates: priced again at its own daily rate and services, the adjustment
 * staff agreed kept. The server stores it; the dashboard shows it before staff save. `total` is in
 * centavos.
 */
export function repriceForDates(
  booking: Pick<PriceInput, 'dailyRate' | 'driverService' | 'distanceService' | 'deliveryArea'> & { adjustment: string },
  dates: { pickupDate: IsoDate; returnDate: IsoDate },
): { price: PriceSummary; total: Centavos } {
  const price = computePrice({ ...booking, ...dates });
  return { price, total: toCentavos(price.total) + toCentavos(booking.adjustment) };
}

/**
 * Why a booking cannot take a re-dated total (centavos), or null: nothing left to pay (an agreed
 * discount larger than the new dates' price), or less than was already paid (a refund first). The
 * server refuses with its message; the dashboard says it before staff save.
 */
export function repricedTotalProblem(total: Centavos, amountPaid: string): { kind: 'nothingToPay' | 'belowPaid' | 'tooLarge'; message: string } | null {
  const shown = formatPeso(total, 'centavos');
  if (total <= 0) return { kind: 'nothingToPay', message: messages.errors.totalNotAboveZero({ total: shown }) };
  if (total > MAX_CENTAVOS) return { kind: 'tooLarge', message: messages.errors.totalTooLarge({ total: shown, max: formatPeso(MAX_CENTAVOS, 'centavos') }) };
  if (total < toCentavos(amountPaid)) return { kind: 'belowPaid', message: messages.errors.totalBelowPaid({ total: shown }) };
  return null;
}

/** What renting a car for a range costs before any service: its days, subtotal, insurance and total. */
export interface RentalQuote {
  totalDays: number;
  subtotal: string;
  insurance: string;
  total: string;
}

/** The quote of the date search, from the same computation the booking is charged with. */
export function rentalQuote(dailyRate: string | number, pickupDate: IsoDate, returnDate: IsoDate): RentalQuote {
  const price = computePrice({ dailyRate, pickupDate, returnDate });
  return { totalDays: price.days, subtotal: price.subtotal, insurance: price.insurance, total: price.total };
}

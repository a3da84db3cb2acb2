import { formatInstant } from './dates';
import { DELIVERY_AREA_LABELS, PRICE_LINE_LABELS, labels } from './labels';
import { formatPeso, fromCentavos, toCentavos } from './money';
import type { DeliveryArea, PriceLine } from './pricing';
import type { TBooking } from './schemas/booking.schema';

/**
 * Whether the garage has still to confirm the booking: until it does, nothing shown or sent about it
 * may call itself a confirmation or ask the renter to bring one (the receipt's dialog and lines, its e-mails).
 */
export function awaitsConfirmation(booking: Pick<TBooking, 'status'>): boolean {
  return booking.status === 'pending';
}

/**
 * What the receipt's Important Information tells the renter, by the booking's status, in the
 * current language: the same on the receipt after booking, on the booking's page (on screen and
 * printed) and in the e-mails that carry it. A booking still to come asks the renter to bring
 * "this confirmation" once confirmed, our e-mail or the reference while pending, then gives the
 * rental's rules (with a driver, that the renter provides the driver's meals and accommodation). A cancelled one says when it was cancelled and that there is no pick-up; a
 * completed one, that the rental is over: neither asks for anything or gives pick-up instructions.
 */
export function importantInformation(booking: Pick<TBooking, 'status' | 'cancelledAt' | 'driverService'>): readonly string[] {
  const [bring, ...rules] = labels.importantInformation;
  const driver = booking.driverService === 'none' ? [] : [labels.driverMeals];
  const closed = labels.importantWhenClosed;
  switch (booking.status) {
    case 'pending':
      return [labels.bringWhilePending, ...rules, ...driver];
    case 'confirmed':
      return [bring, ...rules, ...driver];
    case 'cancelled':
      return [booking.cancelledAt ? closed.cancelledOn({ when: formatInstant(booking.cancelledAt) }) : closed.cancelled];
    case 'completed':
      return [closed.completed];
  }
}

/** How a booking's security deposit reads beside its total: collected at pick-up, refundable, not part of the total. */
export function depositLabel(): string {
  return labels.deposit;
}

/** A summary line as people read it: its label and its amount. */
export interface PriceRow {
  key: PriceLine['key'] | 'adjustment';
  label: string;
  amount: string;
}

/**
 * The price lines of a stored booking, in the summary's order, from the server's own figures.
 * Per-day amounts are the fee divided by the days, as the receipt shows them.
 */
export function bookingPriceLines(booking: Pick<TBooking, 'totalDays' | 'dailyRate' | 'subtotal' | 'driverFee' | 'distanceFee' | 'deliveryFee' | 'insurance'>): PriceLine[] {
  const days = booking.totalDays;
  const perDay = (amount: string) => (days > 0 ? fromCentavos(Math.round(toCentavos(amount) / days)) : amount);
  const lines: PriceLine[] = [{ key: 'rental', amount: booking.subtotal, perDay: booking.dailyRate, days }];
  if (toCentavos(booking.driverFee) > 0) lines.push({ key: 'driver', amount: booking.driverFee, perDay: perDay(booking.driverFee), days });
  if (toCentavos(booking.distanceFee) > 0) lines.push({ key: 'distance', amount: booking.distanceFee, perDay: perDay(booking.distanceFee), days });
  if (toCentavos(booking.deliveryFee) > 0) lines.push({ key: 'delivery', amount: booking.deliveryFee });
  if (toCentavos(booking.insurance) > 0) lines.push({ key: 'insurance', amount: booking.insurance });
  return lines;
}

/** "Vehicle rental (3 days × ₱1,800)", "Delivery (Bolinao)", "Insurance (per rental)". */
export function priceLineLabel(line: PriceLine, deliveryArea?: DeliveryArea | null): string {
  const base = PRICE_LINE_LABELS[line.key];
  if (line.days !== undefined && line.perDay !== undefined) return labels.priceLinePerDay({ label: base, days: line.days, perDay: formatPeso(line.perDay) });
  if (line.key === 'delivery' && deliveryArea) return labels.priceLineDelivery({ label: base, area: DELIVERY_AREA_LABELS[deliveryArea] });
  if (line.key === 'insurance') return labels.priceLineInsurance({ label: base });
  return base;
}

/** Every line of a price summary with its label, the agreed adjustment of a staff booking last. */
export function priceRows(lines: readonly PriceLine[], options: { deliveryArea?: DeliveryArea | null; adjustment?: string } = {}): PriceRow[] {
  const rows: PriceRow[] = lines.map((line) => ({ key: line.key, label: priceLineLabel(line, options.deliveryArea), amount: line.amount }));
  if (options.adjustment && toCentavos(options.adjustment) !== 0) {
    rows.push({ key: 'adjustment', label: PRICE_LINE_LABELS.adjustment, amount: options.adjustment });
  }
  return rows;
}

/** A stored booking's price rows, as the receipt, the e-mail and the dashboard list them. */
export function bookingPriceRows(booking: Parameters<typeof bookingPriceLines>[0] & Pick<TBooking, 'deliveryArea' | 'adjustment'>): PriceRow[] {
  return priceRows(bookingPriceLines(booking), { deliveryArea: booking.deliveryArea, adjustment: booking.adjustment });
}

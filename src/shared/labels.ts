import { messageTree, type MessageValues } from './i18n/catalog';
import type en from './labels.en';
import { formatPeso, type Centavos } from './money';
import type { DocumentField, PaymentKind, PaymentMethod } from './schemas/booking.schema';
import { DELIVERY_AREAS, DELIVERY_FEE, DISTANCE_FEE_PER_DAY, DRIVER_FEE_PER_DAY, INSURANCE_PER_RENTAL, type DeliveryArea, type DistanceService, type DriverService } from './pricing';

/** The labels' tree: each read is in the current language (labels.en.ts, labels.fil.ts). */
export const labels = messageTree<typeof en>('labels');

/** A service's name, and what it is: a paid one states its rate, read from the price list (pricing.ts). */
export interface ServiceLabel {
  readonly label: string;
  readonly detail: string;
}

function serviceLabel(entry: { label: string; detail: string | ((values: MessageValues) => string) }, perDay: Centavos): ServiceLabel {
  return { label: entry.label, detail: typeof entry.detail === 'function' ? entry.detail({ rate: formatPeso(perDay, 'centavos') }) : entry.detail };
}

export function driverServiceLabel(service: DriverService): ServiceLabel {
  return serviceLabel(labels.driverService[service], DRIVER_FEE_PER_DAY[service]);
}

export function distanceServiceLabel(service: DistanceService): ServiceLabel {
  return serviceLabel(labels.distanceService[service], DISTANCE_FEE_PER_DAY[service]);
}
export const DELIVERY_AREA_LABELS: Readonly<Record<DeliveryArea, string>> = labels.deliveryArea;
export const DOCUMENT_LABELS: Readonly<Record<DocumentField, string>> = labels.document;
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = labels.paymentMethod;
export const PRICE_LINE_LABELS = labels.priceLine;

/** A row of a payment ledger as a list shows it: its method ("GCash", or "Refund · GCash") and its amount ("₱1,000", or "−₱1,000" given back). */
export function ledgerRow(payment: { kind?: PaymentKind; amount: string; method: PaymentMethod }): { what: string; amount: string } {
  const amount = formatPeso(payment.amount);
  if (payment.kind !== 'refund') return { what: PAYMENT_METHOD_LABELS[payment.method], amount };
  return { what: `${labels.refund} · ${PAYMENT_METHOD_LABELS[payment.method]}`, amount: labels.refundAmount({ amount }) };
}

/** "1 day" / "3 days", "3 araw" */
export function dayCount(days: number): string {
  return labels.dayCount({ days });
}

/**
 * The price list's figures as the terms state them, from pricing.ts: the services' rates, the
 * insurance, and the paid delivery areas from the nearest ("Mabini ₱400, Lingayen ₱500, ...").
 */
export function priceListValues(): MessageValues {
  const peso = (centavos: Centavos) => formatPeso(centavos, 'centavos');
  const paidAreas = DELIVERY_AREAS.filter((area) => DELIVERY_FEE[area] > 0).sort((a, b) => DELIVERY_FEE[a] - DELIVERY_FEE[b]);
  return {
    driverWithin: peso(DRIVER_FEE_PER_DAY.within_pangasinan),
    driverOutside: peso(DRIVER_FEE_PER_DAY.outside_pangasinan),
    distanceOutside: peso(DISTANCE_FEE_PER_DAY.outside_pangasinan_500),
    distanceFar: peso(DISTANCE_FEE_PER_DAY.over_250km_800),
    insurance: peso(INSURANCE_PER_RENTAL),
    deliveryFees: paidAreas.map((area) => `${DELIVERY_AREA_LABELS[area]} ${peso(DELIVERY_FEE[area])}`).join(', '),
  };
}

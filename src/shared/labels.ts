import { messageTree } from './i18n/catalog';
import type en from './labels.en';
import type { DocumentField, PaymentMethod } from './schemas/booking.schema';
import type { DeliveryArea, DistanceService, DriverService } from './pricing';

/** The labels' tree: each read is in the current language (labels.en.ts, labels.fil.ts). */
export const labels = messageTree<typeof en>('labels');

export const DRIVER_SERVICE_LABELS: Readonly<Record<DriverService, { readonly label: string; readonly detail: string }>> = labels.driverService;
export const DISTANCE_SERVICE_LABELS: Readonly<Record<DistanceService, { readonly label: string; readonly detail: string }>> = labels.distanceService;
export const DELIVERY_AREA_LABELS: Readonly<Record<DeliveryArea, string>> = labels.deliveryArea;
export const DOCUMENT_LABELS: Readonly<Record<DocumentField, string>> = labels.document;
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = labels.paymentMethod;
export const PRICE_LINE_LABELS = labels.priceLine;

/** "1 day" / "3 days", "3 araw" */
export function dayCount(days: number): string {
  return labels.dayCount({ days });
}

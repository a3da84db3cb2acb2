import type { DocumentField, PaymentMethod } from './schemas/booking.schema';
import type { DeliveryArea, DistanceService, DriverService } from './pricing';

export const DRIVER_SERVICE_LABELS: Record<DriverService, { label: string; detail: string }> = {
  none: { label: 'Self Drive Only', detail: 'You drive the car yourself.' },
  within_pangasinan: {
    label: 'With Driver - Within Pangasinan',
    detail: '₱1,500 per day. The renter provides the driver’s meals and accommodation.',
  },
  outside_pangasinan: {
    label: 'With Driver - Outside Pangasinan',
    detail: '₱2,000 per day. The renter provides the driver’s meals and accommodation.',
  },
};

export const DISTANCE_SERVICE_LABELS: Record<DistanceService, { label: string; detail: string }> = {
  none: { label: 'Staying in Pangasinan', detail: 'No distance charge.' },
  outside_pangasinan_500: { label: 'Driving Outside Pangasinan', detail: '₱500 per day for trips beyond the province.' },
  over_250km_800: { label: 'Over 250 km Trip', detail: '₱800 per day for long-distance trips over 250 km.' },
};

export const DELIVERY_AREA_LABELS: Record<DeliveryArea, string> = {
  alaminos_city: 'Within Alaminos City',
  alaminos_outskirts: 'Alaminos (outskirts)',
  bolinao: 'Bolinao',
  mabini: 'Mabini',
  lingayen: 'Lingayen',
  calasiao: 'Calasiao',
  san_fabian: 'San Fabian',
};

export const DOCUMENT_LABELS: Record<DocumentField, string> = {
  photoId1Url: 'Photo ID #1',
  photoId2Url: 'Photo ID #2',
  proofOfBillingUrl: 'Proof of Billing',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  gcash: 'GCash',
  maya: 'Maya',
  bank_transfer: 'Bank transfer',
  card: 'Card',
};

export const PRICE_LINE_LABELS = {
  rental: 'Vehicle rental',
  driver: 'Driver service',
  distance: 'Distance service',
  delivery: 'Delivery',
  insurance: 'Insurance',
  adjustment: 'Agreed price adjustment',
} as const;

/** "1 day" / "3 days" */
export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

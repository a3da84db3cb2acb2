import type { TBooking, TPayment } from '../../src/shared/schemas/booking.schema';
import { DEFAULT_BUSINESS } from '../../src/shared/business';
import type { GarageMailContext, RenterMailContext } from '../../src/server/mail/templates';

/** A booking as the e-mails receive it: a proven website booking with every service and a delivery. */
export function mailBooking(overrides: Partial<TBooking> = {}): TBooking {
  return {
    id: '77472009-e624-421a-b4e6-c6c0b777747d',
    reference: 'HI-7XH8HT',
    createdAt: '2026-11-28T01:12:35.097Z',
    updatedAt: '2026-11-28T01:12:35.097Z',
    status: 'confirmed',
    source: 'website',
    customerId: '8a1cd6b4-63b7-4a25-9995-276f2503a411',
    customerName: 'José Ñiño',
    customerEmail: 'jose@example.com',
    customerPhone: '0917 555 1234',
    customerLicense: 'N02-12-345678',
    facebookProfile: null,
    photoId1Url: null,
    photoId2Url: null,
    proofOfBillingUrl: null,
    carId: null,
    carName: 'Toyota Vios 1.3 XLE',
    carCategory: 'Compact Sedan',
    carTransmission: 'Automatic',
    carFuel: 'Gasoline',
    pickupDate: '2026-12-08',
    returnDate: '2026-12-11',
    pickupTime: '10:00 AM',
    totalDays: 3,
    dailyRate: '1800.00',
    withDriver: true,
    driverService: 'within_pangasinan',
    distanceService: 'outside_pangasinan_500',
    wantsDelivery: true,
    deliveryArea: 'bolinao',
    deliveryAddress: '12 Rizal St., Poblacion',
    subtotal: '5400.00',
    driverFee: '4500.00',
    distanceFee: '1500.00',
    deliveryFee: '600.00',
    insurance: '500.00',
    deposit: '3000.00',
    adjustment: '0.00',
    total: '12500.00',
    amountPaid: '0.00',
    balance: '12500.00',
    holdUntil: null,
    emailProven: true,
    cancelledBy: null,
    cancelledAt: null,
    locale: 'en',
    requestedDocument: null,
    documentRequestNote: null,
    customerDiffers: [],
    ...overrides,
  };
}

export function mailPayment(overrides: Partial<TPayment> = {}): TPayment {
  return {
    id: '8c63a293-c12b-435e-9c53-e119409f762a',
    bookingId: '77472009-e624-421a-b4e6-c6c0b777747d',
    kind: 'payment',
    amount: '2500.00',
    method: 'gcash',
    note: null,
    recordedBy: 'Owner',
    createdAt: '2026-11-28T01:13:22.271Z',
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
    ...overrides,
  };
}

export const mailContext: RenterMailContext = { business: DEFAULT_BUSINESS, manageLink: 'https://rent.example.ph/my-booking#token' };

export const garageContext: GarageMailContext = { business: DEFAULT_BUSINESS, to: 'garage@example.com', siteUrl: 'https://rent.example.ph' };

import { fromCentavos, toCentavos } from '../../shared/money';
import type { TBooking, TPayment } from '../../shared/schemas/booking.schema';
import type { TCustomer } from '../../shared/schemas/customer.schema';
import type { IBooking, ICar, ICustomer, IPayment } from '../db/entities';

/** The car's facts a booking's answer shows. */
export type BookingCarFacts = Pick<ICar, 'id' | 'category' | 'transmission' | 'fuel'>;

/** A booking as its answer is made from: the entity, or the row `buildBooking` made with its customer's id and car. */
export type BookingView = Omit<IBooking, 'customer' | 'car'> & { customer: { id: string }; car?: BookingCarFacts | null };

/** The answers' shapes of bookings, customers and payments, from their entities (loaded relations included). */
export function toBookingDto(b: BookingView): TBooking {
  const car = b.car ?? null;
  return {
    id: b.id,
    createdAt: b.createdAt.toISOString(),
    status: b.status,
    source: b.source,
    customerId: b.customer.id,
    customerName: b.renterName,
    customerEmail: b.renterEmail,
    customerPhone: b.renterPhone,
    customerLicense: b.renterLicense ?? null,
    facebookProfile: b.facebookProfile ?? null,
    photoId1Url: b.photoId1Url ?? null,
    photoId2Url: b.photoId2Url ?? null,
    proofOfBillingUrl: b.proofOfBillingUrl ?? null,
    carId: car?.id ?? null,
    carName: b.carName,
    carCategory: car?.category ?? '',
    carTransmission: car?.transmission ?? '',
    carFuel: car?.fuel ?? '',
    pickupDate: b.pickupDate,
    returnDate: b.returnDate,
    pickupTime: b.pickupTime,
    totalDays: b.totalDays,
    dailyRate: b.dailyRate,
    withDriver: b.driverService !== 'none',
    driverService: b.driverService,
    distanceService: b.distanceService,
    wantsDelivery: b.wantsDelivery,
    deliveryArea: b.deliveryArea ?? null,
    deliveryAddress: b.deliveryAddress ?? null,
    subtotal: b.subtotal,
    driverFee: b.driverFee,
    distanceFee: b.distanceFee,
    deliveryFee: b.deliveryFee,
    insurance: b.insurance,
    adjustment: b.adjustment,
    total: b.total,
    amountPaid: b.amountPaid,
    balance: fromCentavos(toCentavos(b.total) - toCentavos(b.amountPaid)),
  };
}

export function toCustomerDto(c: ICustomer): TCustomer {
  return {
    id: c.id,
    fullName: c.fullName,
    email: c.email,
    phone: c.phone,
    license: c.license ?? null,
    licenseExpiry: c.licenseExpiry ?? null,
    address: c.address ?? null,
    photoId1Url: c.photoId1Url ?? null,
    photoId2Url: c.photoId2Url ?? null,
    proofOfBillingUrl: c.proofOfBillingUrl ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toPaymentDto(p: IPayment): TPayment {
  return {
    id: p.id,
    bookingId: (p.booking as unknown as IBooking).id,
    amount: p.amount,
    method: p.method,
    note: p.note ?? null,
    recordedBy: p.recordedBy,
    createdAt: p.createdAt.toISOString(),
  };
}

import { fromCentavos, toCentavos } from '../../shared/money';
import { RENTER_RECORD_FIELDS, type DocumentField, type RenterRecordField, type TBooking, type TPayment, type TRenterBooking } from '../../shared/schemas/booking.schema';
import type { TCustomer } from '../../shared/schemas/customer.schema';
import type { IBooking, ICar, ICustomer, IPayment } from '../db/entities';

/** The car's facts a booking's answer shows. */
export type BookingCarFacts = Pick<ICar, 'id' | 'category' | 'transmission' | 'fuel'>;

/**
 * A booking as its answer is made from: the entity, or the row `buildBooking` made with its
 * customer's id and car. With its customer record loaded, the answer says where the booking's
 * renter details differ from it.
 */
export type BookingView = Omit<IBooking, 'customer' | 'car' | 'searchText'> & { customer: { id: string } & Partial<Pick<ICustomer, RenterRecordField | 'fullName'>>; car?: BookingCarFacts | null };

/** The booking's renter details by the customer record's field names. */
function renterDetails(b: BookingView): Record<RenterRecordField, string | null> {
  return {
    fullName: b.renterName,
    // A booking staff entered without a phone holds '' (none given), not a number to apply.
    phone: b.renterPhone || null,
    license: b.renterLicense ?? null,
    facebookProfile: b.facebookProfile ?? null,
    photoId1Url: b.photoId1Url ?? null,
    photoId2Url: b.photoId2Url ?? null,
    proofOfBillingUrl: b.proofOfBillingUrl ?? null,
  };
}

/** The renter details of a booking that its customer record (when loaded) does not hold; blank fields of the booking differ from nothing. */
export function customerDiffers(b: BookingView): RenterRecordField[] {
  const customer = b.customer;
  if (customer.fullName === undefined) return [];
  const details = renterDetails(b);
  return RENTER_RECORD_FIELDS.filter((field) => details[field] !== null && details[field] !== (customer[field] ?? null));
}

/** The answers' shapes of bookings, customers and payments, from their entities (loaded relations included). */
export function toBookingDto(b: BookingView): TBooking {
  const car = b.car ?? null;
  return {
    id: b.id,
    reference: b.reference,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
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
    deposit: b.deposit,
    adjustment: b.adjustment,
    total: b.total,
    amountPaid: b.amountPaid,
    balance: fromCentavos(toCentavos(b.total) - toCentavos(b.amountPaid)),
    holdUntil: b.holdUntil?.toISOString() ?? null,
    emailProven: Boolean(b.emailProvenAt),
    cancelledBy: b.cancelledBy ?? null,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    locale: b.locale,
    requestedDocument: b.requestedDocument ?? null,
    documentRequestNote: b.documentRequestNote ?? null,
    customerDiffers: customerDiffers(b),
  };
}

/** A customer as staff read it: from its entity, or from the values of a row just inserted. */
export function toCustomerDto(c: Pick<ICustomer, 'id' | 'fullName' | 'email' | 'phone' | 'license' | 'licenseExpiry' | 'address' | DocumentField | 'createdAt' | 'erasedAt'>): TCustomer {
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
    erasedAt: c.erasedAt?.toISOString() ?? null,
  };
}

/** A booking as its renter is answered it (the create answer, their booking's page): without staff's comparison with the customer record. */
export function renterView(booking: TBooking): TRenterBooking {
  const { customerDiffers: _staffOnly, ...view } = booking;
  return view;
}

export function toPaymentDto(p: IPayment): TPayment {
  return {
    id: p.id,
    bookingId: (p.booking as unknown as IBooking).id,
    kind: p.kind,
    amount: p.amount,
    method: p.method,
    note: p.note ?? null,
    recordedBy: p.recordedBy,
    createdAt: p.createdAt.toISOString(),
    voidedAt: p.voidedAt?.toISOString() ?? null,
    voidedBy: p.voidedBy ?? null,
    voidReason: p.voidReason ?? null,
  };
}

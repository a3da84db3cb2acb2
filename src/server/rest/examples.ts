import { carImageSrc } from '../../shared/carImages';
import { addDays, manilaInstant, todayInManila } from '../../shared/dates';
import { fromCentavos, toCentavos } from '../../shared/money';
import { computePrice, rentalQuote } from '../../shared/pricing';
import type { TBooking, TCreateBookingAnswer, TPayment } from '../../shared/schemas/booking.schema';
import type { TBookedRange, TCar } from '../../shared/schemas/car.schema';
import { customerTotals, type TAdminCustomer, type TCustomerDeletion } from '../../shared/schemas/customer.schema';
import { clock } from '../clock';
import { cursorAfter } from '../db/paging';

/**
 * One call of a path as the reference shows it: what is sent and what comes back. The OpenAPI
 * document puts each part beside the schema it documents (`examples`, under `name`), and the
 * OpenAPI test parses each with that schema, so an example cannot drift from it.
 */
export interface RouteExample {
  /** Its key in the document's `examples` maps. */
  name: string;
  summary: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** The answer with the route's success status. */
  response: unknown;
}

/**
 * Examples are made when the document is (once a day, `restApp`), with dates from that day on:
 * a booking's dates must lie ahead, and a fixed date would fall in the past.
 */
export type RouteExamples = () => RouteExample[];

const VIOS_ID = '3b9f6c1e-5d2a-4c8e-9a71-2f4e8b6d0c13';
const INNOVA_ID = '8d2e4a70-1c3b-4f5e-b6a7-90c1d2e3f4a5';
const BOOKING_ID = 'c5a1e7d2-93b4-4f06-8e1a-6b2d4c8f0e37';
const CUSTOMER_ID = '6f0b2c84-7d1e-4a3f-9c5b-e2d4a6b8c0f1';
const PAYMENT_ID = 'e1d3c5b7-a9f2-4e4d-8c6b-1a3f5e7d9b02';

const VIOS: TCar = {
  id: VIOS_ID,
  slug: 'toyota-vios-1-3-xle',
  name: 'Toyota Vios 1.3 XLE',
  category: 'Compact Sedan',
  dailyRate: '1800.00',
  deposit: '3000.00',
  seats: 5,
  transmission: 'Automatic',
  fuel: 'Gas',
  image: 'vios.jpg',
  images: ['vios.jpg'],
  imageUrl: carImageSrc('vios.jpg'),
  imageUrls: [carImageSrc('vios.jpg')],
  description: 'The dependable city sedan: light on fuel, easy to park in Poblacion, roomy enough for a family trip to the Hundred Islands wharf.',
  descriptionFil: 'Maaasahang sedan sa lungsod: tipid sa gasolina, madaling iparada sa Poblacion, at maluwag para sa pamilyang papunta sa wharf ng Hundred Islands.',
  mileage: '18,400 km',
  year: 2023,
  plateNumber: 'NCF 4821',
  available: true,
};

const INNOVA: TCar = {
  id: INNOVA_ID,
  slug: 'toyota-innova-2-8-e',
  name: 'Toyota Innova 2.8 E',
  category: 'MPV',
  dailyRate: '2800.00',
  deposit: '5000.00',
  seats: 7,
  transmission: 'Automatic',
  fuel: 'Diesel',
  image: 'innova.jpg',
  images: ['innova.jpg'],
  imageUrl: carImageSrc('innova.jpg'),
  imageUrls: [carImageSrc('innova.jpg')],
  description: 'The family favourite: seven seats, strong diesel and room for beach gear.',
  descriptionFil: 'Paborito ng pamilya: pitong upuan, malakas na diesel at may lugar para sa gamit pang-beach.',
  mileage: '41,700 km',
  year: 2022,
  plateNumber: 'NBV 4470',
  available: true,
};

const DOCUMENTS = {
  photoId1Url: '/objects/private/0a4f7c2e-51d8-4b9a-a3e6-7d1c9b5f2e80',
  photoId2Url: '/objects/private/1b5e8d3f-62e9-4cab-b4f7-8e2dac6f3f91',
  proofOfBillingUrl: '/objects/private/2c6f9e40-73fa-4dbc-85a8-9f3ebd7a40a2',
};

const RENTER = { fullName: 'Maria Clara Santos', email: 'maria.santos@example.com', phone: '0917 555 1234', license: 'N02-19-004512', facebookProfile: null };

/** The days of the examples: two weeks ahead of the day the document is made (Asia/Manila). */
function days() {
  const today = todayInManila(clock.now());
  return { today, pickup: addDays(today, 14), return: addDays(today, 17), movedPickup: addDays(today, 15), movedReturn: addDays(today, 18) };
}

/** A timestamp of the answers: `date` at `time` ("9:42 AM") in Manila. */
const at = (date: string, time: string): string => manilaInstant(date, time).toISOString();

/** The booking of the examples: a Vios for three days with a driver, delivered to Bolinao, made this morning on the website. */
function booking(): TBooking {
  const d = days();
  const price = computePrice({ dailyRate: VIOS.dailyRate, pickupDate: d.pickup, returnDate: d.return, driverService: 'within_pangasinan', deliveryArea: 'bolinao' });
  const createdAt = at(d.today, '9:42 AM');
  return {
    id: BOOKING_ID,
    reference: 'HI-7K3QPX',
    createdAt,
    updatedAt: createdAt,
    status: 'pending',
    source: 'website',
    customerId: CUSTOMER_ID,
    customerName: RENTER.fullName,
    customerEmail: RENTER.email,
    customerPhone: RENTER.phone,
    customerLicense: RENTER.license,
    facebookProfile: null,
    ...DOCUMENTS,
    carId: VIOS.id,
    carName: VIOS.name,
    carCategory: VIOS.category,
    carTransmission: VIOS.transmission,
    carFuel: VIOS.fuel,
    pickupDate: d.pickup,
    returnDate: d.return,
    pickupTime: '9:00 AM',
    totalDays: price.days,
    dailyRate: price.dailyRate,
    withDriver: true,
    driverService: 'within_pangasinan',
    distanceService: 'none',
    wantsDelivery: true,
    deliveryArea: 'bolinao',
    deliveryAddress: 'Purok 3, Barangay Patar, Bolinao, Pangasinan (beside the chapel)',
    subtotal: price.subtotal,
    driverFee: price.driverFee,
    distanceFee: price.distanceFee,
    deliveryFee: price.deliveryFee,
    insurance: price.insurance,
    deposit: VIOS.deposit,
    adjustment: '0.00',
    total: price.total,
    amountPaid: '0.00',
    balance: price.total,
    // PENDING_HOLD_HOURS (24 by default) after it was made.
    holdUntil: new Date(Date.parse(createdAt) + 24 * 3_600_000).toISOString(),
    emailProven: false,
    cancelledBy: null,
    cancelledAt: null,
    locale: 'en',
    requestedDocument: null,
    documentRequestNote: null,
    customerDiffers: [],
  };
}

/** The booking confirmed by staff at 10:05: its hold no longer runs out. */
function confirmedBooking(): TBooking {
  return { ...booking(), status: 'confirmed', holdUntil: null, updatedAt: at(days().today, '10:05 AM') };
}

/** The reservation fee the renter paid by GCash, recorded at 10:30. */
const RESERVATION_FEE = '2000.00';

/** The confirmed booking once its reservation fee is recorded. */
function paidBooking(): TBooking {
  const confirmed = confirmedBooking();
  return { ...confirmed, amountPaid: RESERVATION_FEE, balance: fromCentavos(toCentavos(confirmed.total) - toCentavos(RESERVATION_FEE)), updatedAt: at(days().today, '10:30 AM') };
}

const CAR_PATH = { carId: VIOS_ID };
const BOOKING_PATH = { id: BOOKING_ID };

export const carListExamples: RouteExamples = () => {
  const d = days();
  return [
    { name: 'fleet', summary: 'The whole fleet', response: [VIOS, INNOVA] },
    {
      name: 'search',
      summary: 'The cars free on your dates, with what they cost',
      query: { pickupDate: d.pickup, returnDate: d.return, seats: '5', sort: 'price' },
      response: [VIOS, INNOVA].map((car) => ({ ...car, quote: rentalQuote(car.dailyRate, d.pickup, d.return) })),
    },
  ];
};

export const carExamples: RouteExamples = () => [
  { name: 'byId', summary: 'A car by its id', params: { idOrSlug: VIOS_ID }, response: VIOS },
  { name: 'bySlug', summary: 'The same car by the slug of its page', params: { idOrSlug: VIOS.slug }, response: VIOS },
];

export const bookedDatesExamples: RouteExamples = () => {
  const d = days();
  const ranges: TBookedRange[] = [
    { start: d.pickup, end: d.return },
    { start: addDays(d.today, 24), end: addDays(d.today, 26) },
  ];
  return [{ name: 'taken', summary: 'Two bookings ahead', params: CAR_PATH, response: ranges }];
};

export const createBookingExamples: RouteExamples = () => {
  const made = booking();
  const answer: TCreateBookingAnswer = {
    customer: { id: CUSTOMER_ID, ...RENTER, ...DOCUMENTS },
    booking: (({ customerDiffers: _staffOnly, ...renterView }) => renterView)(made),
    // The booking's id, when the token ends (an hour after the booking was made, in seconds) and its signature.
    documentToken: `${BOOKING_ID}.${Date.parse(made.createdAt) / 1000 + 3600}.q3Vb8mYt0J2kXc7LwR5nHs1PzA9eDf4GuT6iKo2MvNc`,
  };
  return [
    {
      name: 'withDriverAndDelivery',
      summary: 'Three days with a driver, delivered to Bolinao',
      headers: { 'idempotency-key': '4f8e2b61-0c7d-4a93-b5e2-d17f6a9c3b08' },
      body: {
        customer: { fullName: RENTER.fullName, email: RENTER.email, phone: RENTER.phone, license: RENTER.license, ...DOCUMENTS },
        booking: {
          carId: VIOS_ID,
          pickupDate: made.pickupDate,
          returnDate: made.returnDate,
          pickupTime: '9:00 AM',
          driverService: 'within_pangasinan',
          distanceService: 'none',
          wantsDelivery: true,
          deliveryArea: 'bolinao',
          deliveryAddress: made.deliveryAddress,
        },
      },
      response: answer,
    },
  ];
};

/** The sync's instant: 10:00 this morning. */
const sinceTen = (): string => at(days().today, '10:00 AM');

/** The cursor after `row` of the sync of `list`, as its page's X-Next-Cursor gives it. */
const cursorAfterRow = (list: 'bookings' | 'customers', row: { updatedAt: string; id: string }): string => cursorAfter(list, { at: row.updatedAt, id: row.id });

export const bookingListExamples: RouteExamples = (): RouteExample[] => [
  { name: 'changedSince', summary: 'The bookings changed since 10:00 this morning (a sync)', query: { updatedSince: sinceTen(), limit: '100' }, response: [confirmedBooking()] },
  {
    name: 'nextPage',
    summary: 'The changes after the last row read (its page\'s X-Next-Cursor): the booking again, paid since',
    query: { after: cursorAfterRow('bookings', confirmedBooking()), limit: '100' },
    response: [paidBooking()],
  },
];

/** The renter of the examples as the customers list shows them: their record, made with their first booking (`made`). */
function customerWithHistory(made: TBooking): TAdminCustomer {
  const { id, reference, carName, pickupDate, returnDate, totalDays, total, amountPaid, status, createdAt } = made;
  return {
    id: CUSTOMER_ID,
    fullName: RENTER.fullName,
    email: RENTER.email,
    phone: RENTER.phone,
    license: RENTER.license,
    licenseExpiry: null,
    address: null,
    ...DOCUMENTS,
    createdAt,
    erasedAt: null,
    updatedAt: made.updatedAt,
    totals: customerTotals([made]),
    bookings: [{ id, reference, carName, pickupDate, returnDate, totalDays, total, amountPaid, status, createdAt }],
  };
}

export const customerListExamples: RouteExamples = (): RouteExample[] => [
  {
    name: 'changedSince',
    summary: 'The customers whose record or bookings changed since 10:00 this morning (a sync)',
    query: { updatedSince: sinceTen(), limit: '100' },
    response: [customerWithHistory(confirmedBooking())],
  },
  {
    name: 'nextPage',
    summary: 'The changes after the last customer read (its page\'s X-Next-Cursor): the same customer, their booking paid since',
    query: { after: cursorAfterRow('customers', customerWithHistory(confirmedBooking())), limit: '100' },
    response: [customerWithHistory(paidBooking())],
  },
];

/** Two customer records deleted this morning: a walk-in's, erased at their request, and the one a mistyped address made, merged. */
export const customerDeletionExamples: RouteExamples = (): RouteExample[] => {
  const today = days().today;
  const erased: TCustomerDeletion = { id: '9a7c5e31-2b4d-4f68-8e0a-c1d3f5b79e24', deletedAt: at(today, '10:12 AM'), reason: 'erased' };
  const merged: TCustomerDeletion = { id: '4e2a8c60-d1f3-4b57-9a9e-07b5d3f1c8a6', deletedAt: at(today, '10:47 AM'), reason: 'merged' };
  return [
    { name: 'deletedSince', summary: 'The customer records deleted since 10:00 this morning (a sync)', query: { deletedSince: sinceTen(), limit: '100' }, response: [erased, merged] },
    {
      name: 'nextPage',
      summary: 'The deletions after the last one read (its page\'s X-Next-Cursor)',
      query: { after: cursorAfter('customer-deletions', { at: erased.deletedAt, id: erased.id }), limit: '100' },
      response: [merged],
    },
  ];
};

export const bookingExamples: RouteExamples = () => [{ name: 'pending', summary: 'A website booking waiting for confirmation', params: BOOKING_PATH, response: booking() }];

export const bookingStatusExamples: RouteExamples = () => [
  { name: 'confirm', summary: 'Confirm a pending booking', params: BOOKING_PATH, body: { status: 'confirmed', expectedStatus: 'pending' }, response: confirmedBooking() },
];

export const bookingDatesExamples: RouteExamples = () => {
  const d = days();
  const moved = confirmedBooking();
  const price = computePrice({ dailyRate: moved.dailyRate, pickupDate: d.movedPickup, returnDate: d.movedReturn, driverService: moved.driverService, deliveryArea: moved.deliveryArea });
  return [
    {
      name: 'oneDayLater',
      summary: 'Move a booking a day later, picked up at 10:00 AM',
      params: BOOKING_PATH,
      body: { pickupDate: d.movedPickup, returnDate: d.movedReturn, pickupTime: '10:00 AM', expectedStatus: 'confirmed' },
      response: { ...moved, pickupDate: d.movedPickup, returnDate: d.movedReturn, pickupTime: '10:00 AM', totalDays: price.days, subtotal: price.subtotal, driverFee: price.driverFee, total: price.total, balance: price.total, updatedAt: at(d.today, '11:20 AM') },
    },
  ];
};

export const bookingPaymentExamples: RouteExamples = () => {
  const paid = paidBooking();
  const amount = RESERVATION_FEE;
  const recordedAt = paid.updatedAt;
  const payment: TPayment = {
    id: PAYMENT_ID,
    bookingId: BOOKING_ID,
    kind: 'payment',
    amount,
    method: 'gcash',
    note: 'Reservation fee, GCash ref. 5012 334 8821',
    recordedBy: 'Liza Ramos',
    createdAt: recordedAt,
    voidedAt: null,
    voidedBy: null,
    voidReason: null,
  };
  return [
    {
      name: 'reservationFee',
      summary: 'A reservation fee paid by GCash',
      params: BOOKING_PATH,
      headers: { 'idempotency-key': 'gcash-5012334882' },
      body: { kind: 'payment', amount, method: 'gcash', note: payment.note },
      response: { booking: paid, payment },
    },
  ];
};

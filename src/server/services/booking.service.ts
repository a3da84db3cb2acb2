import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { addDays, todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { formatPeso, fromCentavos, toCentavos } from '../../shared/money';
import { computePrice, type DeliveryArea, type DistanceService, type DriverService } from '../../shared/pricing';
import {
  DOCUMENT_FIELDS,
  MAX_DAYS_AHEAD,
  type BookingStatus,
  type TAdminCreateBooking,
  type TBooking,
  type TCreateBooking,
} from '../../shared/schemas/booking.schema';
import type { TCustomer } from '../../shared/schemas/customer.schema';
import { clock } from '../clock';
import { escapeLike } from '../db/like';
import { Booking, Car, Customer, type IBooking, type ICar, type ICustomer } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { announceCommitted, CHANNELS } from '../infra/change-feed';
import { queueMail } from '../mail/outbox';
import { bookingConfirmationMail, garageBookingMail } from '../mail/templates';
import { audit } from './audit.service';
import { isNameBlocked } from './blocklist.service';
import { makeDocumentToken, replaceDocuments } from './document.service';
import { toBookingDto, toCustomerDto } from './dto';

/** What a booking is made of, whoever enters it: the renter and car, the rental's choices, how it came and where it stands. */
export interface BookingDraft {
  customer: ICustomer;
  car: ICar;
  rental: {
    pickupDate: string;
    returnDate: string;
    pickupTime: IBooking['pickupTime'];
    driverService: DriverService;
    distanceService: DistanceService;
    wantsDelivery?: boolean;
    deliveryArea?: DeliveryArea | null | undefined;
    deliveryAddress?: string | null | undefined;
  };
  facebookProfile?: string | null | undefined;
  source: IBooking['source'];
  status: BookingStatus;
  /** A total agreed by staff: kept, its difference to the price list stored as the adjustment. */
  agreedTotal?: string | undefined;
}

/**
 * The one place a booking is made, for the website and for staff alike: priced from the car's
 * current rate and the chosen services by the shared pricing module, and added to the unit of
 * work (the caller's flush writes it, and the exclusion constraint settles its days).
 */
export function buildBooking(em: EntityManager, draft: BookingDraft): IBooking {
  const { rental, car } = draft;
  const wantsDelivery = rental.wantsDelivery ?? false;
  const deliveryArea = wantsDelivery ? (rental.deliveryArea ?? null) : null;
  const price = computePrice({ ...rental, dailyRate: car.dailyRate, deliveryArea });
  const adjustment = draft.agreedTotal ? toCentavos(draft.agreedTotal) - toCentavos(price.total) : 0;
  return em.create(Booking, {
    id: randomUUID(),
    customer: draft.customer,
    car,
    carName: car.name,
    pickupDate: rental.pickupDate,
    returnDate: rental.returnDate,
    pickupTime: rental.pickupTime,
    driverService: rental.driverService,
    distanceService: rental.distanceService,
    wantsDelivery,
    deliveryArea,
    deliveryAddress: wantsDelivery ? (rental.deliveryAddress ?? null) : null,
    facebookProfile: draft.facebookProfile ?? null,
    totalDays: price.days,
    dailyRate: price.dailyRate,
    subtotal: price.subtotal,
    driverFee: price.driverFee,
    distanceFee: price.distanceFee,
    deliveryFee: price.deliveryFee,
    insurance: price.insurance,
    adjustment: fromCentavos(adjustment),
    total: fromCentavos(toCentavos(price.total) + adjustment),
    amountPaid: '0.00',
    status: draft.status,
    source: draft.source,
    createdAt: clock.now(),
  });
}

/**
 * The customer of an e-mail address (stored lower-cased), created when there is none; one row per
 * address even when two bookings for it arrive together (`insert ... on conflict (email)`), and
 * locked until the transaction ends.
 */
export async function findOrCreateCustomer(em: EntityManager, renter: { email: string; fullName: string; phone?: string | undefined }): Promise<ICustomer> {
  const now = clock.now();
  return em.upsert(
    Customer,
    { id: randomUUID(), email: renter.email, fullName: renter.fullName, phone: renter.phone ?? '', createdAt: now, updatedAt: now },
    { onConflictFields: ['email'], onConflictAction: 'merge', onConflictMergeFields: ['email'] },
  );
}

/** Pick-up today or later (Asia/Manila), and at most a year ahead. */
function checkPublicDates(pickupDate: string): void {
  const today = todayInManila(clock.now());
  const refuse = (message: string) => new AppError('BAD_REQUEST', message, { issues: [{ path: 'booking.pickupDate', message }] });
  if (pickupDate < today) throw refuse(messages.validation.pickupInPast);
  if (pickupDate > addDays(today, MAX_DAYS_AHEAD)) throw refuse(messages.validation.tooFarAhead);
}

/**
 * A booking from the public site or an integrator. Every rule is checked here; the customer, the
 * documents, the booking and both e-mails are written in one transaction, and PostgreSQL's
 * exclusion constraint settles any race for the same days.
 */
export async function createPublicBooking(ctx: ServiceContext, input: TCreateBooking): Promise<{ customer: TCustomer; booking: TBooking; documentToken: string }> {
  const { customer: renter, booking: rental } = input;
  checkPublicDates(rental.pickupDate);
  const missing = DOCUMENT_FIELDS.filter((field) => !renter[field]);
  if (missing.length) {
    const message = messages.validation.documentsRequired;
    throw new AppError('BAD_REQUEST', message, { issues: missing.map((field) => ({ path: `customer.${field}`, message })) });
  }
  const result = await changeBookings(
    ctx,
    async (em) => {
      const tx = { ...ctx, em };
      if (await isNameBlocked(tx, renter.fullName)) throw new AppError('FORBIDDEN', messages.errors.nameBlocked);
      const car = await em.findOne(Car, { id: rental.carId });
      if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
      if (!car.available) throw new AppError('CONFLICT', messages.errors.carUnavailable);
      const customer = await findOrCreateCustomer(em, renter);
      customer.fullName = renter.fullName;
      if (renter.phone) customer.phone = renter.phone;
      if (renter.license) customer.license = renter.license;
      if (renter.facebookProfile) customer.facebookProfile = renter.facebookProfile;
      await replaceDocuments(tx, customer, renter);
      const booking = toBookingDto(buildBooking(em, { customer, car, rental, facebookProfile: renter.facebookProfile, source: 'website', status: 'pending' }));
      queueMail(em, bookingConfirmationMail(booking, ctx.deps.business));
      queueMail(em, garageBookingMail(booking, ctx.deps.business, ctx.deps.mail.garageTo));
      await em.flush();
      return { customer: toCustomerDto(customer), booking };
    },
    (created) => [created.booking.carId],
  );
  ctx.deps.mail.wake();
  return { ...result, documentToken: makeDocumentToken(ctx.deps.signingSecret, result.customer.id) };
}

async function findCarForAdmin(em: EntityManager, input: { carId?: string | undefined; carName?: string | undefined }): Promise<ICar> {
  const car = input.carId ? await em.findOne(Car, { id: input.carId }) : await em.findOne(Car, { name: { $ilike: escapeLike(input.carName ?? '') } });
  if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
  return car;
}

/**
 * A booking entered by staff (phone or walk-in), inside the caller's transaction. An existing
 * customer's details are left as they are; a given total is kept, its difference to the price list
 * shown as an adjustment.
 */
export async function createAdminBooking(ctx: AdminContext, input: TAdminCreateBooking): Promise<TBooking> {
  const em = ctx.em;
  const car = await findCarForAdmin(em, input);
  const customer = await findOrCreateCustomer(em, { email: input.customerEmail, fullName: input.customerName, phone: input.customerPhone });
  const booking = toBookingDto(buildBooking(em, { customer, car, rental: input, source: 'admin', status: input.status, agreedTotal: input.total }));
  audit(ctx, 'booking.create', 'booking', booking.id, null, booking);
  await em.flush();
  return booking;
}

export async function createAdminBookingTx(ctx: AdminContext, input: TAdminCreateBooking): Promise<TBooking> {
  return changeBookings(ctx, (em) => createAdminBooking({ ...ctx, em }, input), (booking) => [booking.carId]);
}

/**
 * Runs a change to bookings' days in a transaction; once it has committed, this instance forgets
 * the booked days of the cars `carsOf` names and tells every other instance which cars changed
 * (NOTIFY after the commit: see `announceCommitted`). The answer does not wait for the notice. A
 * change that fails tells no one.
 */
export async function changeBookings<T>(ctx: ServiceContext, work: (em: EntityManager) => Promise<T>, carsOf: (result: T) => Array<string | null | undefined>): Promise<T> {
  const result = await ctx.em.transactional(work);
  const carIds = carsOf(result).filter((id): id is string => Boolean(id));
  if (carIds.length) {
    ctx.deps.bookedDates.changed(carIds);
    void announceCommitted(ctx.deps.orm, CHANNELS.bookings, carIds);
  }
  return result;
}

/** A booking, its row locked until the transaction ends, with its customer and car. */
export async function lockBooking(em: EntityManager, id: string): Promise<IBooking> {
  const booking = await em.findOne(Booking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!booking) throw new AppError('NOT_FOUND', messages.errors.bookingNotFound);
  await em.populate(booking, ['customer', 'car']);
  return booking;
}

/** Any status may follow any other; re-activating onto taken days is refused by the database (409). */
export async function updateBookingStatus(ctx: AdminContext, id: string, status: BookingStatus): Promise<TBooking> {
  return changeBookings(
    ctx,
    async (em) => {
      const booking = await lockBooking(em, id);
      const before = toBookingDto(booking);
      booking.status = status;
      audit({ ...ctx, em }, 'booking.status', 'booking', id, before, toBookingDto(booking));
      await em.flush();
      return toBookingDto(booking);
    },
    (booking) => [booking.carId],
  );
}

/** Moves a booking to other dates, re-priced at its rate and services; the adjustment stays. */
export async function updateBookingDates(ctx: AdminContext, id: string, dates: { pickupDate: string; returnDate: string }): Promise<TBooking> {
  return changeBookings(
    ctx,
    async (em) => {
      const booking = await lockBooking(em, id);
      const before = toBookingDto(booking);
      const price = computePrice({ ...booking, ...dates });
      const total = toCentavos(price.total) + toCentavos(booking.adjustment);
      if (total < toCentavos(booking.amountPaid)) {
        throw new AppError('CONFLICT', messages.errors.totalBelowPaid(formatPeso(fromCentavos(total))));
      }
      Object.assign(booking, dates, {
        totalDays: price.days,
        subtotal: price.subtotal,
        driverFee: price.driverFee,
        distanceFee: price.distanceFee,
        deliveryFee: price.deliveryFee,
        insurance: price.insurance,
        total: fromCentavos(total),
      });
      audit({ ...ctx, em }, 'booking.dates', 'booking', id, before, toBookingDto(booking));
      await em.flush();
      return toBookingDto(booking);
    },
    (booking) => [booking.carId],
  );
}

import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { isDaysTaken, isDeadlock } from '../errors';
import { messages } from '../../shared/messages';
import { fromCentavos } from '../../shared/money';
import { repricedTotalProblem, repriceForDates } from '../../shared/pricing';
import { DOCUMENT_FIELDS, OCCUPYING_STATUSES, isOccupying, statusBadge, type BookingStatus, type DocumentField, type TBooking, type TRequestDocument, type TUpdateBookingDates, type TUpdateBookingStatus } from '../../shared/schemas/booking.schema';
import { isErasedAddress, statusesFor } from '../../shared/schemas/customer.schema';
import { Booking, Customer, type IBooking, type ICustomer } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { announceCommitted, CHANNELS } from '../infra/change-feed';
import { clock } from '../clock';
import { formatDate } from '../../shared/dates';
import { queueMail } from '../mail/outbox';
import { bookingCancelledMail, bookingConfirmedMail, bookingDatesChangedMail, documentRequestMail } from '../mail/templates';
import { audit } from './audit.service';
import { renterMailContext } from './booking-tokens';
import { toBookingDto, toCustomerDto } from './dto';
import { releaseUploads } from './upload.service';

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

/**
 * Runs a statement that gives a booking its days (an insert, a new range, a re-activation). Two such
 * statements for overlapping days at the same instant can each find the other's new row and wait
 * for it; PostgreSQL then ends one of them as a deadlock instead of refusing it by the exclusion
 * constraint (src/backend/executor/execIndexing.c). For its caller it is the same answer: the days
 * are taken.
 */
export async function takingDays<T>(statement: Promise<T>): Promise<T> {
  try {
    return await statement;
  } catch (error) {
    if (isDeadlock(error)) throw new AppError('CONFLICT', messages.errors.datesTaken);
    throw error;
  }
}

/** Days of a car a staff change asked for, and the booking whose days they are (not a clash with itself). */
interface AskedDays {
  carId: string;
  pickupDate: string;
  returnDate: string;
  bookingId?: string;
}

/**
 * Runs a staff change that gives a booking days; when they are taken, the refusal names the booking
 * holding them (its reference, renter and days), which staff may look up, move or cancel. The public
 * refusal stays "no longer available": a stranger learns nothing of other renters. `asked` says,
 * once refused, which days were asked for (null: keep the plain refusal).
 */
export async function namingTheClash<T>(ctx: AdminContext, asked: () => Promise<AskedDays | null>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const plainRefusal = isDaysTaken(error) || (error instanceof AppError && error.message === messages.errors.datesTaken);
    const days = plainRefusal ? await asked().catch(() => null) : null;
    const holder = days ? await daysHolder(ctx.em, days).catch(() => null) : null;
    if (!holder) throw error;
    const day = (date: string) => formatDate(date, 'MMM D, YYYY');
    throw new AppError('CONFLICT', messages.errors.datesTakenBy({ reference: holder.reference, name: holder.renterName, from: day(holder.pickupDate), to: day(holder.returnDate) }));
  }
}

/** The days a change of booking `id` asked its car for: `dates` when it moves them, else its own (re-activated). */
async function daysAskedBy(ctx: AdminContext, id: string, dates?: Pick<AskedDays, 'pickupDate' | 'returnDate'>): Promise<AskedDays | null> {
  const booking = await ctx.em.fork().findOne(Booking, { id }, { fields: ['car', 'pickupDate', 'returnDate'] });
  return booking?.car ? { carId: booking.car.id, pickupDate: booking.pickupDate, returnDate: booking.returnDate, ...dates, bookingId: id } : null;
}

/** The first pending or confirmed booking of the car, other than the one asking, holding any of the days. */
async function daysHolder(em: EntityManager, days: AskedDays): Promise<Pick<IBooking, 'reference' | 'renterName' | 'pickupDate' | 'returnDate'> | null> {
  return em.findOne(
    Booking,
    {
      car: days.carId,
      status: { $in: [...OCCUPYING_STATUSES] },
      pickupDate: { $lte: days.returnDate },
      returnDate: { $gte: days.pickupDate },
      ...(days.bookingId ? { id: { $ne: days.bookingId } } : {}),
    },
    { fields: ['reference', 'renterName', 'pickupDate', 'returnDate'], orderBy: { pickupDate: 'asc' } },
  );
}

/** A booking, its row locked until the transaction ends, with its customer and car. */
export async function lockBooking(em: EntityManager, id: string): Promise<IBooking> {
  const booking = await em.findOne(Booking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!booking) throw new AppError('NOT_FOUND', messages.errors.bookingNotFound);
  await em.populate(booking, ['customer', 'car']);
  return booking;
}

/**
 * A customer, its row locked until the transaction ends and read afresh (a booking populated it
 * earlier, perhaps before another transaction changed it), or null.
 *
 * Lock order: a booking's row before its customer's. A change to one booking (the renter's, or
 * staff's) locks the booking, then the customer; a change to a whole customer that reaches their
 * bookings takes `lockCustomerWithBookings`. Locked the other way round, two such changes at once
 * could each hold what the other waits for, and PostgreSQL would fail one (a deadlock).
 */
export async function lockCustomer(em: EntityManager, id: string): Promise<ICustomer | null> {
  return em.findOne(Customer, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** Refuses (409) a change to an erased customer's record (erasure.service.ts): what it holds stands in for data that must not come back. */
export function refuseErased(customer: Pick<ICustomer, 'erasedAt'>): void {
  if (customer.erasedAt) throw new AppError('CONFLICT', messages.errors.customerErased);
}

/** Refuses (409) what would need an erased customer's booking to have a renter again: asking them for a document, moving an open one (re-opening it is refused by `statusesFor`). */
export function refuseErasedRenter(booking: Pick<IBooking, 'renterEmail'>): void {
  if (isErasedAddress(booking.renterEmail)) throw new AppError('CONFLICT', messages.errors.customerErased);
}

/**
 * A customer and every booking of theirs, locked in the order `lockCustomer` names (their bookings,
 * in one order, then their row), or null. A booking made for them meanwhile (it locks the customer's
 * row as it finds it) has committed once this returns: read their bookings after it.
 */
export async function lockCustomerWithBookings(em: EntityManager, id: string): Promise<ICustomer | null> {
  await em.createQueryBuilder(Booking).select('id').where({ customer: id }).orderBy({ id: 'asc' }).setLockMode(LockMode.PESSIMISTIC_WRITE).execute('all');
  return lockCustomer(em, id);
}

/** Refuses (409) a change decided from a status the booking no longer has (`expectedStatus`). */
function refuseChangedMeanwhile(booking: Pick<IBooking, 'status'>, expectedStatus: BookingStatus | undefined): void {
  if (expectedStatus && booking.status !== expectedStatus) throw new AppError('CONFLICT', messages.errors.statusChangedMeanwhile({ status: statusBadge(booking.status).label }));
}

/**
 * Refuses (409) what would have a booking whose car was deleted hold days: re-opening it, or moving
 * an open one. Its car is gone (the booking keeps the car's name), and the overlap rule cannot
 * compare days of no car. The car's deletion locks its bookings before it counts the open ones
 * (deleteCar), so a booking re-opened meanwhile either keeps the car or is refused here.
 */
function refuseWithoutCar(booking: Pick<IBooking, 'car'>): void {
  if (!booking.car) throw new AppError('CONFLICT', messages.errors.bookingCarGone);
}

/**
 * Any status may follow any other; re-activating onto taken days is refused by the database (409),
 * and so is re-opening a booking of a customer whose personal data was erased (an erased customer
 * has no open booking: erasure.service.ts), and a change decided from a status the booking no
 * longer has (`expectedStatus`: the dashboard's page showed it before the renter, another person or
 * a job changed it). The same status again changes nothing. Staff have now seen the booking, so an
 * unconfirmed hold no longer runs out; the renter hears of a confirmation or a cancellation.
 */
export async function updateBookingStatus(ctx: AdminContext, id: string, { status, expectedStatus }: TUpdateBookingStatus): Promise<TBooking> {
  const result = await namingTheClash(ctx, () => daysAskedBy(ctx, id), () => changeBookings(
    ctx,
    async (em) => {
      const booking = await lockBooking(em, id);
      const before = toBookingDto(booking);
      if (booking.status === status) return before;
      refuseChangedMeanwhile(booking, expectedStatus);
      if (!statusesFor(booking.renterEmail).includes(status)) throw new AppError('CONFLICT', messages.errors.customerErased);
      if (isOccupying(status)) refuseWithoutCar(booking);
      const cancelled = status === 'cancelled';
      Object.assign(booking, { status, holdUntil: null, cancelledBy: cancelled ? 'staff' : null, cancelledAt: cancelled ? clock.now() : null });
      const after = toBookingDto(booking);
      audit({ ...ctx, em }, 'booking.status', 'booking', id, before, after);
      const context = renterMailContext(ctx.deps, booking);
      if (status === 'confirmed') await queueMail(em, [bookingConfirmedMail(after, context)]);
      if (cancelled) await queueMail(em, [bookingCancelledMail(after, 'staff', context)]);
      await takingDays(em.flush());
      return after;
    },
    (booking) => [booking.carId],
  ));
  ctx.deps.mail.wake();
  return result;
}

/** Staff ask the renter for a new document, with a note; the renter gets an e-mail with their booking's link. */
export async function requestDocument(ctx: AdminContext, id: string, input: TRequestDocument): Promise<TBooking> {
  const result = await ctx.em.transactional(async (em) => {
    const booking = await lockBooking(em, id);
    if (booking.status === 'cancelled' || booking.status === 'completed') throw new AppError('CONFLICT', messages.errors.bookingClosed);
    refuseErasedRenter(booking);
    const before = toBookingDto(booking);
    Object.assign(booking, { requestedDocument: input.field, documentRequestNote: input.note, documentRequestedAt: clock.now() });
    const after = toBookingDto(booking);
    audit({ ...ctx, em }, 'booking.document_request', 'booking', id, before, after);
    await queueMail(em, [documentRequestMail(after, input.field, input.note, renterMailContext(ctx.deps, booking))]);
    await em.flush();
    return after;
  });
  ctx.deps.mail.wake();
  return result;
}

/**
 * Staff apply a booking's renter details (name, phone, licence, Facebook, documents) to the customer
 * record it is grouped under. The files the record held itself are released; the booking's own stay
 * the booking's.
 */
export async function applyBookingToCustomer(ctx: AdminContext, id: string): Promise<TBooking> {
  return ctx.em.transactional(async (em) => {
    const booking = await lockBooking(em, id);
    // Locked and read afresh: the files it holds now are the ones to release.
    const customer = (await lockCustomer(em, booking.customer.id))!;
    refuseErased(customer);
    const before = toCustomerDto(customer);
    const differs = toBookingDto(booking).customerDiffers;
    const released = differs.filter((field): field is DocumentField => (DOCUMENT_FIELDS as readonly string[]).includes(field)).map((field) => customer[field]);
    Object.assign(customer, {
      fullName: booking.renterName,
      ...(booking.renterPhone ? { phone: booking.renterPhone } : {}),
      ...(booking.renterLicense ? { license: booking.renterLicense } : {}),
      ...(booking.facebookProfile ? { facebookProfile: booking.facebookProfile } : {}),
      ...Object.fromEntries(DOCUMENT_FIELDS.filter((field) => booking[field]).map((field) => [field, booking[field]])),
    });
    await releaseUploads({ ...ctx, em }, `customer:${customer.id}`, released);
    audit({ ...ctx, em }, 'customer.apply_booking', 'customer', customer.id, before, { ...toCustomerDto(customer), fromBooking: booking.reference });
    await em.flush();
    return toBookingDto(booking);
  });
}

/**
 * Moves a booking to other dates (and, when given, another pick-up time), re-priced at its rate and
 * services; the adjustment stays. The renter of an open booking is e-mailed the new dates, time and
 * receipt. A new pick-up day gets its own reminder the day before (`sendPickupReminders` tells by the
 * day the last one went). As a status change does: staff have now seen the booking, so an
 * unconfirmed hold no longer runs out; a change decided from another status is refused; an open
 * booking of an erased customer or of a deleted car cannot be moved.
 */
export async function updateBookingDates(ctx: AdminContext, id: string, change: TUpdateBookingDates): Promise<TBooking> {
  const { pickupTime, expectedStatus, ...dates } = change;
  const result = await namingTheClash(ctx, () => daysAskedBy(ctx, id, dates), () => changeBookings(
    ctx,
    async (em) => {
      const booking = await lockBooking(em, id);
      const before = toBookingDto(booking);
      refuseChangedMeanwhile(booking, expectedStatus);
      if (isOccupying(booking.status)) {
        refuseErasedRenter(booking);
        refuseWithoutCar(booking);
      }
      const { price, total } = repriceForDates(booking, dates);
      const problem = repricedTotalProblem(total, booking.amountPaid);
      if (problem) throw new AppError('CONFLICT', problem.message);
      Object.assign(booking, dates, pickupTime ? { pickupTime } : {}, {
        totalDays: price.days,
        subtotal: price.subtotal,
        driverFee: price.driverFee,
        distanceFee: price.distanceFee,
        deliveryFee: price.deliveryFee,
        insurance: price.insurance,
        total: fromCentavos(total),
        holdUntil: null,
      });
      const after = toBookingDto(booking);
      audit({ ...ctx, em }, 'booking.dates', 'booking', id, before, after);
      const moved = before.pickupDate !== after.pickupDate || before.returnDate !== after.returnDate || before.pickupTime !== after.pickupTime;
      if (moved && isOccupying(after.status)) await queueMail(em, [bookingDatesChangedMail(after, renterMailContext(ctx.deps, booking))]);
      await takingDays(em.flush());
      return after;
    },
    (booking) => [booking.carId],
  ));
  ctx.deps.mail.wake();
  return result;
}

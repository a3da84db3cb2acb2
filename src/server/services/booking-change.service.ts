import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { formatPeso, fromCentavos, toCentavos } from '../../shared/money';
import { computePrice } from '../../shared/pricing';
import type { BookingStatus, TBooking } from '../../shared/schemas/booking.schema';
import { Booking, type IBooking } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { announceCommitted, CHANNELS } from '../infra/change-feed';
import { audit } from './audit.service';
import { toBookingDto } from './dto';

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

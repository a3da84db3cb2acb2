import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, manilaInstant, todayInManila } from '../../shared/dates';
import { clock } from '../clock';
import { Booking, type IBooking } from '../db/entities';
import type { AppDeps } from '../deps';
import { CHANNELS, announceCommitted } from '../infra/change-feed';
import { queueMail } from '../mail/outbox';
import { bookingCancelledMail, pickupReminderMail } from '../mail/templates';
import { audit, SYSTEM_ACTOR } from './audit.service';
import { renterMailContext } from './booking-tokens';
import { toBookingDto } from './dto';

/**
 * Claims bookings with one `update ... returning` (their `updatedAt` with it) inside a transaction and loads them with their
 * cars: the update decides which instance takes a booking, so each is handled once however many
 * instances run the job at the same moment, and nothing is claimed unless its e-mails are queued
 * with it.
 */
async function claim(em: EntityManager, set: Partial<IBooking>, where: Record<string, unknown>): Promise<IBooking[]> {
  const rows: Array<{ id: string }> = await em.createQueryBuilder(Booking).update({ ...set, updatedAt: clock.now() }).where(where).returning(['id']).execute('all');
  return rows.length ? em.find(Booking, { id: { $in: rows.map((row) => row.id) } }, { populate: ['car'] }) : [];
}

/** When a website booking's hold runs out, held from now: PENDING_HOLD_HOURS on. */
export function holdFromNow(deps: Pick<AppDeps, 'env'>): Date {
  return new Date(clock.now().getTime() + deps.env.PENDING_HOLD_HOURS * 3_600_000);
}

/**
 * Cancels the website bookings whose hold ran out: still pending, confirmed neither by their renter
 * (the e-mail's link) nor by staff. Their days are released, the change audited and the renter told.
 */
export async function releaseExpiredHolds(deps: AppDeps): Promise<number> {
  const now = clock.now();
  const released = await deps.orm.em.fork().transactional(async (em) => {
    const bookings = await claim(
      em,
      { status: 'cancelled', cancelledBy: 'hold', cancelledAt: now },
      { status: 'pending', holdUntil: { $lt: now }, emailProvenAt: null },
    );
    for (const booking of bookings) {
      const after = toBookingDto(booking);
      const whose = { reference: after.reference, customerName: after.customerName };
      audit({ em, actor: SYSTEM_ACTOR }, 'booking.status', 'booking', booking.id, { ...whose, status: 'pending' }, { ...whose, status: after.status, cancelledBy: after.cancelledBy });
    }
    await queueMail(em, bookings.map((booking) => bookingCancelledMail(toBookingDto(booking), 'hold', renterMailContext(deps, booking))));
    await em.flush();
    return bookings;
  });
  const cars = released.map((booking) => booking.car?.id).filter((id): id is string => Boolean(id));
  if (cars.length) {
    deps.bookedDates.changed(cars);
    void announceCommitted(deps.orm, CHANNELS.bookings, cars);
  }
  if (released.length) deps.mail.wake();
  return released.length;
}

/**
 * The reminder the day before pick-up, once per pick-up day: open bookings picked up tomorrow (Asia/Manila)
 * that were made before today (a booking made the day before has just had its receipt). A reminder
 * goes only the day before, so one sent before today was for another pick-up day (staff moved it
 * since), and one sent today is for tomorrow's, however the day was moved meanwhile.
 */
export async function sendPickupReminders(deps: AppDeps): Promise<number> {
  const now = clock.now();
  const today = todayInManila(now);
  const startOfToday = manilaInstant(today, '12:00 AM');
  const sent = await deps.orm.em.fork().transactional(async (em) => {
    const bookings = await claim(
      em,
      { reminderSentAt: now },
      {
        status: { $in: ['pending', 'confirmed'] },
        pickupDate: addDays(today, 1),
        $or: [{ reminderSentAt: null }, { reminderSentAt: { $lt: startOfToday } }],
        createdAt: { $lt: startOfToday },
      },
    );
    await queueMail(em, bookings.map((booking) => pickupReminderMail(toBookingDto(booking), renterMailContext(deps, booking))));
    return bookings.length;
  });
  if (sent) deps.mail.wake();
  return sent;
}

/** Both jobs in turn; the server runs this every minute. */
export async function followUpBookings(deps: AppDeps): Promise<void> {
  await releaseExpiredHolds(deps);
  await sendPickupReminders(deps);
}

import { sha256Hex } from '../auth/digest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { cancellationState } from '../../shared/cancellation';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { mailboxKey } from '../../shared/names';
import type { TFindBooking, TManagedBooking } from '../../shared/schemas/renter.schema';
import { clock } from '../clock';
import { Booking, Payment, type IBooking } from '../db/entities';
import type { ServiceContext } from '../deps';
import { describeError, log } from '../logger';
import { queueMail } from '../mail/outbox';
import { bookingCancelledMail, bookingLinkMail, garageDocumentReceivedMail, garageRenterCancelledMail } from '../mail/templates';
import { audit, RENTER_ACTOR } from './audit.service';
import { changeBookings, lockBooking, lockCustomer } from './booking-change.service';
import { garageMailContext, manageTokenBooking, renterMailContext, type TokenFor } from './booking-tokens';
import { replaceBookingDocuments } from './document.service';
import { renterView, toBookingDto } from './dto';

/**
 * "Find my booking": e-mails the booking's link to the address it was made with, when the
 * reference and the address match. The answer is the same, and comes as soon, whether or not they
 * do: the look-up runs after it. Callers are counted by the `findBooking` limit; the links are
 * counted by the mailbox they go to (`bookingLinks`, a few a day), so that a stranger who booked
 * with someone's address, and so knows the references, cannot flood it from many addresses, over
 * many bookings or with the address spelled otherwise. The key is a digest: the count keeps no address.
 */
export function findMyBooking(ctx: ServiceContext, input: TFindBooking): { message: string } {
  const { deps } = ctx;
  void (async () => {
    const em = deps.orm.em.fork();
    const booking = await em.findOne(Booking, { reference: input.reference, renterEmail: input.email }, { populate: ['car'] });
    if (!booking) return;
    await deps.limiter.hit('bookingLinks', `mailbox:${sha256Hex(mailboxKey(booking.renterEmail))}`);
    await queueMail(em, [bookingLinkMail(toBookingDto(booking), renterMailContext(deps, booking))]);
    deps.mail.wake();
  })().catch((error: unknown) => log.warn('booking.find.skipped', describeError(error)));
  return { message: messages.myBooking.findSent };
}

/** What a manage link's token names (refused as one invalid link, whatever is wrong). */
function linkOf(ctx: ServiceContext, token: string): TokenFor {
  const link = manageTokenBooking(ctx.deps.signingSecret, token);
  if (!link) throw new AppError('UNAUTHORIZED', messages.errors.manageLinkInvalid);
  return link;
}

/**
 * Refuses a link of an earlier version of the booking's links (staff corrected the renter's e-mail
 * address since: it went to the earlier one), as any invalid link. Called inside the transaction,
 * after the booking is read: the refusal undoes what the transaction did before.
 */
function refuseReplacedLink(booking: Pick<IBooking, 'linkVersion'>, link: TokenFor): void {
  if (booking.linkVersion !== link.version) throw new AppError('UNAUTHORIZED', messages.errors.manageLinkInvalid);
}

/** What the renter acting through their link proves: they read the booking's address, so its hold no longer runs out. */
function proven(booking: Pick<IBooking, 'emailProvenAt'>): Pick<IBooking, 'emailProvenAt' | 'holdUntil'> {
  return { emailProvenAt: booking.emailProvenAt ?? clock.now(), holdUntil: null };
}

async function managedView(em: EntityManager, booking: IBooking): Promise<TManagedBooking> {
  const dto = renterView(toBookingDto(booking));
  // What was paid and given back: a row voided as entered by mistake is not money (its e-mail said so).
  const payments = await em.find(Payment, { booking: booking.id, voidedAt: null }, { orderBy: { createdAt: 'asc' } });
  return {
    booking: dto,
    payments: payments.map((payment) => ({ kind: payment.kind, amount: payment.amount, method: payment.method, createdAt: payment.createdAt.toISOString() })),
    cancellation: cancellationState(dto, clock.now()),
    documentRequest:
      booking.requestedDocument && booking.documentRequestedAt
        ? { field: booking.requestedDocument, note: booking.documentRequestNote ?? '', requestedAt: booking.documentRequestedAt.toISOString() }
        : null,
  };
}

/**
 * The manage-booking page: the booking, its payments, what cancelling allows and any document staff
 * asked for. Opening it proves the renter reads the booking's e-mail: an unconfirmed booking keeps
 * its days from then on (the hold no longer runs out).
 */
export async function viewMyBooking(ctx: ServiceContext, token: string): Promise<TManagedBooking> {
  const link = linkOf(ctx, token);
  const id = link.bookingId;
  return ctx.em.transactional(async (em) => {
    // Proven once, by the update that finds it unproven: of two first opens at the same moment, the
    // second waits for the first's row and then changes (and records) nothing.
    // The hold it stops running out is cleared with it, as a payment or staff's confirmation clears it.
    // Read as a row, not an entity (the booking below is loaded after the update): the hold the
    // proof stops, for its entry. A booking proven already is not written to again.
    const unproven = await em.createQueryBuilder(Booking).select('holdUntil').where({ id, emailProvenAt: null }).execute('get');
    const proven = unproven ? await em.nativeUpdate(Booking, { id, emailProvenAt: null }, { emailProvenAt: clock.now(), holdUntil: null, updatedAt: clock.now() }) : 0;
    const booking = await em.findOne(Booking, { id }, { populate: ['car'] });
    if (!booking) throw new AppError('UNAUTHORIZED', messages.errors.manageLinkInvalid);
    refuseReplacedLink(booking, link);
    if (proven) {
      // The entry says whose booking it was, and the hold the proof stopped (staff saw it run).
      const whose = { reference: booking.reference, customerName: booking.renterName };
      audit({ em, actor: RENTER_ACTOR }, 'booking.email_proven', 'booking', id, { ...whose, emailProven: false, holdUntil: unproven?.holdUntil ? new Date(unproven.holdUntil).toISOString() : null }, { ...whose, emailProven: true, holdUntil: null });
    }
    return managedView(em, booking);
  });
}

/** The renter cancels, free, while the terms allow it online (until 24 hours before pick-up). */
export async function cancelMyBooking(ctx: ServiceContext, token: string): Promise<TManagedBooking> {
  const link = linkOf(ctx, token);
  const id = link.bookingId;
  const view = await changeBookings(
    ctx,
    async (em) => {
      const booking = await lockBooking(em, id);
      refuseReplacedLink(booking, link);
      if (!cancellationState(booking, clock.now()).canCancel) throw new AppError('CONFLICT', messages.errors.cannotCancelOnline);
      const before = toBookingDto(booking);
      Object.assign(booking, { status: 'cancelled', cancelledBy: 'renter', cancelledAt: clock.now() }, proven(booking));
      const after = toBookingDto(booking);
      audit({ em, actor: RENTER_ACTOR }, 'booking.status', 'booking', id, before, after);
      await queueMail(em, [
        bookingCancelledMail(after, 'renter', renterMailContext(ctx.deps, booking)),
        garageRenterCancelledMail(after, garageMailContext(ctx.deps)),
      ]);
      await em.flush();
      return managedView(em, booking);
    },
    (result) => [result.booking.carId],
  );
  ctx.deps.mail.wake();
  return view;
}

/** The renter sends the document staff asked for (uploaded first, like the booking's documents). */
export async function replaceRequestedDocument(ctx: ServiceContext, token: string, objectPath: string): Promise<TManagedBooking> {
  const link = linkOf(ctx, token);
  const id = link.bookingId;
  const view = await ctx.em.transactional(async (em) => {
    const tx = { ...ctx, em };
    const booking = await lockBooking(em, id);
    refuseReplacedLink(booking, link);
    const field = booking.requestedDocument;
    if (!field) throw new AppError('CONFLICT', messages.errors.noDocumentRequested);
    if (booking.status === 'cancelled' || booking.status === 'completed') throw new AppError('CONFLICT', messages.errors.bookingClosed);
    const before = toBookingDto(booking);
    const customer = await lockCustomer(em, booking.customer.id);
    if (!customer) throw new AppError('NOT_FOUND', messages.errors.customerNotFound);
    // The file the booking already holds is not the new one staff asked for.
    const changed = await replaceBookingDocuments(tx, booking, customer, { [field]: objectPath });
    if (!changed.length) throw new AppError('BAD_REQUEST', messages.errors.uploadInUse, { issues: [{ path: 'objectPath', message: messages.errors.uploadInUse }] });
    Object.assign(booking, { requestedDocument: null, documentRequestNote: null, documentRequestedAt: null }, proven(booking));
    const after = toBookingDto(booking);
    audit({ em, actor: RENTER_ACTOR }, 'booking.document', 'booking', id, before, after);
    await queueMail(em, [garageDocumentReceivedMail(after, field, garageMailContext(ctx.deps))]);
    await em.flush();
    return managedView(em, booking);
  });
  ctx.deps.mail.wake();
  return view;
}

import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { formatPeso, fromCentavos, toCentavos } from '../../shared/money';
import type { TAddPayment, TBooking, TPayment, TVoidPayment } from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { Booking, Payment, type IBooking } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { queueMail } from '../mail/outbox';
import { paymentRecordedMail, paymentVoidedMail } from '../mail/templates';
import { audit } from './audit.service';
import { holdFromNow } from './booking-jobs.service';
import { renterMailContext } from './booking-tokens';
import { lockBooking } from './booking-change.service';
import { toBookingDto, toPaymentDto } from './dto';
import { idempotently, idempotentRequest, paymentOfKey, rememberKey, type IdempotentRequest } from './idempotency.service';

/**
 * Adds a row to the payment ledger. A payment: positive, never above the balance, not on a
 * cancelled booking; a pending website booking's hold then stops running out (staff have the
 * renter's money in hand, a reservation fee say, so the booking is theirs to confirm or cancel, not
 * the clock's). A refund: money given back (a cancellation, a shorter rental), at most what was paid,
 * on a booking of any status; what was paid goes down by it. The renter is e-mailed either.
 */
export async function addPayment(ctx: AdminContext, id: string, input: TAddPayment, idempotencyKey?: string): Promise<LedgerAnswer> {
  // With a key, a retry after a lost answer gets the row the first recorded, not the money twice.
  const request = idempotencyKey ? idempotentRequest(idempotencyKey, { bookingId: id, ...input }) : null;
  return idempotently(
    request,
    async (key) => {
      const earlier = await paymentOfKey(ctx.em, key);
      return earlier ? { booking: toBookingDto(earlier.booking as IBooking), payment: toPaymentDto(earlier) } : null;
    },
    () => recordPayment(ctx, id, input, request),
  );
}

/** A ledger row as the activity log keeps it: whose booking it was, and what was paid then (the row alone names only an id). */
function ledgerEntry(payment: TPayment, booking: IBooking) {
  return { ...payment, reference: booking.reference, customerName: booking.renterName, amountPaid: booking.amountPaid };
}

/** A booking as a ledger change left it, and the row concerned. */
type LedgerAnswer = { booking: TBooking; payment: TPayment };

async function recordPayment(ctx: AdminContext, id: string, input: TAddPayment, request: IdempotentRequest | null): Promise<LedgerAnswer> {
  const result = await ctx.em.transactional(async (em) => {
    const booking = await lockBooking(em, id);
    const amount = toCentavos(input.amount);
    const refund = input.kind === 'refund';
    if (refund) refuseRefund(booking, amount);
    else refusePayment(booking, amount);
    const payment = em.create(Payment, {
      id: randomUUID(),
      booking,
      kind: input.kind,
      amount: fromCentavos(amount),
      method: input.method,
      note: input.note ?? null,
      recordedBy: ctx.actor.label,
      createdAt: clock.now(),
    });
    const before = { amountPaid: booking.amountPaid, ...(booking.holdUntil && !refund ? { holdUntil: booking.holdUntil.toISOString() } : {}) };
    booking.amountPaid = fromCentavos(toCentavos(booking.amountPaid) + (refund ? -amount : amount));
    if (!refund) booking.holdUntil = null;
    const answer = { booking: toBookingDto(booking), payment: toPaymentDto(payment) };
    audit({ ...ctx, em }, refund ? 'payment.refund' : 'payment.create', 'payment', payment.id, before, ledgerEntry(answer.payment, booking));
    await queueMail(em, [paymentRecordedMail(answer.booking, answer.payment, renterMailContext(ctx.deps, booking))]);
    await em.flush();
    if (request && !(await rememberKey(em, request, { booking: booking.id, payment: payment.id }))) throw new AppError('CONFLICT', messages.errors.idempotencyKeyReused);
    return answer;
  });
  ctx.deps.mail.wake();
  return result;
}

function refusePayment(booking: IBooking, amount: number): void {
  if (booking.status === 'cancelled') throw new AppError('CONFLICT', messages.errors.paymentOnCancelled);
  const balance = toCentavos(booking.total) - toCentavos(booking.amountPaid);
  if (balance <= 0) throw new AppError('CONFLICT', messages.errors.nothingToPay);
  if (amount > balance) {
    const message = messages.errors.paymentAboveBalance({ balance: formatPeso(fromCentavos(balance)) });
    throw new AppError('BAD_REQUEST', message, { issues: [{ path: 'amount', message }] });
  }
}

function refuseRefund(booking: IBooking, amount: number): void {
  const paid = toCentavos(booking.amountPaid);
  if (paid <= 0) throw new AppError('CONFLICT', messages.errors.nothingToRefund);
  if (amount > paid) {
    const message = messages.errors.refundAbovePaid({ paid: formatPeso(booking.amountPaid) });
    throw new AppError('BAD_REQUEST', message, { issues: [{ path: 'amount', message }] });
  }
}

/**
 * Voids a ledger row entered by mistake (owner only): it stays in the ledger with who voided it, when
 * and why, and what was paid no longer counts it. A voided payment may not leave less than nothing
 * paid (the refunds after it are voided first), nor a voided refund more than the total. The renter,
 * who was e-mailed the row, is e-mailed the correction. A row is voided once.
 */
export async function voidPayment(ctx: AdminContext, bookingId: string, paymentId: string, input: TVoidPayment): Promise<LedgerAnswer> {
  const result = await ctx.em.transactional(async (em) => {
    const booking = await lockBooking(em, bookingId);
    const payment = await em.findOne(Payment, { id: paymentId, booking: booking.id });
    if (!payment) throw new AppError('NOT_FOUND', messages.errors.paymentNotFound);
    if (payment.voidedAt) throw new AppError('CONFLICT', messages.errors.paymentAlreadyVoided);
    const amount = toCentavos(payment.amount);
    const paid = toCentavos(booking.amountPaid) + (payment.kind === 'refund' ? amount : -amount);
    if (paid < 0) throw new AppError('CONFLICT', messages.errors.voidBelowZero);
    if (paid > toCentavos(booking.total)) throw new AppError('CONFLICT', messages.errors.voidAboveTotal({ paid: formatPeso(fromCentavos(paid)), total: formatPeso(booking.total) }));
    // A website booking whose payment had stopped its hold, left unpaid and unconfirmed: held again, as when it was made.
    const heldAgain = paid === 0 && booking.source === 'website' && booking.status === 'pending' && !booking.emailProvenAt && !booking.holdUntil;
    const before = { amountPaid: booking.amountPaid, ...(heldAgain ? { holdUntil: null } : {}) };
    booking.amountPaid = fromCentavos(paid);
    if (heldAgain) booking.holdUntil = holdFromNow(ctx.deps);
    Object.assign(payment, { voidedAt: clock.now(), voidedBy: ctx.actor.label, voidReason: input.reason });
    const answer = { booking: toBookingDto(booking), payment: toPaymentDto(payment) };
    audit({ ...ctx, em }, 'payment.void', 'payment', payment.id, before, ledgerEntry(answer.payment, booking));
    await queueMail(em, [paymentVoidedMail(answer.booking, answer.payment, renterMailContext(ctx.deps, booking))]);
    await em.flush();
    return answer;
  });
  ctx.deps.mail.wake();
  return result;
}

export async function listPayments(ctx: ServiceContext, bookingId: string): Promise<TPayment[]> {
  const booking = await ctx.em.findOne(Booking, { id: bookingId }, { fields: ['id'] });
  if (!booking) throw new AppError('NOT_FOUND', messages.errors.bookingNotFound);
  const rows = await ctx.em.find(Payment, { booking: bookingId }, { orderBy: { createdAt: 'asc' } });
  return rows.map(toPaymentDto);
}

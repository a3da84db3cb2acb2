import { z } from 'zod';
import {
  ZAddPaymentSchema,
  ZAdminCreateBookingSchema,
  ZBookingListQuerySchema,
  ZBookingPageSchema,
  ZBookingSchema,
  ZCorrectRenterEmailSchema,
  ZCreateBookingAnswerSchema,
  ZCreateBookingCallSchema,
  ZIdempotencyKeySchema,
  ZPaymentSchema,
  ZRequestDocumentSchema,
  ZUpdateBookingDatesSchema,
  ZUpdateBookingStatusSchema,
  ZVoidPaymentSchema,
} from '../../shared/schemas/booking.schema';
import { ZIdSchema } from '../../shared/schemas/common.schema';
import { getBooking, listBookings } from '../services/booking-list.service';
import { applyBookingToCustomer, requestDocument, updateBookingDates, updateBookingStatus } from '../services/booking-change.service';
import { createAdminBookingTx, createPublicBooking } from '../services/booking.service';
import { addPayment, listPayments, voidPayment } from '../services/payment.service';
import { correctRenterEmail } from '../services/renter-email.service';
import { adminProcedure, ownerProcedure, rateLimited, router } from '../trpc/init';

export const bookingsRouter = router({
  create: rateLimited('bookings')
    .input(ZCreateBookingCallSchema)
    .output(ZCreateBookingAnswerSchema)
    .mutation(({ ctx, input: { idempotencyKey, ...booking } }) => createPublicBooking(ctx, booking, idempotencyKey)),
  list: adminProcedure.input(ZBookingListQuerySchema.prefault({})).output(ZBookingPageSchema).query(({ ctx, input }) => listBookings(ctx, input)),
  byId: adminProcedure.input(z.object({ id: ZIdSchema })).output(ZBookingSchema).query(({ ctx, input }) => getBooking(ctx, input.id)),
  payments: adminProcedure
    .input(z.object({ id: ZIdSchema }))
    .output(z.array(ZPaymentSchema))
    .query(({ ctx, input }) => listPayments(ctx, input.id)),
  createAdmin: adminProcedure.input(ZAdminCreateBookingSchema).output(ZBookingSchema).mutation(({ ctx, input }) => createAdminBookingTx(ctx, input)),
  updateStatus: adminProcedure
    .input(ZUpdateBookingStatusSchema.extend({ id: ZIdSchema }))
    .output(ZBookingSchema)
    .mutation(({ ctx, input }) => updateBookingStatus(ctx, input.id, input)),
  updateDates: adminProcedure
    .input(z.object({ id: ZIdSchema, dates: ZUpdateBookingDatesSchema }))
    .output(ZBookingSchema)
    .mutation(({ ctx, input }) => updateBookingDates(ctx, input.id, input.dates)),
  requestDocument: adminProcedure
    .input(z.object({ id: ZIdSchema, request: ZRequestDocumentSchema }))
    .output(ZBookingSchema)
    .mutation(({ ctx, input }) => requestDocument(ctx, input.id, input.request)),
  correctEmail: adminProcedure
    .input(ZCorrectRenterEmailSchema.extend({ id: ZIdSchema }))
    .output(ZBookingSchema)
    .mutation(({ ctx, input: { id, ...change } }) => correctRenterEmail(ctx, id, change)),
  applyToCustomer: adminProcedure
    .input(z.object({ id: ZIdSchema }))
    .output(ZBookingSchema)
    .mutation(({ ctx, input }) => applyBookingToCustomer(ctx, input.id)),
  addPayment: adminProcedure
    .input(z.object({ id: ZIdSchema, payment: ZAddPaymentSchema, idempotencyKey: ZIdempotencyKeySchema.optional() }))
    .output(z.object({ booking: ZBookingSchema, payment: ZPaymentSchema }))
    .mutation(({ ctx, input }) => addPayment(ctx, input.id, input.payment, input.idempotencyKey)),
  voidPayment: ownerProcedure
    .input(ZVoidPaymentSchema.extend({ id: ZIdSchema, paymentId: ZIdSchema }))
    .output(z.object({ booking: ZBookingSchema, payment: ZPaymentSchema }))
    .mutation(({ ctx, input: { id, paymentId, ...change } }) => voidPayment(ctx, id, paymentId, change)),
});

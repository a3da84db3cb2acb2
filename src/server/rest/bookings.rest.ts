import { z } from 'zod';
import {
  ZAddPaymentSchema,
  ZAdminCreateBookingSchema,
  ZBookingListQuerySchema,
  ZBookingSchema,
  ZCorrectRenterEmailSchema,
  ZCreateBookingAnswerSchema,
  ZCreateBookingSchema,
  ZIdempotencyKeySchema,
  IDEMPOTENCY_KEY_HOURS,
  ZPaymentSchema,
  ZRequestDocumentSchema,
  ZUpdateBookingDatesSchema,
  ZUpdateBookingStatusSchema,
  ZVoidPaymentSchema,
  type TBooking,
} from '../../shared/schemas/booking.schema';
import { getBooking, listBookings } from '../services/booking-list.service';
import { applyBookingToCustomer, requestDocument, updateBookingDates, updateBookingStatus } from '../services/booking-change.service';
import { createAdminBookingTx, createPublicBooking } from '../services/booking.service';
import { addPayment, listPayments, voidPayment } from '../services/payment.service';
import { correctRenterEmail } from '../services/renter-email.service';
import { bookingDatesExamples, bookingExamples, bookingListExamples, bookingPaymentExamples, bookingStatusExamples, createBookingExamples } from './examples';
import { ZIdParamsSchema, ZPaymentParamsSchema, adminContext, defineRoute, listHeaders, listResponse, serviceContext, syncDescription } from './route';

export const bookingRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/bookings',
    tag: 'Bookings',
    summary: 'Book a car',
    description:
      'The three documents (`customer.photoId1Url`, `photoId2Url`, `proofOfBillingUrl`) are required: upload each first through POST /api/objects/upload. ' +
      'A document refused as it is attached (no longer stored, or the same file as another) is named in the 400\'s `issues` (`customer.photoId2Url`); the other uploads stay free for the next try. ' +
      'Prices are computed by the server from the car’s rate; any figures sent (totalDays, subtotal, total, ...) are ignored. ' +
      'The customer is found by e-mail or created. Pick-up is today or later (Asia/Manila) and at most 365 days ahead; a rental lasts 1 to 90 days. ' +
      'The renter’s name, phone, licence and Facebook profile are one line each (a line break or another control character answers 400); the delivery address may have several lines. ' +
      'Answers 403 for a blocked name (compared as GET /api/blocked-names/check says), 409 when the dates are taken or the car is unavailable. ' +
      `Send an \`Idempotency-Key\` (a value of your own, new for each booking, such as a UUID) to retry safely: a request with a key that made a booking in the last ${IDEMPOTENCY_KEY_HOURS} hours answers that booking as it is now (201, no new e-mail), also while the first request is still under way; the key with a different request answers 422. A request that was refused made nothing, and may be sent again with its key.`,
    auth: 'public',
    rateLimit: 'bookings',
    headers: z.object({ 'idempotency-key': ZIdempotencyKeySchema.optional().describe('Idempotency-Key: a value of your own for this booking request (e.g. a UUID), sent again with each retry of it') }),
    body: ZCreateBookingSchema,
    response: { status: 201, schema: ZCreateBookingAnswerSchema, description: 'The booking, its customer and a one-hour document token' },
    errors: [403, 404, 409, 422, 503],
    examples: createBookingExamples,
    handler: (c, { body, headers }) => createPublicBooking(serviceContext(c), body, headers['idempotency-key']),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/bookings',
    tag: 'Admin: bookings',
    summary: 'List bookings',
    description:
      'Newest first. Search `q` matches the renter’s name, e-mail or phone as the booking keeps them, the car, the reference (any spelling) or the start of the booking id. The total count is in `X-Total-Count` (a broad search stops counting at a thousand: see `X-Total-Count-Capped`).\n\n' +
      syncDescription(
        'bookings',
        'booking',
        'A change is any change of the booking itself (its status, dates, prices, payments, renter details, documents, a hold running out, its car deleted), and sets its `updatedAt`; what it shows of its car or customer record (`carCategory`, `customerDiffers`) is not.',
      ),
    auth: 'admin',
    query: ZBookingListQuerySchema,
    response: { status: 200, schema: z.array(ZBookingSchema), description: 'One page of bookings', headers: listHeaders('Bookings matching the filter', 'updatedSince') },
    errors: [503],
    examples: bookingListExamples,
    handler: async (c, { query }) => listResponse(c, await listBookings(adminContext(c), query)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/bookings',
    tag: 'Admin: bookings',
    summary: 'Enter a booking',
    description:
      'The customer is found by e-mail or created (an existing customer’s details are left as they are). `carId` may replace `carName`. ' +
      'A `total` different from the price list is kept, the difference shown as an adjustment. Staff may book a car marked unavailable (for example for dates after a repair). ' +
      'A rental entered by staff lasts at most 366 days. The renter of a pending or confirmed booking is e-mailed its receipt and manage link. Days another pending or confirmed booking of the car holds answer 409, naming that booking.',
    auth: 'admin',
    body: ZAdminCreateBookingSchema,
    response: { status: 201, schema: ZBookingSchema, description: 'The booking', location: { path: '/api/admin/bookings/{id}', id: (booking: TBooking) => booking.id } },
    errors: [404, 409, 503],
    handler: (c, { body }) => createAdminBookingTx(adminContext(c), body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/bookings/{id}',
    tag: 'Admin: bookings',
    summary: 'One booking',
    auth: 'admin',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZBookingSchema, description: 'The booking' },
    errors: [404, 503],
    examples: bookingExamples,
    handler: (c, { params }) => getBooking(adminContext(c), params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/bookings/{id}/payments',
    tag: 'Admin: bookings',
    summary: 'A booking’s payments',
    auth: 'admin',
    params: ZIdParamsSchema,
    response: { status: 200, schema: z.array(ZPaymentSchema), description: 'The payment ledger, oldest first' },
    errors: [404, 503],
    handler: (c, { params }) => listPayments(adminContext(c), params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/bookings/{id}/status',
    tag: 'Admin: bookings',
    summary: 'Change a booking’s status',
    description:
      'Any status may follow any other. Re-activating (pending/confirmed) onto days taken since answers 409, naming the booking that holds them, and so does re-activating a booking whose car was deleted, and a change whose `expectedStatus` is not the booking’s status any more (it changed since it was read). The status the booking already has is no change: 200 with the booking as it is, whatever `expectedStatus` says, so a retry of a change that went through answers as the first did.',
    auth: 'admin',
    params: ZIdParamsSchema,
    body: ZUpdateBookingStatusSchema,
    response: { status: 200, schema: ZBookingSchema, description: 'The booking' },
    errors: [404, 409, 503],
    examples: bookingStatusExamples,
    handler: (c, { params, body }) => updateBookingStatus(adminContext(c), params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/bookings/{id}/dates',
    tag: 'Admin: bookings',
    summary: 'Move a booking',
    description:
      'Re-prices the booking for the new dates (at most 366 days), keeping its daily rate, services and agreed adjustment, and sets a new pick-up time when `pickupTime` is given; the renter of a pending or confirmed booking is e-mailed the new dates, time and receipt; an unconfirmed hold stops. Answers 409 when the days are taken (naming the booking that holds them), when the new total would be zero, less than what was paid or more than ₱9,999,999,999.99, when `expectedStatus` is given and the booking has another status now, and for a pending or confirmed booking of an erased customer or of a deleted car.',
    auth: 'admin',
    params: ZIdParamsSchema,
    body: ZUpdateBookingDatesSchema,
    response: { status: 200, schema: ZBookingSchema, description: 'The booking' },
    errors: [404, 409, 503],
    examples: bookingDatesExamples,
    handler: (c, { params, body }) => updateBookingDates(adminContext(c), params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/bookings/{id}/payment',
    tag: 'Admin: bookings',
    summary: 'Record a payment or a refund',
    description:
      `Send an \`Idempotency-Key\` (a value of your own, new for each payment, such as a UUID) to retry safely: a request with a key that recorded a payment in the last ${IDEMPOTENCY_KEY_HOURS} hours answers that row and the booking as it is now (no second row, no second e-mail), also while the first is still under way; the key with a different request answers 422. ` +
      'Adds one row to the booking’s payment ledger and e-mails the renter. A payment (`kind` "payment", the default): positive, at most the balance, not on a cancelled booking; a pending website booking’s hold then no longer runs out (`holdUntil` null). A refund (`kind` "refund"): money given back, positive, at most what was paid (`amountPaid` goes down by it), on a booking of any status; the terms give back all that was paid until 24 hours before pick-up, half after that, nothing once pick-up time has passed (`cancelledAt` says when a booking was cancelled), but the garage may agree otherwise.',
    auth: 'admin',
    params: ZIdParamsSchema,
    headers: z.object({ 'idempotency-key': ZIdempotencyKeySchema.optional().describe('Idempotency-Key: a value of your own for this payment (e.g. a UUID), sent again with each retry of it') }),
    body: ZAddPaymentSchema,
    response: { status: 200, schema: z.object({ booking: ZBookingSchema, payment: ZPaymentSchema }), description: 'The booking and the new payment' },
    errors: [404, 409, 422, 503],
    examples: bookingPaymentExamples,
    handler: (c, { params, body, headers }) => addPayment(adminContext(c), params.id, body, headers['idempotency-key']),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/bookings/{id}/payments/{paymentId}/void',
    tag: 'Admin: bookings',
    summary: 'Void a payment or refund entered by mistake',
    description:
      'Owner only (an owner account or the API token). The row stays in the ledger with `voidedAt`, `voidedBy` and `voidReason`, and no longer counts in `amountPaid`; the renter is e-mailed the correction. Answers 404 for a payment not in this booking’s ledger, and 409 for a row already voided, for a payment whose voiding would leave less than nothing paid (void the refunds after it first), and for a refund whose voiding would put what was paid above the total. Audited.',
    auth: 'owner',
    params: ZPaymentParamsSchema,
    body: ZVoidPaymentSchema,
    response: { status: 200, schema: z.object({ booking: ZBookingSchema, payment: ZPaymentSchema }), description: 'The booking and the voided row' },
    errors: [404, 409, 503],
    handler: (c, { params, body }) => voidPayment(adminContext(c), params.id, params.paymentId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/bookings/{id}/document-request',
    tag: 'Admin: bookings',
    summary: 'Ask the renter for a new document',
    description: 'Names the document (`photoId1Url`, `photoId2Url` or `proofOfBillingUrl`) and says why; the renter is e-mailed a link to upload it on their booking’s page. Not on a cancelled or completed booking (409).',
    auth: 'admin',
    params: ZIdParamsSchema,
    body: ZRequestDocumentSchema,
    response: { status: 200, schema: ZBookingSchema, description: 'The booking with its request' },
    errors: [404, 409, 503],
    handler: (c, { params, body }) => requestDocument(adminContext(c), params.id, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/bookings/{id}/email',
    tag: 'Admin: bookings',
    summary: 'Correct the renter’s e-mail address',
    description:
      'For an open (pending or confirmed) booking whose renter mistyped their address, or gave someone else’s. The booking is e-mailed to the new address (received, or confirmed, with its receipt, saying first that the garage corrected the address) with a new manage link; its e-mails to the earlier address not sent yet are dropped, and the links sent there stop working (401). ' +
      'The booking is grouped under the customer record of the new address; when there is none, its own record takes the address too if it is the renter’s alone (this booking only, the renter’s name and phone), else a record is made from the booking’s renter details. A record of the renter’s alone that the booking leaves for an existing one is deleted; a record of someone else’s keeps its address and details. ' +
      'The new address counts as proven once the renter opens the link; an unconfirmed hold no longer runs out (`holdUntil` null). Answers 400 for the address the booking has already, 409 for a cancelled or completed booking or an erased customer’s. Audited.',
    auth: 'admin',
    params: ZIdParamsSchema,
    body: ZCorrectRenterEmailSchema,
    response: { status: 200, schema: ZBookingSchema, description: 'The booking, with its new address' },
    errors: [404, 409, 503],
    handler: (c, { params, body }) => correctRenterEmail(adminContext(c), params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/bookings/{id}/apply-to-customer',
    tag: 'Admin: bookings',
    summary: 'Apply a booking’s details to its customer',
    description:
      'Copies the renter details the booking was made with (name, phone, licence, Facebook, documents) onto the customer record it is grouped under; `customerDiffers` lists where they differ. Audited.',
    auth: 'admin',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZBookingSchema, description: 'The booking, now matching its customer' },
    errors: [404, 503],
    handler: (c, { params }) => applyBookingToCustomer(adminContext(c), params.id),
  }),
];

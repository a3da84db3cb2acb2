import { z } from 'zod';
import { ZBookingSchema, ZDocumentsSchema, ZSavedDocumentsSchema } from '../../shared/schemas/booking.schema';
import {
  ZAdminCustomerSchema,
  ZCreateCustomerSchema,
  ZCustomerDeletionQuerySchema,
  ZCustomerDeletionSchema,
  ZCustomerListQuerySchema,
  ZCustomerSchema,
  ZErasedCustomerSchema,
  ZUpdateCustomerSchema,
  type TCustomer,
} from '../../shared/schemas/customer.schema';
import {
  createCustomer,
  exportCustomersCsv,
  getCustomer,
  listCustomers,
  updateCustomer,
} from '../services/customer.service';
import { listCustomerDeletions } from '../services/customer-deletion.service';
import { saveDocuments } from '../services/document.service';
import { eraseCustomer } from '../services/erasure.service';
import { RECORD_RETENTION_DAYS } from '../services/retention.service';
import { customerDeletionExamples, customerListExamples } from './examples';
import { ZIdParamsSchema, adminContext, defineRoute, listHeaders, listResponse, serviceContext, syncDescription } from './route';

export const customerRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/customers/{id}/documents',
    tag: 'Bookings',
    summary: 'Replace a customer’s documents',
    description:
      'Staff (session or API token), or the renter with the `documentToken` of their booking’s create answer, sent as the `X-Document-Token` header or a `documentToken` body field. Otherwise 401. The token works for the hour after the booking was made (an answer to a retried create, with its idempotency key, carries a token that ends at the same time), and only while the booking is pending: once staff confirmed it, 409.',
    auth: 'document-token',
    rateLimit: 'documents',
    params: ZIdParamsSchema,
    body: ZDocumentsSchema.extend({ documentToken: z.string().max(200).optional() }),
    response: { status: 200, schema: ZSavedDocumentsSchema, description: 'The documents now on file: the customer’s (staff) or the booking’s (its renter)' },
    errors: [401, 404, 409, 503],
    handler: (c, { params, body }) => {
      const token = c.req.header('x-document-token') ?? body.documentToken ?? null;
      return saveDocuments(serviceContext(c), params.id, body, token);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/customers',
    tag: 'Admin: customers',
    summary: 'List customers',
    description:
      'Newest first, each with totals and booking history. Search `q` matches name, e-mail or phone. The total count is in `X-Total-Count` (a broad search stops counting at a thousand: see `X-Total-Count-Capped`).\n\n' +
      syncDescription(
        'customers',
        'customer',
        'A customer changes with anything their answer shows: their record (staff’s edits, documents replaced, an erasure, documents deleted once no longer kept) or one of their bookings (a new one, or any change that moves the booking’s own `updatedAt`, as GET /api/admin/bookings?updatedSince= finds it), so the customer of each booking listed there is listed here too; a booking moved to another customer’s record (its renter’s address corrected) changes both. Their `updatedAt` says when. ' +
          'A customer record deleted (erased while it had no bookings, or left with none when its one booking moved) is no longer listed, and GET /api/admin/customers/{id} answers 404 for it: GET /api/admin/customers/deleted lists it, for your copy to drop it.',
      ),
    auth: 'admin',
    query: ZCustomerListQuerySchema,
    response: { status: 200, schema: z.array(ZAdminCustomerSchema), description: 'One page of customers', headers: listHeaders('Customers matching the search', 'updatedSince') },
    errors: [503],
    examples: customerListExamples,
    handler: async (c, { query }) => listResponse(c, await listCustomers(adminContext(c), query)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/customers/export.csv',
    tag: 'Admin: customers',
    summary: 'Export customers as CSV',
    description: 'Columns: Name, Email, Phone, License (N/A if none), Total Bookings, Total Spent (the payments received on bookings that were not cancelled; unpaid amounts are not spent), Registration Date, Booking History. UTF-8, starting with a byte order mark (so spreadsheets read non-ASCII names right).',
    auth: 'admin',
    response: { status: 200, contentType: 'text/csv', description: 'The CSV file, named customers-YYYY-MM-DD.csv' },
    errors: [503],
    handler: async (c) => {
      const { filename, csv } = await exportCustomersCsv(adminContext(c));
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/customers/deleted',
    tag: 'Admin: customers',
    summary: 'List deleted customer records',
    description:
      'The customer records deleted outright, each with its `id`, `deletedAt` and `reason`, oldest first: nothing of the person is kept. Without `deletedSince` or `after`, every deletion kept. The total count is in `X-Total-Count`.\n\n' +
      syncDescription(
        'customer records',
        'record',
        'A record is deleted, and listed here, when it is erased while it has no bookings (`erased`: at the customer’s request, or by the records’ retention), or when its one booking moves to the record of its renter’s corrected address (`merged`: that record is listed changed by GET /api/admin/customers?updatedSince=). A customer erased with bookings keeps their record (it reads `erasedAt`, listed changed), and is not listed here. An id is never given to another record, so deletions and changes may be applied in any order. ' +
          `Deletions are kept ${RECORD_RETENTION_DAYS} days (about 7 years), as long as the activity log’s entries that record them: a copy not synced for longer must be synced in full (every customer, then the deletions from when that began).`,
        'deletedSince',
      ),
    auth: 'admin',
    query: ZCustomerDeletionQuerySchema,
    response: { status: 200, schema: z.array(ZCustomerDeletionSchema), description: 'One page of deleted customer records', headers: listHeaders('Deletions in the window', 'deletedSince') },
    errors: [503],
    examples: customerDeletionExamples,
    handler: async (c, { query }) => listResponse(c, await listCustomerDeletions(adminContext(c), query)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/customers/{id}',
    tag: 'Admin: customers',
    summary: 'One customer',
    auth: 'admin',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZAdminCustomerSchema, description: 'The customer with totals and history' },
    errors: [404, 503],
    handler: (c, { params }) => getCustomer(adminContext(c), params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/customers',
    tag: 'Admin: customers',
    summary: 'Add a customer',
    description: 'With `initialBooking` (car, dates and total; its status and the renter’s `locale` optional), the first booking is made in the same transaction, its e-mail in that language.',
    auth: 'admin',
    body: ZCreateCustomerSchema,
    response: { status: 201, schema: z.object({ customer: ZCustomerSchema, booking: ZBookingSchema.nullable() }), description: 'The customer, and the booking when one was asked for', location: { path: '/api/admin/customers/{id}', id: ({ customer }: { customer: TCustomer }) => customer.id } },
    errors: [404, 409, 503],
    handler: (c, { body }) => createCustomer(adminContext(c), body),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/customers/{id}',
    tag: 'Admin: customers',
    summary: 'Change a customer',
    description: 'Fields left out keep their value.',
    auth: 'admin',
    params: ZIdParamsSchema,
    body: ZUpdateCustomerSchema,
    response: { status: 200, schema: ZCustomerSchema, description: 'The customer' },
    errors: [404, 409, 503],
    handler: (c, { params, body }) => updateCustomer(adminContext(c), params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/customers/{id}',
    tag: 'Admin: customers',
    summary: "Erase a customer's personal data",
    description:
      "Owner only (an owner account or the API token). At the customer's request (the Data Privacy Act's right to erasure): their name, e-mail address, phone, licence, address, Facebook profile and documents are erased from their record, from each of their bookings and from the activity log's entries about them; the e-mails sent to them or about their bookings, the enquiries they sent and their booking requests' idempotency keys are deleted. Their bookings and payments stay for the accounts (about 7 years), under the name \"Erased customer\", and `bookingsKept` says how many; a customer without bookings is deleted outright (`bookingsKept` 0, then 404). The record reads `erasedAt` and can no longer be changed (409); the renter may book again as a new customer. Erasing again answers the same. Refused (409) while one of their bookings is pending or confirmed and not over.",
    auth: 'owner',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZErasedCustomerSchema, description: 'Erased' },
    errors: [404, 409, 503],
    handler: (c, { params }) => eraseCustomer(adminContext(c), params.id),
  }),
];

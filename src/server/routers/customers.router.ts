import { z } from 'zod';
import { ZBookingSchema, ZDocumentsSchema, ZSavedDocumentsSchema } from '../../shared/schemas/booking.schema';
import { ZIdSchema } from '../../shared/schemas/common.schema';
import {
  ZAdminCustomerSchema,
  ZCreateCustomerSchema,
  ZCustomerDeletionPageSchema,
  ZCustomerDeletionQuerySchema,
  ZErasedCustomerSchema,
  ZCustomerListQuerySchema,
  ZCustomerPageSchema,
  ZCustomerSchema,
  ZUpdateCustomerSchema,
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
import { adminProcedure, ownerProcedure, rateLimited, router } from '../trpc/init';

export const customersRouter = router({
  list: adminProcedure.input(ZCustomerListQuerySchema.prefault({})).output(ZCustomerPageSchema).query(({ ctx, input }) => listCustomers(ctx, input)),
  /** The customer records deleted outright, for an integrator's copy (GET /api/admin/customers/deleted). */
  deletions: adminProcedure
    .input(ZCustomerDeletionQuerySchema.prefault({}))
    .output(ZCustomerDeletionPageSchema)
    .query(({ ctx, input }) => listCustomerDeletions(ctx, input)),
  byId: adminProcedure.input(z.object({ id: ZIdSchema })).output(ZAdminCustomerSchema).query(({ ctx, input }) => getCustomer(ctx, input.id)),
  create: adminProcedure
    .input(ZCreateCustomerSchema)
    .output(z.object({ customer: ZCustomerSchema, booking: ZBookingSchema.nullable() }))
    .mutation(({ ctx, input }) => createCustomer(ctx, input)),
  update: adminProcedure
    .input(z.object({ id: ZIdSchema, data: ZUpdateCustomerSchema }))
    .output(ZCustomerSchema)
    .mutation(({ ctx, input }) => updateCustomer(ctx, input.id, input.data)),
  /** The customer's personal data erased at their request; their bookings and payments stay (erasure.service.ts). */
  erase: ownerProcedure.input(z.object({ id: ZIdSchema })).output(ZErasedCustomerSchema).mutation(({ ctx, input }) => eraseCustomer(ctx, input.id)),
  /** Staff, or the renter with the document token from their booking's answer. */
  saveDocuments: rateLimited('documents')
    .input(z.object({ id: ZIdSchema, documents: ZDocumentsSchema, documentToken: z.string().max(200).optional() }))
    .output(ZSavedDocumentsSchema)
    .mutation(({ ctx, input }) => saveDocuments(ctx, input.id, input.documents, input.documentToken ?? null)),
  exportCsv: adminProcedure.output(z.object({ filename: z.string(), csv: z.string() })).query(({ ctx }) => exportCustomersCsv(ctx)),
});

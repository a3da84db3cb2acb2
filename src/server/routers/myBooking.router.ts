import { ZAcceptedSchema, ZFindBookingSchema, ZManagedBookingSchema, ZManageTokenSchema, ZReplaceRequestedDocumentSchema } from '../../shared/schemas/renter.schema';
import { cancelMyBooking, findMyBooking, replaceRequestedDocument, viewMyBooking } from '../services/renter.service';
import { rateLimited, router } from '../trpc/init';

/** The renter's own booking: found by reference and e-mail, then reached through its signed link. */
export const myBookingRouter = router({
  find: rateLimited('findBooking')
    .input(ZFindBookingSchema)
    .output(ZAcceptedSchema)
    .mutation(({ ctx, input }) => findMyBooking(ctx, input)),
  open: rateLimited('manageBooking')
    .input(ZManageTokenSchema)
    .output(ZManagedBookingSchema)
    .mutation(({ ctx, input }) => viewMyBooking(ctx, input.token)),
  cancel: rateLimited('manageBooking')
    .input(ZManageTokenSchema)
    .output(ZManagedBookingSchema)
    .mutation(({ ctx, input }) => cancelMyBooking(ctx, input.token)),
  replaceDocument: rateLimited('manageBooking')
    .input(ZReplaceRequestedDocumentSchema)
    .output(ZManagedBookingSchema)
    .mutation(({ ctx, input }) => replaceRequestedDocument(ctx, input.token, input.objectPath)),
});

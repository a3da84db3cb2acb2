import { ZAcceptedSchema, ZFindBookingSchema, ZManagedBookingSchema, ZManageTokenSchema, ZReplaceRequestedDocumentSchema } from '../../shared/schemas/renter.schema';
import { cancelMyBooking, findMyBooking, replaceRequestedDocument, viewMyBooking } from '../services/renter.service';
import { defineRoute, serviceContext } from './route';

const TOKEN = 'The token of the "Manage your booking" link in the booking’s e-mails (the part after `#`).';

export const myBookingRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/bookings/find',
    tag: 'Bookings',
    summary: 'Find my booking',
    description:
      'E-mails the booking’s "Manage your booking" link to the address it was made with when `reference` (e.g. HI-7K3QPX; case, spaces and the prefix are forgiven) and `email` match. ' +
      'Answers 202 with the same message whether or not they match. One mailbox is sent at most a few links a day (`bookingLinks` of RATE_LIMITS), whoever asks; past that the answer is the same and no e-mail goes.',
    auth: 'public',
    rateLimit: 'findBooking',
    body: ZFindBookingSchema,
    response: { status: 202, schema: ZAcceptedSchema, description: 'Taken; the link is sent if the booking exists' },
    errors: [],
    handler: async (c, { body }) => findMyBooking(serviceContext(c), body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/my-booking',
    tag: 'Bookings',
    summary: 'Open my booking',
    description: `${TOKEN} Answers the booking, its payments, whether it can still be cancelled online and any document staff asked for. Opening it confirms the renter’s e-mail address: an unconfirmed booking then keeps its dates.`,
    auth: 'public',
    rateLimit: 'manageBooking',
    body: ZManageTokenSchema,
    response: { status: 200, schema: ZManagedBookingSchema, description: 'The booking as its renter sees it' },
    errors: [401, 503],
    handler: (c, { body }) => viewMyBooking(serviceContext(c), body.token),
  }),
  defineRoute({
    method: 'post',
    path: '/api/my-booking/cancel',
    tag: 'Bookings',
    summary: 'Cancel my booking',
    description: `${TOKEN} Free until 24 hours before pick-up; after that, 409 (the renter calls the garage: half of what was paid is refunded). The renter and the garage are e-mailed.`,
    auth: 'public',
    rateLimit: 'manageBooking',
    body: ZManageTokenSchema,
    response: { status: 200, schema: ZManagedBookingSchema, description: 'The cancelled booking' },
    errors: [401, 409, 503],
    handler: (c, { body }) => cancelMyBooking(serviceContext(c), body.token),
  }),
  defineRoute({
    method: 'post',
    path: '/api/my-booking/document',
    tag: 'Bookings',
    summary: 'Send the document staff asked for',
    description: `${TOKEN} \`objectPath\` is a document uploaded through POST /api/objects/upload; it replaces the requested document (409 when none was requested, 400 when it is the file the booking already holds). The garage is e-mailed.`,
    auth: 'public',
    rateLimit: 'manageBooking',
    body: ZReplaceRequestedDocumentSchema,
    response: { status: 200, schema: ZManagedBookingSchema, description: 'The booking with its new document' },
    errors: [401, 409, 503],
    handler: (c, { body }) => replaceRequestedDocument(serviceContext(c), body.token, body.objectPath),
  }),
];

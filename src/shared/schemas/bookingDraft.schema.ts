import { z } from 'zod';
import { DELIVERY_AREAS, DISTANCE_SERVICES, DRIVER_SERVICES } from '../pricing';
import { DOCUMENT_FIELDS, PICKUP_TIMES } from './booking.schema';
import { ZIsoDateSchema } from './common.schema';
import { ZObjectPathSchema } from './upload.schema';

/**
 * The booking form's draft, kept in the tab's sessionStorage so a reload or Back/Forward (a phone
 * that dropped the tab while the camera took the ID photo) loses nothing. Read back from storage
 * anyone could edit: every value is checked here, and a draft that fails is ignored whole. Text is
 * as typed so far (the form checks it on submit), only capped. Never the accepted terms (ticked
 * knowingly each time), nor a price (always computed from the dates and options).
 */
const ZTypedSchema = z.string().max(1000);

/** Bumped when the shape changes: a draft of another version is ignored. */
export const BOOKING_DRAFT_VERSION = 1;

/** An uploaded document: its server reference (valid for a day while no booking takes it) and the file's name to show. */
export const ZDraftDocumentSchema = z.object({ path: ZObjectPathSchema, name: z.string().min(1).max(255) });
export type TDraftDocument = z.infer<typeof ZDraftDocumentSchema>;

/** The renter's own details and documents: they follow the renter from one car's form to another's. */
export const ZRenterDraftSchema = z.object({
  version: z.literal(BOOKING_DRAFT_VERSION),
  fullName: ZTypedSchema,
  email: ZTypedSchema,
  phone: ZTypedSchema,
  license: ZTypedSchema,
  facebookProfile: ZTypedSchema,
  documents: z.partialRecord(z.enum(DOCUMENT_FIELDS), ZDraftDocumentSchema),
});
export type TRenterDraft = z.infer<typeof ZRenterDraftSchema>;

/** The rental chosen for one car: dates, pick-up time, services and delivery. */
export const ZRentalDraftSchema = z.object({
  version: z.literal(BOOKING_DRAFT_VERSION),
  pickupDate: z.union([z.literal(''), ZIsoDateSchema]),
  returnDate: z.union([z.literal(''), ZIsoDateSchema]),
  pickupTime: z.enum(PICKUP_TIMES),
  driverService: z.enum(DRIVER_SERVICES),
  distanceService: z.enum(DISTANCE_SERVICES),
  wantsDelivery: z.boolean(),
  deliveryArea: z.enum(DELIVERY_AREAS).nullable(),
  deliveryAddress: ZTypedSchema,
});
export type TRentalDraft = z.infer<typeof ZRentalDraftSchema>;

import type { z } from 'zod';
import { DEFAULT_PICKUP_TIME, DOCUMENT_FIELDS, type DocumentField } from '../../../shared/schemas/booking.schema';
import {
  BOOKING_DRAFT_VERSION,
  ZRentalDraftSchema,
  ZRenterDraftSchema,
  type TDraftDocument,
  type TRentalDraft,
  type TRenterDraft,
} from '../../../shared/schemas/bookingDraft.schema';

/** Every key of the draft starts so: a booking made clears them all. */
export const DRAFT_KEY_PREFIX = 'booking-draft:';
/** The renter's details and documents, one for the tab. */
export const RENTER_DRAFT_KEY = `${DRAFT_KEY_PREFIX}renter`;
/** A car's dates and options, one per car (by id, which a rename keeps). */
export const rentalDraftKey = (carId: string): string => `${DRAFT_KEY_PREFIX}car:${carId}`;

export type DraftDocuments = Partial<Record<DocumentField, TDraftDocument>>;

/** The form's values a draft keeps (the accepted terms are not among them). */
export interface DraftableValues {
  fullName: string;
  email: string;
  phone: string;
  license: string;
  facebookProfile: string;
  pickupDate: string;
  returnDate: string;
  pickupTime: string;
  driverService: TRentalDraft['driverService'];
  distanceService: TRentalDraft['distanceService'];
  wantsDelivery: boolean;
  deliveryArea: TRentalDraft['deliveryArea'];
  deliveryAddress: string;
}

/** The form's values before anything is typed or chosen. */
export const BLANK_VALUES: DraftableValues = {
  fullName: '',
  email: '',
  phone: '',
  license: '',
  facebookProfile: '',
  pickupDate: '',
  returnDate: '',
  pickupTime: DEFAULT_PICKUP_TIME,
  driverService: 'none',
  distanceService: 'none',
  wantsDelivery: false,
  deliveryArea: null,
  deliveryAddress: '',
};

/** A stored draft as its schema reads it, or null when missing, not JSON, of another version or edited out of shape. */
function parse<S extends z.ZodType>(schema: S, text: string | null): z.infer<S> | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const readRenterDraft = (text: string | null): TRenterDraft | null => parse(ZRenterDraftSchema, text);
export const readRentalDraft = (text: string | null): TRentalDraft | null => parse(ZRentalDraftSchema, text);

/** The renter's part of the form as stored text, or null when there is nothing of theirs to keep. */
export function renterDraftText(values: DraftableValues, documents: DraftDocuments): string | null {
  const draft: TRenterDraft = {
    version: BOOKING_DRAFT_VERSION,
    fullName: values.fullName,
    email: values.email,
    phone: values.phone,
    license: values.license,
    facebookProfile: values.facebookProfile,
    documents: Object.fromEntries(DOCUMENT_FIELDS.flatMap((field) => (documents[field] ? [[field, documents[field]]] : []))),
  };
  const empty = !draft.fullName && !draft.email && !draft.phone && !draft.license && !draft.facebookProfile && !Object.keys(draft.documents).length;
  return empty ? null : JSON.stringify(draft);
}

/** A car's part of the form as stored text, or null when it is still as the form starts (BLANK_VALUES). */
export function rentalDraftText(values: DraftableValues): string | null {
  const draft: TRentalDraft = {
    version: BOOKING_DRAFT_VERSION,
    pickupDate: values.pickupDate,
    returnDate: values.returnDate,
    pickupTime: values.pickupTime as TRentalDraft['pickupTime'],
    driverService: values.driverService,
    distanceService: values.distanceService,
    wantsDelivery: values.wantsDelivery,
    deliveryArea: values.deliveryArea,
    deliveryAddress: values.deliveryAddress,
  };
  const untouched = (Object.keys(draft) as Array<keyof TRentalDraft>).every((key) => key === 'version' || draft[key] === BLANK_VALUES[key]);
  return untouched ? null : JSON.stringify(draft);
}

/** The tab's storage, or null where the browser refuses it (storage turned off, a sandboxed frame). */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A stored draft's text, or null. */
export function storedDraft(key: string): string | null {
  try {
    return tabStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a draft's text for the tab (null removes it); a full or refused storage only loses the draft. */
export function keepDraft(key: string, text: string | null): void {
  try {
    const storage = tabStorage();
    if (text === null) storage?.removeItem(key);
    else storage?.setItem(key, text);
  } catch {
    // Nothing to do: the form works on without a draft.
  }
}

/** Removes every booking draft of the tab, the renter's and each car's: a booking was made. */
export function clearDrafts(): void {
  const storage = tabStorage();
  if (!storage) return;
  try {
    for (const key of Object.keys(storage)) if (key.startsWith(DRAFT_KEY_PREFIX)) storage.removeItem(key);
  } catch {
    // As above.
  }
}

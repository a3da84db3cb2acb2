import { randomInt, randomUUID } from 'node:crypto';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { depositFor } from '../../shared/business';
import { RANGE_PROBLEMS, rangeProblem } from '../../shared/calendar';
import { todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { mailboxKey, phoneKey } from '../../shared/names';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, REFERENCE_PREFIX } from '../../shared/reference';
import { fromCentavos, toCentavos } from '../../shared/money';
import { computePrice, type DeliveryArea, type DistanceService, type DriverService } from '../../shared/pricing';
import {
  DOCUMENT_FIELDS,
  documentIssuePath,
  MAX_UNPROVEN_BOOKINGS,
  type BookingStatus,
  type TAdminCreateBooking,
  type TBooking,
  type TCreateBooking,
  type TCreateBookingAnswer,
  type TDocuments,
} from '../../shared/schemas/booking.schema';
import { clock } from '../clock';
import { escapeLike } from '../db/like';
import { Booking, Car, Customer, type IBooking, type ICar } from '../db/entities';
import type { Actor, AdminContext, ServiceContext } from '../deps';
import { queueMail } from '../mail/outbox';
import { bookingConfirmedMail, bookingReceivedMail, garageBookingMail } from '../mail/templates';
import { audit } from './audit.service';
import { changeBookings, namingTheClash, takingDays } from './booking-change.service';
import { isNameBlocked } from './blocklist.service';
import { refuseSameFileTwice } from './document.service';
import { FIRST_LINK_VERSION, garageMailContext, makeDocumentToken, renterMailContext } from './booking-tokens';
import { holdFromNow } from './booking-jobs.service';
import { renterView, toBookingDto, toCustomerDto } from './dto';
import { attachUploads, planUploads } from './upload.service';
import { bookingOfKey, idempotently, idempotentRequest, rememberKey, type IdempotentRequest } from './idempotency.service';
import { currentLocale } from '../../shared/i18n/catalog';
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales';

/** The facts of a car a booking needs, read as a plain row. */
export type CarForBooking = Pick<ICar, 'id' | 'name' | 'category' | 'transmission' | 'fuel' | 'dailyRate' | 'deposit' | 'available'>;

async function carForBooking(em: EntityManager, where: FilterQuery<ICar>): Promise<CarForBooking | null> {
  const car: CarForBooking | undefined = await em
    .createQueryBuilder(Car)
    .select(['id', 'name', 'category', 'transmission', 'fuel', 'dailyRate', 'deposit', 'available'])
    .where(where)
    .limit(1)
    .execute('get');
  return car ?? null;
}

/** The renter as a booking is made for them: what the form, the integrator or staff entered. */
export interface Renter {
  fullName: string;
  email: string;
  phone?: string | undefined;
  license?: string | undefined;
  facebookProfile?: string | undefined;
}

/** What a booking is made of, whoever enters it: its customer, car and renter, the rental's choices, how it came and where it stands. */
export interface BookingDraft {
  /** Its customer's record and the instant that record was stamped with (`findOrCreateCustomer`): the booking's too. */
  customer: RenterRecord;
  car: CarForBooking;
  renter: Renter;
  documents?: TDocuments | undefined;
  rental: {
    pickupDate: string;
    returnDate: string;
    pickupTime: IBooking['pickupTime'];
    driverService: DriverService;
    distanceService: DistanceService;
    wantsDelivery?: boolean;
    deliveryArea?: DeliveryArea | null | undefined;
    deliveryAddress?: string | null | undefined;
  };
  source: IBooking['source'];
  status: BookingStatus;
  /** Until when an unconfirmed (pending) website booking holds its days. */
  holdUntil?: Date | null;
  /** A total agreed by staff: kept, its difference to the price list stored as the adjustment. */
  agreedTotal?: string | undefined;
  /** The garage's deposit (its settings), taken when the car has none of its own. */
  garageDeposit: string;
  /** The renter's language, for their e-mails: the request's (the site's page) for website bookings. */
  locale?: Locale;
}

/**
 * The one place a booking is made, for the website and for staff alike: priced from the car's
 * current rate and the chosen services by the shared pricing module, and inserted in the caller's
 * transaction (the exclusion constraint settles its days). Answers it as its DTO.
 */
export async function buildBooking(em: EntityManager, draft: BookingDraft): Promise<TBooking> {
  const { rental, car, renter } = draft;
  const wantsDelivery = rental.wantsDelivery ?? false;
  const deliveryArea = wantsDelivery ? (rental.deliveryArea ?? null) : null;
  const price = computePrice({ ...rental, dailyRate: car.dailyRate, deliveryArea });
  const adjustment = draft.agreedTotal ? toCentavos(draft.agreedTotal) - toCentavos(price.total) : 0;
  const now = draft.customer.at;
  const row = {
    id: randomUUID(),
    reference: newReference(),
    renterName: renter.fullName,
    renterEmail: renter.email,
    renterPhone: renter.phone ?? '',
    renterPhoneKey: phoneKey(renter.phone ?? ''),
    renterMailboxKey: mailboxKey(renter.email),
    renterLicense: renter.license ?? null,
    facebookProfile: renter.facebookProfile ?? null,
    photoId1Url: draft.documents?.photoId1Url ?? null,
    photoId2Url: draft.documents?.photoId2Url ?? null,
    proofOfBillingUrl: draft.documents?.proofOfBillingUrl ?? null,
    carName: car.name,
    pickupDate: rental.pickupDate,
    returnDate: rental.returnDate,
    pickupTime: rental.pickupTime,
    driverService: rental.driverService,
    distanceService: rental.distanceService,
    wantsDelivery,
    deliveryArea,
    deliveryAddress: wantsDelivery ? (rental.deliveryAddress ?? null) : null,
    totalDays: price.days,
    dailyRate: price.dailyRate,
    subtotal: price.subtotal,
    driverFee: price.driverFee,
    distanceFee: price.distanceFee,
    deliveryFee: price.deliveryFee,
    insurance: price.insurance,
    deposit: depositFor(car, { deposit: draft.garageDeposit }),
    adjustment: fromCentavos(adjustment),
    total: fromCentavos(toCentavos(price.total) + adjustment),
    amountPaid: '0.00',
    status: draft.status,
    source: draft.source,
    holdUntil: draft.holdUntil ?? null,
    locale: draft.locale ?? DEFAULT_LOCALE,
    createdAt: now,
    updatedAt: now,
  };
  // A reference already taken (about one in ten thousand at 100,000 bookings) is drawn again; any other
  // conflict (the booking's days) still fails the insert.
  for (;;) {
    const inserted: Array<{ id: string }> = await takingDays(
      em
        .createQueryBuilder(Booking)
        .insert({ ...withoutNulls(row), customer: draft.customer.id, car: car.id })
        .onConflict('reference')
        .ignore()
        .returning(['id'])
        .execute('all'),
    );
    if (inserted.length) break;
    row.reference = newReference();
  }
  return toBookingDto({ ...row, ...NOT_YET, linkVersion: FIRST_LINK_VERSION, customer: { id: draft.customer.id }, car });
}

/** What a new booking has not had yet: its renter's proof of address, a reminder, a cancellation, a document request. */
const NOT_YET = {
  emailProvenAt: null,
  reminderSentAt: null,
  cancelledAt: null,
  cancelledBy: null,
  requestedDocument: null,
  documentRequestNote: null,
  documentRequestedAt: null,
} as const;

/**
 * `row` without its null fields, for an insert: a column left out is null all the same, and MikroORM's
 * insert renames every key of the row for each field it maps (`Utils.renameKey`).
 */
function withoutNulls<T extends object>(row: T): T {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)) as T;
}

/** A new booking reference, drawn at random (`src/shared/reference.ts`). */
function newReference(): string {
  return REFERENCE_PREFIX + Array.from({ length: REFERENCE_LENGTH }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
}

/** A customer record that a booking is being made or moved under, and the instant it was stamped with. */
export interface RenterRecord {
  id: string;
  at: Date;
}

/**
 * The customer record of an e-mail address (stored lower-cased), created from `renter` when there is
 * none. One row per address even when two bookings for it arrive together (`insert ... on conflict
 * (email)`); an existing customer's details are never changed here, but their `updatedAt` moves: a
 * booking is coming to them, and it carries the same instant, so the booking's trigger that brings
 * the customer's `updatedAt` up to their bookings' (Migration20261128060000_customer_updated_at)
 * finds nothing to write. A record made for staff (`staff`: a booking they enter, an address they
 * correct) is logged as one they add is.
 */
export async function findOrCreateCustomer(em: EntityManager, renter: Renter, documents?: TDocuments, staff?: Actor): Promise<RenterRecord> {
  const now = clock.now();
  const values = {
    id: randomUUID(),
    email: renter.email,
    fullName: renter.fullName,
    phone: renter.phone ?? '',
    license: renter.license ?? null,
    facebookProfile: renter.facebookProfile ?? null,
    photoId1Url: documents?.photoId1Url ?? null,
    photoId2Url: documents?.photoId2Url ?? null,
    proofOfBillingUrl: documents?.proofOfBillingUrl ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const row: { id: string } = await em.createQueryBuilder(Customer).insert(values).onConflict('email').merge(['updatedAt']).returning(['id']).execute('get');
  // The id drawn here came back: this statement inserted the row, no earlier one had the address.
  if (staff && row.id === values.id) audit({ em, actor: staff }, 'customer.create', 'customer', row.id, null, toCustomerDto({ ...values, licenseExpiry: null, address: null, erasedAt: null }));
  return { id: row.id, at: now };
}

/**
 * Refuses (429) a website booking while the renter's mailbox (its address however spelled:
 * `mailboxKey`) or phone number already has MAX_UNPROVEN_BOOKINGS pending bookings whose renter has
 * not opened their link: an address nobody proved cannot hold the fleet, nor fill a stranger's
 * inbox through `+tag` spellings of it.
 */
async function refuseTooManyUnproven(em: EntityManager, mailbox: string, key: string): Promise<void> {
  // A plain statement, like the blocklist's: MikroORM's QueryBuilder spent about 0.3 ms of processor
  // time building this condition and mapping its rows. The status is checked here, not in SQL: named
  // there, it let PostgreSQL choose the partial index of pending holds on a table not yet analyzed (a
  // new database, until autovacuum's first pass) and read every pending booking (5 ms at 8,000);
  // without it, only the mailbox and phone indexes fit, whatever the statistics say.
  const rows = await em.execute<Array<{ status: BookingStatus; renter_mailbox_key: string; renter_phone_key: string }>>(
    'select status, renter_mailbox_key, renter_phone_key from booking where email_proven_at is null and hold_until > ? and (renter_mailbox_key = ? or renter_phone_key = ?)',
    [clock.now(), mailbox, key],
  );
  const open = rows.filter((b) => b.status === 'pending');
  if (open.filter((b) => b.renter_mailbox_key === mailbox).length >= MAX_UNPROVEN_BOOKINGS || open.filter((b) => b.renter_phone_key === key).length >= MAX_UNPROVEN_BOOKINGS) {
    throw new AppError('CONFLICT', messages.errors.unprovenLimit({ max: MAX_UNPROVEN_BOOKINGS }));
  }
}

/** Pick-up today or later (Asia/Manila), at most a year ahead: the calendar's rules for a range. */
function checkPublicDates(rental: { pickupDate: string; returnDate: string }): void {
  const problem = rangeProblem(rental.pickupDate, rental.returnDate, todayInManila(clock.now()));
  if (!problem) return;
  const { field, message } = RANGE_PROBLEMS[problem];
  throw new AppError('BAD_REQUEST', message, { issues: [{ path: `booking.${field}`, message }] });
}

/**
 * A booking from the public site or an integrator. Every rule is checked here. In one transaction:
 * the customer record of the e-mail address is found (never changed) or created, the booking is
 * inserted with the renter's details and documents as sent, the documents are checked and attached
 * to it, and both e-mails are queued; PostgreSQL's exclusion constraint settles any race for the
 * same days. The answer holds what the request sent plus the booking, nothing read back.
 *
 * With an idempotency key (ZIdempotencyKeySchema), the key is recorded in that transaction, and a
 * request with a key that already made a booking answers that booking as it is now, with no new
 * e-mail: a retry after a lost answer, or a second click while the first was under way (it waits for
 * the first to commit), gets the renter's booking instead of a second one or a "dates taken".
 */
export async function createPublicBooking(ctx: ServiceContext, input: TCreateBooking, idempotencyKey?: string): Promise<TCreateBookingAnswer> {
  const request = idempotencyKey ? idempotentRequest(idempotencyKey, input) : null;
  return idempotently(
    request,
    async (key) => {
      const earlier = await bookingOfKey(ctx.em, key);
      return earlier ? createAnswer(ctx, input.customer, toBookingDto(earlier)) : null;
    },
    () => bookOnce(ctx, input, request),
  );
}

async function bookOnce(ctx: ServiceContext, input: TCreateBooking, request: IdempotentRequest | null): Promise<TCreateBookingAnswer> {
  const { customer: renter, booking: rental } = input;
  checkPublicDates(rental);
  // The documents are stored under new keys as they are attached (see attachUploads): the booking names those.
  const plan = planUploads(DOCUMENT_FIELDS.map((field) => renter[field]), 'document', DOCUMENT_FIELDS.map(documentIssuePath));
  const [photoId1Url, photoId2Url, proofOfBillingUrl] = plan.map((step) => step.to) as [string, string, string];
  const documents = { photoId1Url, photoId2Url, proofOfBillingUrl };
  // The car's rate and availability as the fleet list shows them: every car change clears that list
  // at its commit here and, through the change feed, on every other instance. A car deleted meanwhile
  // fails the booking's foreign key (404).
  const car = (await ctx.deps.fleet.get()).cars.find((candidate) => candidate.id === rental.carId);
  if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
  if (!car.available) throw new AppError('CONFLICT', messages.errors.carUnavailable);
  const booking = await changeBookings(
    ctx,
    async (em) => {
      const tx = { ...ctx, em };
      // Advisory locks order the bookings of one phone number and those of one mailbox (every
      // spelling of the address, each a customer of its own), so their limits hold however many
      // arrive at once. The blocklist's statement takes them, before the customer's row, and in a
      // statement of their own: the count below, a later statement, sees what the holder committed.
      const phone = phoneKey(renter.phone);
      const mailbox = mailboxKey(renter.email);
      if (await isNameBlocked(tx, renter.fullName, [phone, mailbox])) throw new AppError('FORBIDDEN', messages.errors.nameBlocked);
      const customer = await findOrCreateCustomer(em, renter, documents);
      await refuseTooManyUnproven(em, mailbox, phone);
      const made = await buildBooking(em, { customer, car, renter, documents, rental, source: 'website', status: 'pending', holdUntil: holdFromNow(ctx.deps), garageDeposit: ctx.deps.business.deposit, locale: currentLocale() });
      await attachUploads(tx, plan, 'document', `booking:${made.id}`, (sealed) => refuseSameFileTwice(ctx.deps.storage, sealed));
      await queueMail(em, [bookingReceivedMail(made, renterMailContext(ctx.deps, { id: made.id, linkVersion: FIRST_LINK_VERSION })), garageBookingMail(made, garageMailContext(ctx.deps))]);
      if (request && !(await rememberKey(em, request, { booking: made.id }))) throw new AppError('CONFLICT', messages.errors.idempotencyKeyReused);
      return made;
    },
    (made) => [made.carId],
  );
  ctx.deps.mail.wake();
  return createAnswer(ctx, renter, booking);
}

/** A create answer: the renter as the request sent them, under their customer record, and the booking with its documents. */
function createAnswer(ctx: ServiceContext, renter: Renter, booking: TBooking): TCreateBookingAnswer {
  const customer = {
    id: booking.customerId,
    fullName: renter.fullName,
    email: renter.email,
    phone: renter.phone ?? '',
    license: renter.license ?? null,
    facebookProfile: renter.facebookProfile ?? null,
    // A website booking always holds its three documents (a day-old retry cannot find them purged).
    photoId1Url: booking.photoId1Url ?? '',
    photoId2Url: booking.photoId2Url ?? '',
    proofOfBillingUrl: booking.proofOfBillingUrl ?? '',
  };
  return { customer, booking: renterView(booking), documentToken: makeDocumentToken(ctx.deps.signingSecret, booking) };
}

/**
 * A booking entered by staff (phone or walk-in), inside the caller's transaction. An existing
 * customer's details are left as they are; a given total is kept, its difference to the price list
 * shown as an adjustment. Staff may book a car marked unavailable. The renter of a pending or
 * confirmed booking is e-mailed its receipt and manage link (received, or confirmed); one entered
 * as completed or cancelled (a record of the past) is not.
 */
export async function createAdminBooking(ctx: AdminContext, input: TAdminCreateBooking): Promise<TBooking> {
  const em = ctx.em;
  const car = await carForBooking(em, input.carId ? { id: input.carId } : { name: { $ilike: escapeLike(input.carName ?? '') } });
  if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
  const renter = { email: input.customerEmail, fullName: input.customerName, phone: input.customerPhone };
  const customer = await findOrCreateCustomer(em, renter, undefined, ctx.actor);
  const booking = await buildBooking(em, { customer, car, renter, rental: input, source: 'admin', status: input.status, agreedTotal: input.total, garageDeposit: ctx.deps.business.deposit, locale: input.locale });
  audit(ctx, 'booking.create', 'booking', booking.id, null, booking);
  const renterMail = OPEN_BOOKING_MAIL[booking.status];
  if (renterMail) await queueMail(em, [renterMail(booking, renterMailContext(ctx.deps, { id: booking.id, linkVersion: FIRST_LINK_VERSION }))]);
  await em.flush();
  return booking;
}

/** The e-mail that tells the renter where an open booking stands (received, or confirmed), with its receipt and manage link; a completed or cancelled one has none. */
export const OPEN_BOOKING_MAIL: Partial<Record<BookingStatus, typeof bookingReceivedMail>> = { pending: bookingReceivedMail, confirmed: bookingConfirmedMail };

export async function createAdminBookingTx(ctx: AdminContext, input: TAdminCreateBooking): Promise<TBooking> {
  const askedDays = async () => {
    const car = await carForBooking(ctx.em.fork(), input.carId ? { id: input.carId } : { name: { $ilike: escapeLike(input.carName ?? '') } });
    return car ? { carId: car.id, pickupDate: input.pickupDate, returnDate: input.returnDate } : null;
  };
  const booking = await namingTheClash(ctx, askedDays, () => changeBookings(ctx, (em) => createAdminBooking({ ...ctx, em }, input), (made) => [made.carId]));
  ctx.deps.mail.wake();
  return booking;
}

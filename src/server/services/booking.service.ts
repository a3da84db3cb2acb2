import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { LoadStrategy, LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { addDays, todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { fromCentavos, formatPeso, toCentavos } from '../../shared/money';
import { computePrice } from '../../shared/pricing';
import {
  DOCUMENT_FIELDS,
  MAX_DAYS_AHEAD,

  type BookingStatus,
  type TAddPayment,
  type TAdminCreateBooking,
  type TBooking,
  type TBookingListQuery,
  type TCreateBooking,
  type TPayment,
} from '../../shared/schemas/booking.schema';
import type { TCustomer } from '../../shared/schemas/customer.schema';
import { clock } from '../clock';
import { containsPattern, customerTextMatches, escapeLike, uuidPrefixRange, wholeEmail } from '../db/like';
import { rawTransaction } from '../db/raw';
import { joinStatements, type Statement } from '../db/statement';
import { keyFromObjectPath } from '../storage/storage';
import { normalizeName } from '../../shared/names';
import { Booking, Car, Customer, Payment, type IBooking, type ICar, type ICustomer, type IPayment } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { mailStatement } from '../mail/outbox';
import { bookingConfirmationMail, garageBookingMail } from '../mail/templates';
import { audit } from './audit.service';
import { announceCommitted, CHANNELS } from './change-feed';
import { attachStatement, attachUploads, checkForAttach, detachStatement, detachUploads, UPLOAD_ROW_COLUMNS, uploadKeys, type UploadRow } from './upload.service';

export function toBookingDto(b: IBooking): TBooking {
  const customer = b.customer as unknown as ICustomer;
  const car = (b.car ?? null) as unknown as ICar | null;
  return {
    id: b.id,
    createdAt: b.createdAt.toISOString(),
    status: b.status,
    source: b.source,
    customerId: customer.id,
    customerName: customer.fullName,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    carId: car?.id ?? null,
    carName: b.carName,
    carCategory: car?.category ?? '',
    carTransmission: car?.transmission ?? '',
    carFuel: car?.fuel ?? '',
    pickupDate: b.pickupDate,
    returnDate: b.returnDate,
    pickupTime: b.pickupTime,
    totalDays: b.totalDays,
    dailyRate: b.dailyRate,
    withDriver: b.driverService !== 'none',
    driverService: b.driverService,
    distanceService: b.distanceService,
    wantsDelivery: b.wantsDelivery,
    deliveryArea: b.deliveryArea ?? null,
    deliveryAddress: b.deliveryAddress ?? null,
    subtotal: b.subtotal,
    driverFee: b.driverFee,
    distanceFee: b.distanceFee,
    deliveryFee: b.deliveryFee,
    insurance: b.insurance,
    adjustment: b.adjustment,
    total: b.total,
    amountPaid: b.amountPaid,
    balance: fromCentavos(toCentavos(b.total) - toCentavos(b.amountPaid)),
  };
}

export function toCustomerDto(c: ICustomer): TCustomer {
  return {
    id: c.id,
    fullName: c.fullName,
    email: c.email,
    phone: c.phone,
    license: c.license ?? null,
    licenseExpiry: c.licenseExpiry ?? null,
    address: c.address ?? null,
    photoId1Url: c.photoId1Url ?? null,
    photoId2Url: c.photoId2Url ?? null,
    proofOfBillingUrl: c.proofOfBillingUrl ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toPaymentDto(p: IPayment): TPayment {
  return {
    id: p.id,
    bookingId: (p.booking as unknown as IBooking).id,
    amount: p.amount,
    method: p.method,
    note: p.note ?? null,
    recordedBy: p.recordedBy,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Pick-up today or later (Asia/Manila), and at most a year ahead. */
function checkPublicDates(pickupDate: string): void {
  const today = todayInManila(clock.now());
  if (pickupDate < today) throw new AppError('BAD_REQUEST', messages.validation.pickupInPast, { issues: [{ path: 'booking.pickupDate', message: messages.validation.pickupInPast }] });
  if (pickupDate > addDays(today, MAX_DAYS_AHEAD)) {
    throw new AppError('BAD_REQUEST', messages.validation.tooFarAhead, { issues: [{ path: 'booking.pickupDate', message: messages.validation.tooFarAhead }] });
  }
}

/** Finds or creates the customer by e-mail and locks the row (ON CONFLICT DO UPDATE locks an existing row). */
const UPSERT_CUSTOMER_SQL = `insert into customer (id, full_name, email, phone, created_at, updated_at) values (gen_random_uuid(), ?, ?, ?, ?, ?)
  on conflict (email) do update set email = excluded.email returning *`;

/**
 * Finds the customer by e-mail (case-insensitive: e-mails are stored lower-cased) or creates one;
 * one row per e-mail even under concurrency. A renter booking again updates their own details
 * (`update`); a booking entered by staff leaves an existing customer as it is.
 */
async function upsertCustomer(
  em: EntityManager,
  data: { email: string; fullName: string; phone?: string | undefined; license?: string | undefined; facebookProfile?: string | undefined },
  update = true,
): Promise<ICustomer> {
  const [row] = await em.execute<Array<Record<string, unknown>>>(UPSERT_CUSTOMER_SQL, [data.fullName, data.email, data.phone ?? '', clock.now(), clock.now()]);
  const customer = em.map(Customer, row!);
  if (!update) return customer;
  customer.fullName = data.fullName;
  if (data.phone) customer.phone = data.phone;
  if (data.license) customer.license = data.license;
  if (data.facebookProfile) customer.facebookProfile = data.facebookProfile;
  return customer;
}

/** The customer's columns a public booking may change, by property. */
const RENTER_FIELDS = ['fullName', 'phone', 'license', 'facebookProfile', ...DOCUMENT_FIELDS] as const;

/** The car as a public booking reads it (the rate as PostgreSQL's numeric text, as pg returns it). */
type PublicBookingCar = Pick<ICar, 'id' | 'name' | 'category' | 'transmission' | 'fuel' | 'dailyRate' | 'available'>;

/** The statement writing what changed between `before` and `after` to the customer's row (null when nothing did), as a flush would. */
function customerUpdateStatement(em: EntityManager, before: ICustomer, after: ICustomer): Statement | null {
  const changed = RENTER_FIELDS.filter((field) => (after[field] ?? null) !== (before[field] ?? null));
  if (!changed.length) return null;
  const meta = em.getMetadata().get(Customer.meta.className);
  return {
    sql: `update customer set ${changed.map((field) => `${meta.properties[field]!.fieldNames[0]} = ?`).join(', ')}, updated_at = ? where id = ?`,
    params: [...changed.map((field) => after[field] ?? null), new Date(), after.id],
  };
}

/**
 * What a submission does to a customer's documents: the paths that changed are put on `customer`,
 * and returned to be attached; the ones they replaced, unless still used by another field, are
 * returned to be released.
 */
function takeDocuments(customer: ICustomer, documents: Partial<Record<(typeof DOCUMENT_FIELDS)[number], string>>): { attach: string[]; release: string[] } {
  const changed = DOCUMENT_FIELDS.filter((field) => documents[field] && documents[field] !== customer[field]);
  const previous = changed.map((field) => customer[field]);
  for (const field of changed) customer[field] = documents[field]!;
  const kept = new Set(DOCUMENT_FIELDS.map((field) => customer[field]));
  return { attach: changed.map((field) => documents[field]!), release: previous.filter((value): value is string => Boolean(value) && !kept.has(value)) };
}

/**
 * Replaces a customer's documents with newly uploaded ones, inside the caller's transaction: the new
 * uploads are locked and checked together, and the ones no longer used are released.
 */
export async function replaceDocuments(ctx: ServiceContext, customer: ICustomer, documents: Partial<Record<(typeof DOCUMENT_FIELDS)[number], string>>): Promise<void> {
  const { attach, release } = takeDocuments(customer, documents);
  if (!attach.length) return;
  await attachUploads(ctx, attach, 'document', `customer:${customer.id}`);
  await detachUploads(ctx, release);
}

/** How long the document token of a create answer stays valid. */
const DOCUMENT_TOKEN_SECONDS = 60 * 60;

export function makeDocumentToken(secret: string, customerId: string): string {
  const expires = Math.floor(clock.now().getTime() / 1000) + DOCUMENT_TOKEN_SECONDS;
  const signature = createHmac('sha256', secret).update(`documents\n${customerId}\n${expires}`).digest('base64url');
  return `${expires}.${signature}`;
}

export function checkDocumentToken(secret: string, customerId: string, token: string): boolean {
  const [expires, signature] = token.split('.');
  if (!expires || !signature || !/^\d+$/.test(expires) || Number(expires) * 1000 < clock.now().getTime()) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`documents\n${customerId}\n${expires}`).digest('base64url'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A booking from the public site or an integrator. Every rule is checked here; the price comes
 * from the car's current rate and the shared pricing module; the customer, the documents, the
 * booking and both e-mails are written in one transaction, and PostgreSQL's exclusion constraint
 * settles any race for the same days.
 */
export async function createPublicBooking(ctx: ServiceContext, input: TCreateBooking): Promise<{ customer: TCustomer; booking: TBooking; documentToken: string }> {
  const { customer: renter, booking: rental } = input;
  checkPublicDates(rental.pickupDate);
  const missing = DOCUMENT_FIELDS.filter((field) => !renter[field]);
  if (missing.length) {
    throw new AppError('BAD_REQUEST', messages.validation.documentsRequired, {
      issues: missing.map((field) => ({ path: `customer.${field}`, message: messages.validation.documentsRequired })),
    });
  }

  // This is the busiest write path, and under load each round trip to the database waits its turn
  // on a busy server: so the transaction is two statements between BEGIN and COMMIT, of plain rows
  // (no ORM unit of work), sent through pg with bound parameters (rawTransaction). The first finds or creates the customer and reads everything the rules
  // need, locking the rows it will change; the stored files are checked; the second writes the
  // uploads, the customer, the booking and both e-mails. The exclusion constraint still decides
  // the booking's days.
  const keys = DOCUMENT_FIELDS.map((field) => renter[field]!).filter((value) => value.startsWith('/objects/')).map((value) => keyFromObjectPath(value));
  const validKeys = keys.filter((key): key is string => Boolean(key));
  const em = ctx.em;
  const result = await rawTransaction(em, async (run) => {
    const [row] = await run<Record<string, unknown> & { _car: PublicBookingCar | null; _blocked: boolean; _uploads: UploadRow[] }>({
      sql: `with c as (${UPSERT_CUSTOMER_SQL}),
         u as (select ${UPLOAD_ROW_COLUMNS} from upload where object_key in (${validKeys.length ? validKeys.map(() => '?').join(', ') : 'null'}) for update)
       select c.*,
         (select json_build_object('id', id, 'name', name, 'category', category, 'transmission', transmission, 'fuel', fuel,
            'dailyRate', daily_rate::text, 'available', available) from car where id = ?) as _car,
         exists (select 1 from blocked_name where normalized_name = ?) as _blocked,
         (select coalesce(json_agg(u), '[]'::json) from u) as _uploads
       from c`,
      params: [renter.fullName, renter.email, renter.phone ?? '', clock.now(), clock.now(), ...validKeys, rental.carId, normalizeName(renter.fullName) || null],
    });
    const { _car: car, _blocked: blocked, _uploads: uploads, ...customerRow } = row!;
    if (blocked) throw new AppError('FORBIDDEN', messages.errors.nameBlocked);
    if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
    if (!car.available) throw new AppError('CONFLICT', messages.errors.carUnavailable);

    const deliveryArea = rental.wantsDelivery ? (rental.deliveryArea ?? null) : null;
    const price = computePrice({ ...rental, dailyRate: car.dailyRate, deliveryArea });
    const customer = em.getDriver().mapResult(customerRow, em.getMetadata().get(Customer.meta.className)) as unknown as ICustomer;
    const stored = { ...customer };
    customer.fullName = renter.fullName;
    if (renter.phone) customer.phone = renter.phone;
    if (renter.license) customer.license = renter.license;
    if (renter.facebookProfile) customer.facebookProfile = renter.facebookProfile;
    const owner = `customer:${customer.id}`;
    const documents = takeDocuments(customer, renter);
    const checked = documents.attach.length ? await checkForAttach(ctx, uploads, uploadKeys(documents.attach), 'document', owner) : [];

    const now = clock.now();
    const booking = {
      id: randomUUID(),
      customer,
      car,
      carName: car.name,
      pickupDate: rental.pickupDate,
      returnDate: rental.returnDate,
      pickupTime: rental.pickupTime,
      driverService: rental.driverService,
      distanceService: rental.distanceService,
      wantsDelivery: rental.wantsDelivery,
      deliveryArea,
      deliveryAddress: rental.wantsDelivery ? (rental.deliveryAddress ?? null) : null,
      facebookProfile: renter.facebookProfile ?? null,
      totalDays: price.days,
      dailyRate: price.dailyRate,
      subtotal: price.subtotal,
      driverFee: price.driverFee,
      distanceFee: price.distanceFee,
      deliveryFee: price.deliveryFee,
      insurance: price.insurance,
      adjustment: '0.00',
      total: price.total,
      amountPaid: '0.00',
      status: 'pending' as const,
      source: 'website' as const,
      createdAt: now,
      updatedAt: new Date(),
    };
    const dto = toBookingDto(booking as unknown as IBooking);
    const insertBooking: Statement = {
      sql: `insert into booking (id, customer_id, car_id, car_name, pickup_date, return_date, pickup_time, driver_service, distance_service,
         wants_delivery, delivery_area, delivery_address, facebook_profile, total_days, daily_rate, subtotal, driver_fee, distance_fee,
         delivery_fee, insurance, adjustment, total, amount_paid, status, source, created_at, updated_at)
       values (${Array.from({ length: 27 }, () => '?').join(', ')})`,
      params: [
        booking.id, customer.id, car.id, booking.carName, booking.pickupDate, booking.returnDate, booking.pickupTime, booking.driverService,
        booking.distanceService, booking.wantsDelivery, booking.deliveryArea, booking.deliveryAddress, booking.facebookProfile, booking.totalDays,
        booking.dailyRate, booking.subtotal, booking.driverFee, booking.distanceFee, booking.deliveryFee, booking.insurance, booking.adjustment,
        booking.total, booking.amountPaid, booking.status, booking.source, booking.createdAt, booking.updatedAt,
      ],
    };
    // The attached and the released uploads are different rows (takeDocuments keeps every path in use).
    const write = joinStatements(
      [
        attachStatement(checked, owner),
        detachStatement(documents.release),
        customerUpdateStatement(em, stored, customer),
        mailStatement([bookingConfirmationMail(dto, ctx.deps.business), garageBookingMail(dto, ctx.deps.business, ctx.deps.mail.garageTo)]),
      ],
      insertBooking,
    );
    await run(write);
    return { customer: toCustomerDto(customer), booking: dto };
  });
  bookingsChanged(ctx, [rental.carId]);
  ctx.deps.mail.wake();
  return { ...result, documentToken: makeDocumentToken(ctx.deps.signingSecret, result.customer.id) };
}

async function findCarForAdmin(em: EntityManager, input: { carId?: string | undefined; carName?: string | undefined }): Promise<ICar> {
  const car = input.carId
    ? await em.findOne(Car, { id: input.carId })
    : await em.findOne(Car, { name: { $ilike: escapeLike(input.carName ?? '') } });
  if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
  return car;
}

/** A booking entered by staff (phone or walk-in). A given total is kept, its difference to the price list shown as an adjustment. */
export async function createAdminBooking(ctx: AdminContext, input: TAdminCreateBooking, em: EntityManager = ctx.em): Promise<TBooking> {
  const tx = { ...ctx, em };
  const car = await findCarForAdmin(em, input);
  const price = computePrice({ ...input, dailyRate: car.dailyRate, deliveryArea: null });
  const adjustment = input.total ? toCentavos(input.total) - toCentavos(price.total) : 0;
  const customer = await upsertCustomer(em, { email: input.customerEmail, fullName: input.customerName, phone: input.customerPhone }, false);
  const booking = em.create(Booking, {
    id: randomUUID(),
    customer,
    car,
    carName: car.name,
    pickupDate: input.pickupDate,
    returnDate: input.returnDate,
    pickupTime: input.pickupTime,
    driverService: input.driverService,
    distanceService: input.distanceService,
    wantsDelivery: false,
    deliveryArea: null,
    deliveryAddress: null,
    facebookProfile: null,
    totalDays: price.days,
    dailyRate: price.dailyRate,
    subtotal: price.subtotal,
    driverFee: price.driverFee,
    distanceFee: price.distanceFee,
    deliveryFee: price.deliveryFee,
    insurance: price.insurance,
    adjustment: fromCentavos(adjustment),
    total: input.total ?? price.total,
    amountPaid: '0.00',
    status: input.status,
    source: 'admin',
    createdAt: clock.now(),
  });
  audit(tx, 'booking.create', 'booking', booking.id, null, toBookingDto(booking));
  await em.flush();
  return toBookingDto(booking);
}

export async function createAdminBookingTx(ctx: AdminContext, input: TAdminCreateBooking): Promise<TBooking> {
  return changeBookings(ctx, (em) => createAdminBooking(ctx, input, em), (booking) => [booking.carId]);
}

/**
 * Runs a change to bookings' days in a transaction; once it has committed, forgets the booked days
 * of the cars `carsOf` names in this instance's cache and tells every instance which cars changed
 * (NOTIFY, sent after the commit: see `announceCommitted`). The answer does not wait for the notice: this instance already knows,
 * and the others hear it a moment later either way. A change that fails tells no one.
 */
export async function changeBookings<T>(ctx: ServiceContext, work: (em: EntityManager) => Promise<T>, carsOf: (result: T) => Array<string | null | undefined>): Promise<T> {
  const result = await ctx.em.transactional(work);
  bookingsChanged(ctx, carsOf(result));
  return result;
}

/**
 * Once a change of bookings has committed: the changed cars' booked days are forgotten here at
 * once, and the other instances told which cars changed.
 */
function bookingsChanged(ctx: ServiceContext, cars: Array<string | null | undefined>): void {
  const carIds = cars.filter((id): id is string => Boolean(id));
  if (!carIds.length) return;
  ctx.deps.bookedDates.changed(carIds);
  void announceCommitted(ctx.deps.orm, CHANNELS.bookings, carIds);
}

export async function getBooking(ctx: ServiceContext, id: string): Promise<TBooking> {
  const booking = await ctx.em.findOne(Booking, { id }, { populate: ['customer', 'car'] });
  if (!booking) throw new AppError('NOT_FOUND', messages.errors.bookingNotFound);
  return toBookingDto(booking);
}

/**
 * The filter of the bookings page. The search box matches the customer's name, e-mail or phone,
 * the car's name (anywhere, case-insensitive) or the start of the booking id; a whole e-mail
 * address matches that customer's bookings, through the address's unique index. Each arm has its
 * own index (trigram indexes on the customer's search text and the car's name, the primary key for
 * the id), so PostgreSQL
 * answers a search by combining index scans instead of reading every booking; the customers are
 * matched in a sub-select rather than through the join, which would defeat those indexes.
 * Built afresh for each query: MikroORM accepts a raw fragment key once.
 */
function bookingFilter(query: TBookingListQuery): Record<string, unknown> {
  const where: Record<string, unknown> = {};
  if (query.status) where.status = query.status;
  const email = query.q ? wholeEmail(query.q) : null;
  if (email) {
    where[raw((alias) => `${alias}.customer_id = (select c.id from customer c where c.email = ?)`, [email])] = [];
  } else if (query.q) {
    const text = query.q.trim();
    const like = containsPattern(text);
    const or: Record<string, unknown>[] = [
      { [raw((alias) => `${alias}.customer_id = any(array(select c.id from customer c where ${customerTextMatches('c')}))`, [like])]: [] },
      { carName: { $ilike: like } },
    ];
    const ids = uuidPrefixRange(text);
    if (ids) or.push({ id: { $gte: ids[0], $lte: ids[1] } });
    where.$or = or;
  }
  return where;
}

/**
 * The bookings page, newest first, and how many bookings match in all. The page's customers and
 * cars are loaded by one query each for the page's rows (`select-in`): joined into the page
 * query, PostgreSQL would join them to every match of a broad search before keeping fifty.
 * Without a search the total is read from `booking_tally`, which the database keeps per status,
 * instead of counting every booking.
 */
export async function listBookings(ctx: ServiceContext, query: TBookingListQuery): Promise<{ items: TBooking[]; total: number }> {
  const [rows, total] = await Promise.all([
    ctx.em.find(Booking, bookingFilter(query), {
      populate: ['customer', 'car'],
      strategy: LoadStrategy.SELECT_IN,
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: query.limit,
      offset: query.offset,
    }),
    // Counted without the joins the page needs: every booking has its customer.
    query.q ? ctx.em.count(Booking, bookingFilter(query)) : countBookings(ctx.em, query.status),
  ]);
  return { items: rows.map(toBookingDto), total };
}

/** How many bookings there are, of one status or in all, from the tally the database keeps. */
export async function countBookings(em: EntityManager, status?: BookingStatus): Promise<number> {
  const [row] = await em.execute<Array<{ n: number }>>(
    `select coalesce(sum(bookings), 0)::int as n from booking_tally${status ? ' where status = ?' : ''}`,
    status ? [status] : [],
  );
  return row?.n ?? 0;
}

async function lockBooking(em: EntityManager, id: string): Promise<IBooking> {
  const booking = await em.findOne(Booking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!booking) throw new AppError('NOT_FOUND', messages.errors.bookingNotFound);
  await em.populate(booking, ['customer', 'car']);
  return booking;
}

/** Any status may follow any other; re-activating onto taken days is refused by the database (409). */
export async function updateBookingStatus(ctx: AdminContext, id: string, status: BookingStatus): Promise<TBooking> {
  return changeBookings(ctx, async (em) => {
    const booking = await lockBooking(em, id);
    const before = toBookingDto(booking);
    booking.status = status;
    audit({ ...ctx, em }, 'booking.status', 'booking', id, before, toBookingDto(booking));
    await em.flush();
    return toBookingDto(booking);
  }, (booking) => [booking.carId]);
}

/** Moves a booking to other dates, re-priced at its rate and services; the adjustment stays. */
export async function updateBookingDates(ctx: AdminContext, id: string, dates: { pickupDate: string; returnDate: string }): Promise<TBooking> {
  return changeBookings(ctx, async (em) => {
    const booking = await lockBooking(em, id);
    const before = toBookingDto(booking);
    const price = computePrice({ ...booking, ...dates });
    const total = toCentavos(price.total) + toCentavos(booking.adjustment);
    if (total < toCentavos(booking.amountPaid)) {
      throw new AppError('CONFLICT', `The new total (${formatPeso(fromCentavos(total))}) would be less than what has been paid`);
    }
    Object.assign(booking, dates, {
      totalDays: price.days,
      subtotal: price.subtotal,
      driverFee: price.driverFee,
      distanceFee: price.distanceFee,
      deliveryFee: price.deliveryFee,
      insurance: price.insurance,
      total: fromCentavos(total),
    });
    audit({ ...ctx, em }, 'booking.dates', 'booking', id, before, toBookingDto(booking));
    await em.flush();
    return toBookingDto(booking);
  }, (booking) => [booking.carId]);
}

/** Adds a row to the payment ledger: positive, never above the balance, not on a cancelled booking. */
export async function addPayment(ctx: AdminContext, id: string, input: TAddPayment): Promise<{ booking: TBooking; payment: TPayment }> {
  return ctx.em.transactional(async (em) => {
    const booking = await lockBooking(em, id);
    if (booking.status === 'cancelled') throw new AppError('CONFLICT', messages.errors.paymentOnCancelled);
    const balance = toCentavos(booking.total) - toCentavos(booking.amountPaid);
    if (balance <= 0) throw new AppError('CONFLICT', messages.errors.nothingToPay);
    const amount = toCentavos(input.amount);
    if (amount > balance) {
      throw new AppError('BAD_REQUEST', messages.errors.paymentAboveBalance(formatPeso(fromCentavos(balance))), {
        issues: [{ path: 'amount', message: messages.errors.paymentAboveBalance(formatPeso(fromCentavos(balance))) }],
      });
    }
    const payment = em.create(Payment, {
      id: randomUUID(),
      booking,
      amount: fromCentavos(amount),
      method: input.method,
      note: input.note ?? null,
      recordedBy: ctx.actor.label,
      createdAt: clock.now(),
    });
    const before = toBookingDto(booking);
    booking.amountPaid = fromCentavos(toCentavos(booking.amountPaid) + amount);
    audit({ ...ctx, em }, 'payment.create', 'payment', payment.id, { amountPaid: before.amountPaid }, toPaymentDto(payment));
    await em.flush();
    return { booking: toBookingDto(booking), payment: toPaymentDto(payment) };
  });
}

export async function listPayments(ctx: ServiceContext, bookingId: string): Promise<TPayment[]> {
  const booking = await ctx.em.findOne(Booking, { id: bookingId }, { fields: ['id'] });
  if (!booking) throw new AppError('NOT_FOUND', messages.errors.bookingNotFound);
  const rows = await ctx.em.find(Payment, { booking: bookingId }, { orderBy: { createdAt: 'asc' } });
  return rows.map(toPaymentDto);
}


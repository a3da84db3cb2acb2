import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../shared/errors';
import { formatLongDate, todayInManila } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { normalizeReference } from '../../shared/reference';
import type { TBooking } from '../../shared/schemas/booking.schema';
import {
  CUSTOMER_CSV_COLUMNS,
  customerTotals,
  isErasedAddress,
  type TAdminCustomer,
  type TCustomerListQuery,
  type TCustomerPage,
  type TCreateCustomer,
  type TCustomer,
  type TUpdateCustomer,
} from '../../shared/schemas/customer.schema';
import { clock } from '../clock';
import { phoneDigits, searchPhrases, searchTextHolds, wholeEmail } from '../db/like';
import { changeWindow, countSearch, exactTotal, searchPage, type ChangeWindow } from '../db/paging';
import { Booking, Car, Customer, type IBooking, type ICustomer } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { audit, auditEdit } from './audit.service';
import { changeBookings, lockCustomer, refuseErased } from './booking-change.service';
import { createAdminBooking } from './booking.service';
import { toCustomerDto } from './dto';

function withHistory(customer: ICustomer, bookings: IBooking[]): TAdminCustomer {
  return {
    ...toCustomerDto(customer),
    updatedAt: customer.updatedAt.toISOString(),
    totals: customerTotals(bookings),
    bookings: bookings.map((b) => ({
      id: b.id,
      reference: b.reference,
      carName: b.carName,
      pickupDate: b.pickupDate,
      returnDate: b.returnDate,
      totalDays: b.totalDays,
      total: b.total,
      amountPaid: b.amountPaid,
      status: b.status,
      createdAt: b.createdAt.toISOString(),
    })),
  };
}

/**
 * The customers page's filter: name (in any order of its words, `searchPhrases`), e-mail or phone
 * containing the search anywhere, or the customer of the booking whose reference it is; for a whole
 * e-mail address, that address through its unique index. A sync's rows are those changed since an
 * instant, or after a cursor's row. Built afresh for each query: MikroORM accepts a raw fragment key
 * once.
 */
function customerFilter(query: TCustomerListQuery, referenced: string | null, sync: ChangeWindow | null): Record<string, unknown> {
  const since = sync ? sync.where() : {};
  if (!query.q) return since;
  const email = wholeEmail(query.q);
  if (email) return { ...since, email };
  const or = [...searchPhrases(query.q), ...phoneDigits(query.q)].map(searchTextHolds);
  return { ...since, $or: referenced ? [...or, { id: referenced }] : or };
}

/** The customer of the booking whose reference the search is (typed in any spelling), if any. */
async function customerOfReference(ctx: ServiceContext, q: string | undefined): Promise<string | null> {
  const reference = q ? normalizeReference(q) : null;
  if (!reference) return null;
  const booking = await ctx.em.findOne(Booking, { reference }, { fields: ['customer'] });
  return booking ? (booking.customer as unknown as ICustomer).id : null;
}

/**
 * Customers with their totals and booking history: the page, its count and its bookings, whatever its
 * size. Newest first; changed since an instant or after a cursor (`updatedSince`, `after`: an
 * integrator's sync), oldest change first, ties by id, through the `(updated_at, id)` index, counted
 * as a search is, with the cursor after the page.
 */
export async function listCustomers(ctx: ServiceContext, query: TCustomerListQuery): Promise<TCustomerPage> {
  const sync = changeWindow('customers', query);
  const referenced = await customerOfReference(ctx, query.q);
  const orderBy = sync ? sync.orderBy : ({ createdAt: 'desc', id: 'asc' } as const);
  const page = () => ctx.em.find(Customer, customerFilter(query, referenced, sync), { orderBy, limit: query.limit, offset: query.offset });
  const [customers, total] = query.q || sync
    ? await searchPage(query, page, () => countSearch(ctx.em, Customer, customerFilter(query, referenced, sync)))
    : await Promise.all([page(), ctx.em.count(Customer).then(exactTotal)]);
  const bookings = customers.length
    ? await ctx.em.find(Booking, { customer: { $in: customers.map((c) => c.id) } }, { orderBy: { pickupDate: 'desc' } })
    : [];
  const byCustomer = new Map<string, IBooking[]>();
  for (const b of bookings) {
    const id = (b.customer as unknown as ICustomer).id;
    byCustomer.set(id, [...(byCustomer.get(id) ?? []), b]);
  }
  const next = sync ? { nextCursor: sync.nextCursor(customers) } : {};
  return { items: customers.map((c) => withHistory(c, byCustomer.get(c.id) ?? [])), ...total, ...next };
}

export async function getCustomer(ctx: ServiceContext, id: string): Promise<TAdminCustomer> {
  const customer = await ctx.em.findOne(Customer, { id });
  if (!customer) throw new AppError('NOT_FOUND', messages.errors.customerNotFound);
  const bookings = await ctx.em.find(Booking, { customer: id }, { orderBy: { pickupDate: 'desc' } });
  return withHistory(customer, bookings);
}

async function ensureEmailFree(ctx: ServiceContext, email: string, exceptId?: string): Promise<void> {
  const other = await ctx.em.findOne(Customer, { email }, { fields: ['id'] });
  if (other && other.id !== exceptId) throw new AppError('CONFLICT', messages.errors.emailTaken);
}

/** Adds a customer and, when all of car, dates and total are given, their first booking — in one transaction. */
export async function createCustomer(ctx: AdminContext, input: TCreateCustomer): Promise<{ customer: TCustomer; booking: TBooking | null }> {
  // Through changeBookings: the initial booking, if any, takes days.
  const created = await changeBookings(ctx, async (em) => {
    const tx = { ...ctx, em };
    await ensureEmailFree(tx, input.email);
    const customer = em.create(Customer, {
      id: randomUUID(),
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      address: input.address ?? null,
      license: input.license ?? null,
      licenseExpiry: input.licenseExpiry ?? null,
      createdAt: clock.now(),
    });
    audit(tx, 'customer.create', 'customer', customer.id, null, toCustomerDto(customer));
    await em.flush();
    let booking: TBooking | null = null;
    if (input.initialBooking) {
      const car = await em.findOne(Car, { id: input.initialBooking.carId });
      if (!car) throw new AppError('NOT_FOUND', messages.errors.carNotFound);
      booking = await createAdminBooking(tx, {
        customerEmail: customer.email,
        customerName: customer.fullName,
        customerPhone: customer.phone,
        carId: car.id,
        pickupDate: input.initialBooking.pickupDate,
        returnDate: input.initialBooking.returnDate,
        total: input.initialBooking.total,
        status: input.initialBooking.status,
        pickupTime: '9:00 AM',
        driverService: 'none',
        distanceService: 'none',
        locale: input.initialBooking.locale,
      });
    }
    return { customer: toCustomerDto(customer), booking };
  }, (result) => [result.booking?.carId]);
  if (created.booking) ctx.deps.mail.wake();
  return created;
}

export async function updateCustomer(ctx: AdminContext, id: string, input: TUpdateCustomer): Promise<TCustomer> {
  return ctx.em.transactional(async (em) => {
    const tx = { ...ctx, em };
    // Locked, so that an erasure committing meanwhile is seen, and refused, not written over.
    const customer = await lockCustomer(em, id);
    if (!customer) throw new AppError('NOT_FOUND', messages.errors.customerNotFound);
    refuseErased(customer);
    if (input.email) await ensureEmailFree(tx, input.email, id);
    const before = toCustomerDto(customer);
    if (input.fullName !== undefined) customer.fullName = input.fullName;
    if (input.email !== undefined) customer.email = input.email;
    if (input.phone !== undefined) customer.phone = input.phone;
    if ('address' in input) customer.address = input.address ?? null;
    if ('license' in input) customer.license = input.license ?? null;
    if ('licenseExpiry' in input) customer.licenseExpiry = input.licenseExpiry ?? null;
    auditEdit(tx, 'customer.update', 'customer', id, before, toCustomerDto(customer));
    await em.flush();
    return toCustomerDto(customer);
  });
}

/**
 * Spreadsheets run a cell that starts with = + - @ as a formula: such text gets a leading
 * apostrophe (OWASP "CSV injection"). Phone numbers like "+63 917 ..." are left as they are.
 */
export function neutraliseFormula(value: string | number): string | number {
  if (typeof value !== 'string' || !/^[=+\-@\t\r]/.test(value) || /^\+?[\d\s()./-]+$/.test(value)) return value;
  return `'${value}`;
}

/**
 * The export's text: formula-like cells neutralised, and quoted when they hold a comma, a quote, a
 * line break, or a `;` or tab: a spreadsheet set to split on those instead of commas then keeps the
 * cell whole, so no text after a `;` inside a cell can start a cell (and a formula) of its own.
 */
export function customersCsv(rows: Array<Array<string | number>>): string {
  return stringify(rows.map((row) => row.map(neutraliseFormula)), { quoted_match: /[;\t]/ });
}

/**
 * The UTF-8 byte order mark the export starts with: without it, Excel opens a CSV by a double click
 * in the computer's legacy code page, and "Peña" reads "PeÃ±a".
 */
export const CSV_BOM = '\uFEFF';

/** A customer as the export reads it: a plain row, not a tracked entity. */
interface ExportCustomerRow {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  license: string | null;
  created_at: Date;
}

/** A booking as the export reads it. */
interface ExportBookingRow {
  customer_id: string;
  car_name: string;
  pickup_date: string;
  return_date: string;
  total: string;
  amount_paid: string;
  status: string;
}

/**
 * The CSV export with the spec's columns. Every customer and booking is read as a plain row: as
 * entities, each with the snapshot the ORM keeps to find changes, a garage's years took a gigabyte
 * of the server's memory for one file.
 */
export async function exportCustomersCsv(ctx: ServiceContext): Promise<{ filename: string; csv: string }> {
  const connection = ctx.em.getConnection();
  const customers = await connection.execute<ExportCustomerRow[]>('select id, full_name, email, phone, license, created_at from customer order by created_at, id');
  const bookings = await connection.execute<ExportBookingRow[]>(
    `select customer_id, car_name, to_char(pickup_date, 'YYYY-MM-DD') as pickup_date, to_char(return_date, 'YYYY-MM-DD') as return_date,
       total::text as total, amount_paid::text as amount_paid, status
     from booking order by pickup_date, id`,
  );
  const byCustomer = new Map<string, ExportBookingRow[]>();
  for (const b of bookings) {
    const list = byCustomer.get(b.customer_id);
    if (list) list.push(b);
    else byCustomer.set(b.customer_id, [b]);
  }
  const rows = customers.map((c) => {
    const history = byCustomer.get(c.id) ?? [];
    return [
      c.full_name,
      // An erased customer stays (their bookings and payments are the garage's accounts) without an address.
      isErasedAddress(c.email) ? '' : c.email,
      c.phone,
      c.license || 'N/A',
      history.length,
      // Spent is what was paid (the payments recorded), not what was booked: the card's "Paid".
      customerTotals(history.map((b) => ({ total: b.total, amountPaid: b.amount_paid, status: b.status }))).paid,
      formatLongDate(todayInManila(new Date(c.created_at))),
      history.map((b) => `${b.car_name} (${b.pickup_date} to ${b.return_date}, ${b.status}, ${b.total})`).join('; '),
    ];
  });
  const csv = CSV_BOM + customersCsv([[...CUSTOMER_CSV_COLUMNS], ...rows]);
  return { filename: `customers-${todayInManila(clock.now())}.csv`, csv };
}

import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { EntityManager } from '@mikro-orm/postgresql';
import { expect, vi } from 'vitest';
import type { TAuditEntry } from '../../src/shared/schemas/admin.schema';
import { ZAdminCreateBookingSchema, type BookingStatus, type TBooking, type TCreateBookingInput } from '../../src/shared/schemas/booking.schema';
import { createAdminBooking } from '../../src/server/services/booking.service';
import type { TCar, TCreateCarInput } from '../../src/shared/schemas/car.schema';
import { bookingPayload, daysFromToday, uploadDocuments } from '../utils/fixtures';
import { formatDate } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { staffActor, type Harness } from '../utils/harness';

/** A tRPC caller as the harness makes it. */
export type Caller = ReturnType<Harness['caller']>;

export type ErrorCode = TRPCError['code'];

/** Runs a call and tells how it ended: 'ok' or the tRPC error code. Anything else is rethrown. */
export async function outcome(promise: Promise<unknown>): Promise<'ok' | ErrorCode> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

/** Expects the call to fail with this tRPC code (and message, when given); returns the error. */
export async function expectError(promise: Promise<unknown>, code: ErrorCode, message?: string | RegExp): Promise<TRPCError> {
  let caught: unknown = null;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected ${code}, but the call succeeded`).toBeInstanceOf(TRPCError);
  const error = caught as TRPCError;
  expect(error.code).toBe(code);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
  return error;
}

/** A random token, letters only (safe in names and searches), unique for all practical purposes. */
export function uniqueWord(prefix = 'Zq'): string {
  const letters = Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}${letters}`;
}

export function uniqueEmail(label = 'renter'): string {
  return `${label}.${uniqueWord('x').toLowerCase()}@example.com`;
}

export function money(value: number): string {
  return value.toFixed(2);
}

/** A fresh car owned by the calling test, so bookings of other tests never touch it. */
export async function newCar(h: Harness, overrides: Partial<TCreateCarInput> = {}): Promise<TCar> {
  return h.caller({ staff: true }).cars.create({
    name: `Test Car ${uniqueWord()}`,
    category: 'Compact Sedan',
    dailyRate: '2000',
    image: 'vios.jpg',
    ...overrides,
  });
}

interface AdminBookingOptions {
  carId: string;
  from: number;
  to: number;
  status?: BookingStatus;
  email?: string;
  name?: string;
  total?: string;
  driverService?: 'none' | 'within_pangasinan' | 'outside_pangasinan';
}

function adminBookingInput(options: AdminBookingOptions): Parameters<Caller['bookings']['createAdmin']>[0] {
  return {
    customerEmail: options.email ?? uniqueEmail('walkin'),
    customerName: options.name ?? 'Walk In Renter',
    customerPhone: '09171234567',
    carId: options.carId,
    pickupDate: daysFromToday(options.from),
    returnDate: daysFromToday(options.to),
    status: options.status ?? 'pending',
    ...(options.driverService ? { driverService: options.driverService } : {}),
    ...(options.total ? { total: options.total } : {}),
  };
}

/** A booking entered by staff for `carId` from `from` to `to` days after today (Asia/Manila). */
export async function adminBooking(h: Harness, options: AdminBookingOptions & { caller?: Caller }): Promise<TBooking> {
  return (options.caller ?? h.caller({ staff: true })).bookings.createAdmin(adminBookingInput(options));
}

/** Staff's refusal of days `holder` holds: it names the booking in the way. */
export function takenBy(holder: Pick<TBooking, 'reference' | 'customerName' | 'pickupDate' | 'returnDate'>): string {
  const day = (date: string) => formatDate(date, 'MMM D, YYYY');
  return messages.errors.datesTakenBy({ reference: holder.reference, name: holder.customerName, from: day(holder.pickupDate), to: day(holder.returnDate) });
}

/** The same booking entered by staff inside the transaction of `em` (one `openTransaction` holds open). */
export function adminBookingIn(h: Harness, em: EntityManager, options: AdminBookingOptions): Promise<TBooking> {
  return createAdminBooking({ em, deps: h.deps, actor: staffActor }, ZAdminCreateBookingSchema.parse(adminBookingInput(options)));
}

/**
 * A public booking with three freshly uploaded documents: `uploaded` are the paths the uploads gave,
 * `documents` the paths the booking keeps (its files are sealed under new keys as they are attached).
 */
export async function publicBooking(
  h: Harness,
  carId: string,
  overrides: { customer?: Partial<TCreateBookingInput['customer']>; booking?: Partial<TCreateBookingInput['booking']> } = {},
) {
  const uploaded = await uploadDocuments(h);
  const payload = bookingPayload(carId, uploaded, {
    customer: { email: uniqueEmail(), ...overrides.customer },
    booking: overrides.booking ?? {},
  });
  const answer = await h.caller().bookings.create(payload);
  const { photoId1Url, photoId2Url, proofOfBillingUrl } = answer.booking;
  return { payload, uploaded, documents: { photoId1Url: photoId1Url!, photoId2Url: photoId2Url!, proofOfBillingUrl: proofOfBillingUrl! }, answer };
}

/** The audit entries of one record, newest first. */
export async function auditOf(h: Harness, entityType: TAuditEntry['entityType'], entityId: string): Promise<TAuditEntry[]> {
  const page = await h.caller({ staff: true }).admin.audit({ entityType, limit: 500 });
  for (const entry of page.items) expect(entry.entityType).toBe(entityType);
  return page.items.filter((entry) => entry.entityId === entityId);
}

/** The one audit entry of `action` on this record. */
export async function auditEntry(h: Harness, entityType: TAuditEntry['entityType'], entityId: string, action: string): Promise<TAuditEntry> {
  const entries = (await auditOf(h, entityType, entityId)).filter((entry) => entry.action === action);
  expect(entries, `one ${action} audit entry for ${entityId}`).toHaveLength(1);
  return entries[0]!;
}

/** Sessions of the harness's database waiting for a lock another transaction holds. */
export async function sessionsWaitingOnALock(h: Harness): Promise<number> {
  const rows = (await h.orm.em
    .fork()
    .getConnection()
    .execute(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as Array<{ n: number }>;
  return rows[0]!.n;
}

/**
 * Runs `work` in a transaction of its own and keeps it open, its locks held, until `commit`: a
 * change another request is making at that very moment. `commit` rolls back when `work` failed.
 */
export async function openTransaction<T>(h: Harness, work: (em: EntityManager) => Promise<T>): Promise<{ result: T; commit: () => Promise<void> }> {
  const em = h.orm.em.fork();
  await em.begin();
  try {
    const result = await work(em);
    await em.flush();
    return { result, commit: () => em.commit() };
  } catch (error) {
    await em.rollback();
    throw error;
  }
}

/**
 * Starts `call` while another transaction holds what it needs, and comes back once the call either
 * finished or waits for that transaction's lock (the database says who waits: no sleeping). The
 * call's own promise is in `running`.
 */
export async function startWhileLocked<T>(h: Harness, call: () => Promise<T>): Promise<{ running: Promise<T> }> {
  let finished = false;
  const running = call().finally(() => (finished = true));
  running.catch(() => undefined);
  await vi.waitFor(async () => expect(finished || (await sessionsWaitingOnALock(h)) > 0).toBe(true), { timeout: 10_000 });
  return { running };
}

/** The field messages of a refused input (zod issues or a rule's issues). */
/** A refusal's field issues, as a form reads them to mark the field (such as a document to upload again). */
export function issuesOf(error: { cause?: unknown }): Array<{ path: string; message: string }> | undefined {
  return (error.cause as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues;
}

export function issueMessages(error: TRPCError): string[] {
  const issues = (error.cause as { issues?: Array<{ message: string }> } | undefined)?.issues ?? [];
  return issues.map((issue) => issue.message);
}

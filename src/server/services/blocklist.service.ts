import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { tidyName } from '../../shared/names';
import { todayInManila } from '../../shared/dates';
import type { TBlockName, TBlockNameAnswer, TBlockedName, TOpenBookingUnderName } from '../../shared/schemas/blocklist.schema';
import { OCCUPYING_STATUSES } from '../../shared/schemas/booking.schema';
import type { TListQuery } from '../../shared/schemas/common.schema';
import { clock } from '../clock';
import { containsPattern } from '../db/like';
import { countSearch, exactTotal, searchPage, type ListTotal } from '../db/paging';
import { BlockedName, Booking, type IBlockedName } from '../db/entities';
import type { AdminContext, ServiceContext } from '../deps';
import { audit } from './audit.service';
import { NAME_SKELETON_MAX, nameSkeleton } from './name-skeleton';

export function toBlockedNameDto(row: IBlockedName): TBlockedName {
  return { id: row.id, fullName: row.fullName, reason: row.reason ?? null, blockedBy: row.blockedBy, createdAt: row.createdAt.toISOString() };
}

/**
 * Whether a name is blocked: whether a blocked name has its skeleton (see nameSkeleton for what
 * counts as the same name). Given `locks`, the same statement also takes those two
 * transaction-level advisory locks, in their order, held until the caller's transaction ends: a
 * public booking needs all three, in one round trip. Each of the two has a key space of its own
 * (PostgreSQL's two-key form), so one transaction's first lock can never be another's second: every
 * caller takes them in the same order, and none waits for another in a circle.
 */
export async function isNameBlocked(ctx: ServiceContext, name: string, locks?: readonly [string, string]): Promise<boolean> {
  // A plain statement: every public booking asks this. The functions are strict, so without locks
  // (null) none is taken, and a name without a skeleton (null) matches nothing. A select list is
  // evaluated in its order.
  const [row] = await ctx.em.execute<Array<{ blocked: boolean }>>(
    'select pg_advisory_xact_lock(1, hashtext(?)), pg_advisory_xact_lock(2, hashtext(?)), exists(select 1 from blocked_name where normalized_name = ?) as blocked',
    [locks?.[0] ?? null, locks?.[1] ?? null, nameSkeleton(name) || null],
  );
  return row!.blocked;
}

export async function listBlockedNames(ctx: ServiceContext, query: TListQuery): Promise<{ items: TBlockedName[] } & ListTotal> {
  const like = query.q ? containsPattern(query.q) : null;
  const where = like ? { $or: [{ fullName: { $ilike: like } }, { reason: { $ilike: like } }] } : {};
  const page = () => ctx.em.find(BlockedName, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: query.limit, offset: query.offset });
  const [rows, total] = like ? await searchPage(query, page, () => countSearch(ctx.em, BlockedName, where)) : await Promise.all([page(), ctx.em.count(BlockedName).then(exactTotal)]);
  return { items: rows.map(toBlockedNameDto), ...total };
}

/**
 * The bookings under a name's skeleton that are still to come or under way: pending or confirmed,
 * returned today or later, compared in the server (the skeleton is computed here only).
 */
async function openBookingsUnder(ctx: ServiceContext, skeleton: string): Promise<TOpenBookingUnderName[]> {
  const bookings = await ctx.em.find(
    Booking,
    { status: { $in: [...OCCUPYING_STATUSES] }, returnDate: { $gte: todayInManila(clock.now()) } },
    { fields: ['reference', 'renterName', 'carName', 'pickupDate', 'returnDate', 'status'], orderBy: { pickupDate: 'asc', id: 'asc' } },
  );
  return bookings
    .filter((booking) => nameSkeleton(booking.renterName) === skeleton)
    .map(({ id, reference, renterName, carName, pickupDate, returnDate, status }) => ({ id, reference, renterName, carName, pickupDate, returnDate, status: status as TOpenBookingUnderName['status'] }));
}

/** Blocks a name; the answer names the bookings already made under it, which stay as they are for staff to look at. */
export async function blockName(ctx: AdminContext, input: TBlockName): Promise<TBlockNameAnswer> {
  const skeleton = nameSkeleton(input.fullName);
  // A name of punctuation alone has nothing to compare; one of hundreds of ligatures would not fit.
  if (!skeleton) throw new AppError('BAD_REQUEST', messages.errors.invalidInput, { issues: [{ path: 'fullName', message: messages.validation.fullName }] });
  if (skeleton.length > NAME_SKELETON_MAX) {
    throw new AppError('BAD_REQUEST', messages.errors.invalidInput, { issues: [{ path: 'fullName', message: messages.validation.nameTooLongToCompare }] });
  }
  if (await ctx.em.count(BlockedName, { normalizedName: skeleton })) throw new AppError('CONFLICT', messages.errors.alreadyBlocked);
  const row = ctx.em.create(BlockedName, {
    id: randomUUID(),
    fullName: tidyName(input.fullName),
    normalizedName: skeleton,
    reason: input.reason,
    // A person signed in is who blocked it; only the API token (integrators) names someone, or 'admin'.
    blockedBy: (ctx.actor.kind === 'account' ? ctx.actor.label : input.blockedBy).slice(0, 60),
    createdAt: clock.now(),
  });
  audit(ctx, 'blocked_name.create', 'blocked_name', row.id, null, toBlockedNameDto(row));
  await ctx.em.flush();
  return { ...toBlockedNameDto(row), openBookings: await openBookingsUnder(ctx, skeleton) };
}

export async function unblockName(ctx: AdminContext, id: string): Promise<void> {
  const row = await ctx.em.findOne(BlockedName, { id });
  if (!row) throw new AppError('NOT_FOUND', messages.errors.blockedNameNotFound);
  audit(ctx, 'blocked_name.delete', 'blocked_name', row.id, toBlockedNameDto(row), null);
  ctx.em.remove(row);
  await ctx.em.flush();
}

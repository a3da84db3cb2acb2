import { LoadStrategy } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { normalizeReference } from '../../shared/reference';
import type { BookingStatus, TBooking, TBookingListQuery, TBookingPage } from '../../shared/schemas/booking.schema';
import { phoneDigits, searchPhrases, searchTextHolds, uuidPrefixRange, wholeEmail } from '../db/like';
import { changeWindow, countSearch, exactTotal, searchPage, type ChangeWindow } from '../db/paging';
import { Booking } from '../db/entities';
import type { ServiceContext } from '../deps';
import { toBookingDto } from './dto';

export async function getBooking(ctx: ServiceContext, id: string): Promise<TBooking> {
  const booking = await ctx.em.findOne(Booking, { id }, { populate: ['customer', 'car'] });
  if (!booking) throw new AppError('NOT_FOUND', messages.errors.bookingNotFound);
  return toBookingDto(booking);
}

/**
 * The filter of the bookings page. The search box matches the renter's name (in any order of its
 * words, `searchPhrases`), e-mail or phone as
 * the booking keeps them, the car's name and the reference (`booking.search_text`, one trigram
 * index), a reference in any spelling, or the start of the booking's id (a primary-key range). A
 * whole e-mail address matches that address through its own index. A sync's rows are those changed
 * since an instant, or after a cursor's row. Built afresh for each query: MikroORM accepts a raw
 * fragment key once.
 */
function bookingFilter(query: TBookingListQuery, sync: ChangeWindow | null): Record<string, unknown> {
  const where: Record<string, unknown> = sync ? sync.where() : {};
  if (query.status) where.status = query.status;
  const email = query.q ? wholeEmail(query.q) : null;
  if (email) {
    where.renterEmail = email;
  } else if (query.q) {
    const text = query.q.trim();
    const or: Record<string, unknown>[] = searchPhrases(text).map(searchTextHolds);
    const ids = uuidPrefixRange(text);
    if (ids) or.push({ id: { $gte: ids[0], $lte: ids[1] } });
    const reference = normalizeReference(text);
    if (reference) or.push({ reference });
    for (const digits of phoneDigits(text)) or.push(searchTextHolds(digits));
    where.$or = or;
  }
  return where;
}

/**
 * The bookings page, newest first, and how many match. The page's customers and cars are loaded
 * by one query each for its rows (`select-in`): joined into the page query, PostgreSQL would join
 * them to every match of a broad search before keeping fifty. Without a search the total comes
 * from `booking_tally`, which the database keeps per status; a search counts at most
 * SEARCH_COUNT_CAP matches, and only when its page is full (`searchPage`). Changes since an instant
 * or after a cursor (`updatedSince`, `after`: an integrator's sync) come oldest change first, ties by
 * id, through the `(updated_at, id)` index, are counted as a search is, and give the cursor after
 * their page.
 */
export async function listBookings(ctx: ServiceContext, query: TBookingListQuery): Promise<TBookingPage> {
  const sync = changeWindow('bookings', query);
  const page = () =>
    ctx.em.find(Booking, bookingFilter(query, sync), {
      populate: ['customer', 'car'],
      strategy: LoadStrategy.SELECT_IN,
      orderBy: sync ? sync.orderBy : { createdAt: 'desc', id: 'asc' },
      limit: query.limit,
      offset: query.offset,
    });
  const [rows, total] = query.q || sync
    ? await searchPage(query, page, () => countSearch(ctx.em, Booking, bookingFilter(query, sync)))
    : await Promise.all([page(), countBookings(ctx.em, query.status).then(exactTotal)]);
  return { items: rows.map(toBookingDto), ...total, ...(sync ? { nextCursor: sync.nextCursor(rows) } : {}) };
}

/** How many bookings there are, of one status or in all, from the tally the database keeps. */
async function countBookings(em: EntityManager, status?: BookingStatus): Promise<number> {
  const [row] = await em.execute<Array<{ n: number }>>(
    `select coalesce(sum(bookings), 0)::int as n from booking_tally${status ? ' where status = ?' : ''}`,
    status ? [status] : [],
  );
  return row?.n ?? 0;
}

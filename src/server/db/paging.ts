import { raw, type EntityName, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { SEARCH_COUNT_CAP } from '../../shared/schemas/common.schema';

export interface ListTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * How many rows of `entity` match a search's `where`, counted up to SEARCH_COUNT_CAP: one
 * statement that stops at the first SEARCH_COUNT_CAP + 1 matches, so a search that matches every
 * row costs no more than one that matches a thousand.
 */
export async function countSearch<T extends object>(em: EntityManager, entity: EntityName<T>, where: FilterQuery<T>): Promise<ListTotal> {
  const matches = em.createQueryBuilder(entity, 'm').select(raw('1')).where(where).limit(SEARCH_COUNT_CAP + 1);
  const row: { n: number } = await em.createQueryBuilder(entity).from(matches, 'matches').select(raw('count(*)::int as n')).execute('get');
  return row.n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, totalCapped: true } : { total: row.n, totalCapped: false };
}

/** A total counted in full (a list without a search). */
export const exactTotal = (total: number): ListTotal => ({ total, totalCapped: false });

/**
 * A page of a search and how many rows match it. The page is read first: one shorter than its
 * limit ends the matches, so they number the rows before it and its own, and `count` is not run
 * (a search for one renter costs one statement of the search, not two). A full page, or an empty
 * one past the start, is counted by `count`.
 */
export async function searchPage<T>(query: { limit: number; offset: number }, page: () => Promise<T[]>, count: () => Promise<ListTotal>): Promise<[T[], ListTotal]> {
  const rows = await page();
  const last = rows.length < query.limit && (rows.length > 0 || query.offset === 0);
  return [rows, last ? exactTotal(query.offset + rows.length) : await count()];
}

/** The lists that page by cursor. A cursor names its list: another list refuses it. */
export type CursorList = 'audit' | 'bookings' | 'customers' | 'customer-deletions';

/** A row's place in its list's order: its timestamp (ISO 8601 in UTC, to the millisecond or microsecond, as stored) and id. */
export interface CursorPosition {
  at: string;
  id: string;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor after the row at `position` of `list`, opaque to callers. */
export function cursorAfter(list: CursorList, position: CursorPosition): string {
  return Buffer.from(`${list} ${position.at} ${position.id}`).toString('base64url');
}

/**
 * The position a cursor of `list` names. Anything else answers 400 naming the parameter (`field`):
 * a cursor of another list, one changed by hand (it must be exactly one this list gives out), a
 * timestamp that is no real instant.
 */
export function readCursor(list: CursorList, cursor: string, field: string): CursorPosition {
  const [name, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(' ');
  const position = { at: at ?? '', id: id ?? '' };
  const valid =
    name === list && !rest.length && CURSOR_AT.test(position.at) && isInstant(position.at) && UUID.test(position.id) && cursorAfter(list, position) === cursor;
  if (!valid) throw new AppError('BAD_REQUEST', messages.errors.badCursor, { issues: [{ path: field, message: messages.errors.badCursor }] });
  return position;
}

/** Whether an ISO 8601 timestamp in UTC names a real instant (no 30 February, no hour 25). */
function isInstant(at: string): boolean {
  const ms = `${at.slice(0, 23)}Z`;
  return !Number.isNaN(Date.parse(ms)) && new Date(ms).toISOString() === ms;
}

/** The instant each list an integrator syncs by is ordered by, and its column. */
const SYNC_COLUMNS = { updatedAt: 'updated_at', deletedAt: 'deleted_at' } as const;
export type SyncStamp = keyof typeof SYNC_COLUMNS;

/**
 * An integrator's sync of a list: its rows are those stamped (changed, or deleted: `S`) at or after
 * an instant and after the cursor's row, oldest first, ties by id (`(updated_at, id)` or
 * `(deleted_at, id)`, which the list's index serves as one range), and each page gives the cursor
 * after its last row. A cursor of another list answers 400 (`readCursor`).
 */
export interface ChangeWindow<S extends SyncStamp = 'updatedAt'> {
  /** The rows in the window; made afresh for each query: MikroORM accepts a raw fragment key once. */
  where(): Record<string, unknown>;
  orderBy: { [P in S | 'id']: 'asc' };
  /** The `nextCursor` of a page: after its last row, or where it was asked from when it is empty (null without a cursor). */
  nextCursor(rows: ReadonlyArray<{ [P in S]: Date } & { id: string }>): string | null;
}

/** The window of `list`, ordered by `stamp`, from `since` or after the cursor `after`; every row without either. */
export function syncWindow<S extends SyncStamp>(list: CursorList, stamp: S, query: { since?: string | undefined; after?: string | undefined }): ChangeWindow<S> {
  const after = query.after === undefined ? null : readCursor(list, query.after, 'after');
  const since = query.since ? new Date(query.since) : null;
  const column = SYNC_COLUMNS[stamp];
  return {
    where: () => ({
      ...(after ? { [raw((alias) => `(${alias}.${column}, ${alias}.id) > (?::timestamptz, ?::uuid)`, [after.at, after.id])]: [] } : {}),
      ...(since ? { [stamp]: { $gte: since } } : {}),
    }),
    orderBy: { [stamp]: 'asc', id: 'asc' } as ChangeWindow<S>['orderBy'],
    // The timestamps are stored to the millisecond, so a Date names a row's place exactly.
    nextCursor: (rows) => {
      const last = rows.at(-1);
      return last ? cursorAfter(list, { at: last[stamp].toISOString(), id: last.id }) : (query.after ?? null);
    },
  };
}

/** The sync of a list by its rows' changes (`updatedSince`, `after`), or null when the query is none: the list is then newest first. */
export function changeWindow(list: CursorList, query: { updatedSince?: string | undefined; after?: string | undefined }): ChangeWindow | null {
  if (query.after === undefined && !query.updatedSince) return null;
  return syncWindow(list, 'updatedAt', { since: query.updatedSince, after: query.after });
}

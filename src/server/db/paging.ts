import { raw, type EntityName, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
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

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

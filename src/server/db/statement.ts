/** A plain SQL statement with `?` placeholders (MikroORM's `em.execute`). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Statements joined into one: each of `before` becomes a WITH query of `last`, so all of them run
 * in one round trip to the database, as one statement (all or nothing). PostgreSQL runs every
 * data-modifying WITH query whether or not `last` reads it, on the same snapshot: they must not
 * touch the same rows (https://www.postgresql.org/docs/current/queries-with.html#QUERIES-WITH-MODIFYING).
 */
export function joinStatements(before: Array<Statement | null>, last: Statement): Statement {
  const parts = before.filter((statement): statement is Statement => statement !== null);
  if (!parts.length) return last;
  return {
    sql: `with ${parts.map((part, i) => `w${i} as (${part.sql})`).join(',\n')}\n${last.sql}`,
    params: [...parts.flatMap((part) => part.params), ...last.params],
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../shared/errors';
import type { Statement } from './statement';

/**
 * A statement's `?` placeholders numbered as PostgreSQL's own (`$1`, `$2`, ...), outside quoted
 * literals and identifiers; refused when their count is not the number of parameters.
 */
export function numberedPlaceholders(statement: Statement): string {
  let n = 0;
  let quote: string | null = null;
  let out = '';
  for (const ch of statement.sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      n += 1;
      out += `$${n}`;
    } else {
      out += ch;
    }
  }
  if (n !== statement.params.length) throw new Error(`statement has ${n} placeholders for ${statement.params.length} parameters`);
  return out;
}

/** An error from `pg` or its socket (it carries a string `code`), not one of the application's rules. */
function isDatabaseError(error: unknown): error is Error {
  return error instanceof Error && !(error instanceof AppError) && typeof (error as { code?: unknown }).code === 'string';
}

const names = new Map<string, string>();

/**
 * The name a statement is prepared under on each connection (pg prepares it the first time a
 * connection runs it): PostgreSQL then parses and analyses each shape of these statements once
 * per connection instead of at every booking.
 */
function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `raw_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (names.size < 1000) names.set(text, name);
  }
  return name;
}

/** Runs one statement of the transaction and answers its rows. */
export type RunStatement = <Row = Record<string, unknown>>(statement: Statement) => Promise<Row[]>;

/**
 * Runs `work` in one transaction on a connection of MikroORM's own pool, its statements sent
 * through `pg` directly with bound parameters: for the busiest write path, whose few plain
 * statements gain nothing from the unit of work, and whose time went largely to the ORM's
 * transaction machinery and to inlining every parameter (the e-mails' HTML among them) into the
 * SQL text. Errors are converted as MikroORM converts its own (constraint violations, an
 * unreachable database), so callers see the same exceptions.
 */
export async function rawTransaction<T>(em: EntityManager, work: (run: RunStatement) => Promise<T>): Promise<T> {
  const knex = em.getConnection().getKnex();
  const driver = em.getDriver();
  let client: pg.Client;
  try {
    client = (await knex.client.acquireConnection()) as pg.Client;
  } catch (error) {
    throw driver.convertException(error as Error);
  }
  try {
    await client.query('begin');
    const result = await work(async <Row,>(statement: Statement) => {
      const text = numberedPlaceholders(statement);
      return (await client.query({ name: preparedName(text), text, values: statement.params })).rows as Row[];
    });
    await client.query('commit');
    return result;
  } catch (error) {
    // A rollback that fails means the connection is gone: the pool discards it (knex marks it).
    await client.query('rollback').catch(() => undefined);
    throw isDatabaseError(error) ? driver.convertException(error) : error;
  } finally {
    await knex.client.releaseConnection(client);
  }
}

import pg from 'pg';
import { databaseUrl } from './env';

/**
 * Runs one SQL statement against the server's own database and returns the rows, e.g.
 *   const [row] = await query<{ email: string }>('select email from contact_message where first_name = $1', ['Ana']);
 * Each call opens and closes its own connection, so specs leave nothing open behind them.
 * Tables and columns are snake_case (see src/server/db/migrations).
 */
export async function query<T extends pg.QueryResultRow = Record<string, any>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

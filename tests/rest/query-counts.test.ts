import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateScaleData } from '../../scripts/seed-scale';
import { addDays, todayInManila } from '../../src/shared/dates';
import { bookingPayload, request, uploadDocuments } from '../utils/fixtures';
import { TEST_API_TOKEN, createHarness, type Harness } from '../utils/harness';

/**
 * SQL statements per request for every list the dashboard and integrators read, measured with a
 * handful of rows and again after twenty times as many: each must stay the same small number,
 * whatever the number of rows (no query per booking, customer or payment). And the statements of
 * a website booking's transaction: each costs the server's core a few tenths of a millisecond.
 */

/** The most statements each request may send. */
const CEILING: Record<string, number> = {
  'GET /api/cars': 1,
  // The fleet (cached, counted here as it is filled) and the one availability query.
  'GET /api/cars?pickupDate=&returnDate=': 2,
  'GET /api/cars/{id}/booked-dates': 2,
  'GET /api/admin/bookings': 4,
  'GET /api/admin/bookings?q=': 4,
  'GET /api/admin/bookings?status=': 4,
  'GET /api/admin/customers': 3,
  'GET /api/admin/customers?q=': 3,
  'GET /api/admin/customers/{id}': 2,
  'GET /api/admin/bookings/{id}/payments': 2,
  'GET /api/admin/blocked-names': 2,
  'GET /api/admin/audit': 2,
  'GET /api/admin/audit?cursor=': 1,
  'GET /api/admin/overview': 4,
  'GET /api/admin/customers/export.csv': 2,
  'tRPC bookings.list': 4,
  'tRPC customers.list': 3,
  'tRPC customers.byId': 2,
  'tRPC bookings.payments': 2,
  'tRPC blocklist.list': 2,
  'tRPC admin.audit': 2,
  'tRPC admin.audit (cursor)': 1,
  'tRPC admin.overview': 4,
  'tRPC customers.exportCsv': 2,
  'tRPC cars.list': 1,
  'tRPC cars.search': 2,
  'tRPC cars.bookedDates': 2,
};

let h: Harness;
let statements: string[] | null = null;
let carId: string;

beforeAll(async () => {
  h = await createHarness();
  // Every statement PostgreSQL receives through the ORM passes knex's `query` event: entity
  // queries, counts, transactions and raw `execute` calls alike.
  h.orm.em.getConnection().getKnex().on('query', (query: { sql: string }) => statements?.push(query.sql));
  const [car] = (await h.orm.em.fork().getConnection().execute('select id from car order by position, name limit 1')) as Array<{ id: string }>;
  carId = car!.id;
});
afterAll(() => h.close());

/** The customer with the most bookings, one of their bookings with the most payments. */
async function busiest(): Promise<{ customerId: string; bookingId: string }> {
  const [row] = (await h.orm.em.fork().getConnection().execute(`
    select b.customer_id, b.id as booking_id from booking b
    left join payment p on p.booking_id = b.id
    group by b.id, b.customer_id
    order by (select count(*) from booking o where o.customer_id = b.customer_id) desc, count(p.id) desc limit 1
  `)) as Array<{ customer_id: string; booking_id: string }>;
  return { customerId: row!.customer_id, bookingId: row!.booking_id };
}

function trpcPath(procedure: string, input?: unknown): string {
  return `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`;
}

/** Runs every request once and returns the statements each sent (failing on any answer but 200). */
async function countAll(): Promise<Record<string, number>> {
  const { customerId, bookingId } = await busiest();
  const searchFrom = addDays(todayInManila(), 30);
  const searchTo = addDays(todayInManila(), 33);
  const requests: Record<string, string> = {
    'GET /api/cars': '/api/cars',
    'GET /api/cars?pickupDate=&returnDate=': `/api/cars?pickupDate=${searchFrom}&returnDate=${searchTo}&seats=2`,
    'GET /api/cars/{id}/booked-dates': `/api/cars/${carId}/booked-dates`,
    'GET /api/admin/bookings': '/api/admin/bookings',
    'GET /api/admin/bookings?q=': '/api/admin/bookings?q=maria',
    'GET /api/admin/bookings?status=': '/api/admin/bookings?status=confirmed',
    'GET /api/admin/customers': '/api/admin/customers',
    'GET /api/admin/customers?q=': '/api/admin/customers?q=santos',
    'GET /api/admin/customers/{id}': `/api/admin/customers/${customerId}`,
    'GET /api/admin/bookings/{id}/payments': `/api/admin/bookings/${bookingId}/payments`,
    'GET /api/admin/blocked-names': '/api/admin/blocked-names?q=person',
    'GET /api/admin/audit': '/api/admin/audit?entityType=payment',
    'GET /api/admin/audit?cursor=': '/api/admin/audit?entityType=payment&cursor=',
    'GET /api/admin/overview': '/api/admin/overview',
    'GET /api/admin/customers/export.csv': '/api/admin/customers/export.csv',
    'tRPC bookings.list': trpcPath('bookings.list', { limit: 50 }),
    'tRPC customers.list': trpcPath('customers.list', {}),
    'tRPC customers.byId': trpcPath('customers.byId', { id: customerId }),
    'tRPC bookings.payments': trpcPath('bookings.payments', { id: bookingId }),
    'tRPC blocklist.list': trpcPath('blocklist.list', {}),
    'tRPC admin.audit': trpcPath('admin.audit', {}),
    'tRPC admin.audit (cursor)': trpcPath('admin.audit', { cursor: '' }),
    'tRPC admin.overview': trpcPath('admin.overview'),
    'tRPC customers.exportCsv': trpcPath('customers.exportCsv'),
    'tRPC cars.list': trpcPath('cars.list'),
    'tRPC cars.search': trpcPath('cars.search', { pickupDate: searchFrom, returnDate: searchTo, sort: 'price' }),
    'tRPC cars.bookedDates': trpcPath('cars.bookedDates', { carId }),
  };
  const counts: Record<string, number> = {};
  for (const [name, path] of Object.entries(requests)) {
    // The fleet list and booked days are cached: count the queries that fill them.
    h.deps.fleet.changed();
    h.deps.bookedDates.changed();
    statements = [];
    const response = await h.app.request(path, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } });
    const seen = statements;
    statements = null;
    const text = await response.text();
    expect(response.status, `${name}: ${text}`).toBe(200);
    // Each list is measured with rows in it: an empty page would skip the queries that load them.
    const body = name.endsWith('.csv') || name.endsWith('exportCsv') ? null : (JSON.parse(text) as unknown);
    const json = (body as { result?: { data?: { json?: unknown } } } | null)?.result?.data?.json ?? body;
    const rows = Array.isArray(json) ? json : (json as { items?: unknown[] } | null)?.items;
    if (rows) expect(rows.length, `${name} lists rows`).toBeGreaterThan(0);
    counts[name] = seen.length;
  }
  return counts;
}

describe('SQL statements per request', () => {
  it('stay a small fixed number for every list, whatever the number of bookings, customers and payments', async () => {
    const connection = h.orm.em.fork().getConnection();
    // A few rows: three customers, three upcoming bookings (one paid in part), a blocked name.
    await generateScaleData(connection, { bookings: 3, customers: 3, blockedNames: 1, auditEntries: 3, daysAhead: 300 });
    const few = await countAll();

    // Twenty times as many: sixty bookings over twenty customers, past ones completed (each with
    // its payment) or cancelled, on days that do not meet the first ones'.
    const more = await generateScaleData(connection, { bookings: 60, customers: 20, blockedNames: 20, auditEntries: 60, daysAhead: 3 });
    expect(more.payments).toBeGreaterThan(20);
    const [{ n } = { n: 0 }] = (await connection.execute('select count(*)::int as n from booking')) as Array<{ n: number }>;
    expect(n).toBe(63);
    const many = await countAll();

    expect(many).toEqual(few);
    for (const [name, count] of Object.entries(many)) {
      expect(count, `${name} sends ${count} statements`).toBeLessThanOrEqual(CEILING[name]!);
      expect(count, `${name} reads the database`).toBeGreaterThan(0);
    }
    expect(Object.keys(many).sort()).toEqual(Object.keys(CEILING).sort());
  });

  it("counts a search's matches only when its page is full: a shorter page ends them, its total exact", async () => {
    const connection = h.orm.em.fork().getConnection();
    const { tag } = await generateScaleData(connection, { bookings: 0, customers: 30, blockedNames: 0, auditEntries: 0 });
    const measure = async (path: string) => {
      statements = [];
      const response = await h.app.request(path, { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } });
      const seen = statements;
      statements = null;
      expect(response.status, path).toBe(200);
      const items = (await response.json()) as unknown[];
      return { statements: seen.length, items: items.length, total: Number(response.headers.get('x-total-count')), capped: response.headers.get('x-total-count-capped') };
    };
    const search = (q: string, limit: number, offset: number) => measure(`/api/admin/customers?q=${encodeURIComponent(q)}&limit=${limit}&offset=${offset}`);
    // One renter: their page alone, nothing counted.
    const one = await search(`renter-${tag}-7@`, 12, 0);
    expect(one).toMatchObject({ items: 1, total: 1, capped: 'false' });
    // The thirty of this run: a full first page is counted; the last, shorter page is not.
    const first = await search(`renter-${tag}-`, 12, 0);
    expect(first).toMatchObject({ items: 12, total: 30, capped: 'false' });
    expect(first.statements).toBe(one.statements + 1);
    const last = await search(`renter-${tag}-`, 12, 24);
    expect(last).toMatchObject({ items: 6, total: 30, capped: 'false', statements: one.statements });
    // An empty page past the end says nothing of where the matches end: they are counted.
    expect(await search(`renter-${tag}-`, 12, 48)).toMatchObject({ items: 0, total: 30, statements: first.statements - 1 });
    expect(await search(`nobody-${tag}`, 12, 0)).toMatchObject({ items: 0, total: 0, statements: 1 });
  });

  it('makes a website booking in one transaction of seven statements', async () => {
    const car = await request(h, 'POST', '/api/admin/cars', { name: 'Statement Count Sedan', category: 'Compact Sedan', dailyRate: '1800', image: 'vios.jpg' }, { staff: true });
    expect(car.status).toBe(201);
    const payload = bookingPayload(car.body.id as string, await uploadDocuments(h));
    statements = [];
    const answer = await request(h, 'POST', '/api/bookings', payload);
    // What the transaction sent (the fleet list, refilled after the car's creation, is read before it).
    const seen = statements.slice(statements.indexOf('BEGIN;')).map((sql) => /^(insert into \S+|update \S+|select [a-z_]+|\S+)/.exec(sql)![1]);
    statements = null;
    expect(answer.status).toBe(201);
    expect(seen.slice(0, seen.indexOf('COMMIT;') + 1)).toEqual([
      'BEGIN;',
      // The phone number's and the mailbox's locks and the blocklist; the customer; the unconfirmed bookings of the mailbox and number.
      'select pg_advisory_xact_lock',
      'insert into "customer"',
      'select status',
      'insert into "booking"',
      // The documents claimed, and recorded under their sealed keys; both e-mails.
      'update "upload"',
      'insert into "upload"',
      'insert into "mail_message"',
      'COMMIT;',
    ]);
  });

  it('sees statements sent through em.execute and the statements of a transaction', async () => {
    statements = [];
    await h.orm.em.fork().execute('select 1');
    await h.orm.em.fork().getConnection().execute('select 2');
    await h.orm.em.fork().transactional((em) => em.execute('select 3'));
    const seen = statements;
    statements = null;
    expect(seen).toEqual(['select 1', 'select 2', 'BEGIN;', 'select 3', 'COMMIT;']);
  });
});

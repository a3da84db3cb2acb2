import pg from 'pg';
import { ADMIN_PAGE_SIZES } from '../../../src/shared/schemas/admin.schema';
import { generateScaleData } from '../../seed-scale';
import { ADMIN_HEADERS, alternate, median, medianRatio, type BenchServer } from '../harness';
import type { SliceResult } from '../protocol';
import type { Figure, Suite } from '../suite';

/** The two sizes compared: 100,000 bookings and 30,000 customers, and 1,000 bookings with 100 customers. */
const SMALL = { bookings: 1_000, customers: 100 };
const LARGE = { bookings: Number(process.env.BENCH_SCALE_BOOKINGS ?? 100_000), customers: Number(process.env.BENCH_SCALE_CUSTOMERS ?? 30_000) };
/**
 * How far each car's bookings reach ahead of today: 20 upcoming bookings per car, the same at both
 * sizes as long as each car has at least 20 bookings (1,000 bookings over the seeded 24 cars is 41 each).
 */
const DAYS_AHEAD = 60;
/** The most times the large database may be slower than the small one on a page staff use. */
const GOAL = { op: '<=' as const, target: 1.5 };
/** Few connections: this measures how long one page takes, not how many the server can serve. */
const CONNECTIONS = 4;
const SLICE_SECONDS = 1.5;
const ROUNDS = 4;

/** What a database gives the requests: its cars (in fleet order) and one renter to search for. */
interface Sample {
  cars: string[];
  email: string;
  phone: string;
  fullName: string;
}

interface Page {
  name: string;
  paths: (sample: Sample) => string[];
  admin: boolean;
  /** Why this page has no goal; without it the figure's goal is GOAL. */
  noGoal?: string;
}

const q = (text: string) => encodeURIComponent(text);
const SIZE = ADMIN_PAGE_SIZES;
/** The sixth page of bookings: an offset page past the first. */
const OFFSET = 5 * SIZE.bookings;

/**
 * The requests staff make, as the dashboard sends them: every list's first page, the sixth page
 * of bookings, a status filter, the searches they type (a phone number's last digits, a whole
 * e-mail address, one renter's name), the audit drawer by cursor, and the public booked dates.
 */
const PAGES: Page[] = [
  { name: 'GET /api/cars/{id}/booked-dates', paths: (s) => s.cars.map((id) => `/api/cars/${id}/booked-dates`), admin: false },
  { name: 'GET /api/admin/bookings', paths: () => [`/api/admin/bookings?limit=${SIZE.bookings}&offset=0`], admin: true },
  { name: `GET /api/admin/bookings?offset=${OFFSET}`, paths: () => [`/api/admin/bookings?limit=${SIZE.bookings}&offset=${OFFSET}`], admin: true },
  { name: 'GET /api/admin/bookings?status=confirmed', paths: () => [`/api/admin/bookings?status=confirmed&limit=${SIZE.bookings}&offset=0`], admin: true },
  { name: 'GET /api/admin/bookings?q={whole e-mail}', paths: (s) => [`/api/admin/bookings?q=${q(s.email)}&limit=${SIZE.bookings}&offset=0`], admin: true },
  { name: 'GET /api/admin/customers', paths: () => [`/api/admin/customers?limit=${SIZE.customers}&offset=0`], admin: true },
  { name: 'GET /api/admin/customers?q={last 6 digits of a phone}', paths: (s) => [`/api/admin/customers?q=${q(s.phone.slice(-6))}&limit=${SIZE.customers}&offset=0`], admin: true },
  { name: 'GET /api/admin/customers?q={whole e-mail}', paths: (s) => [`/api/admin/customers?q=${q(s.email)}&limit=${SIZE.customers}&offset=0`], admin: true },
  { name: 'GET /api/admin/customers?q={one renter\'s name}', paths: (s) => [`/api/admin/customers?q=${q(s.fullName)}&limit=${SIZE.customers}&offset=0`], admin: true },
  { name: 'GET /api/admin/blocked-names', paths: () => [`/api/admin/blocked-names?limit=${SIZE.blockedNames}&offset=0`], admin: true },
  { name: 'GET /api/admin/audit?cursor= (audit drawer)', paths: () => [`/api/admin/audit?limit=${SIZE.audit}&cursor=`], admin: true },
  { name: 'GET /api/admin/audit?cursor=&entityType=payment', paths: () => [`/api/admin/audit?limit=${SIZE.audit}&cursor=&entityType=payment`], admin: true },
  // The dashboard's fleet tab reads the same list as the site (there is no GET /api/admin/cars).
  { name: 'GET /api/cars (fleet tab)', paths: () => ['/api/cars'], admin: false },
  {
    name: 'GET /api/admin/customers?q=santos (10% of customers)',
    paths: () => [`/api/admin/customers?q=santos&limit=${SIZE.customers}&offset=0`],
    admin: true,
    noGoal: 'context: a broad search costs in proportion to its matches (1,000 customers at 100k)',
  },
  {
    name: 'GET /api/admin/bookings?q=santos (10% of customers)',
    paths: () => [`/api/admin/bookings?q=santos&limit=${SIZE.bookings}&offset=0`],
    admin: true,
    noGoal: "context: a broad search costs in proportion to its matches (those customers' 10,000 bookings at 100k)",
  },
  {
    name: 'GET /api/admin/overview',
    paths: () => ['/api/admin/overview'],
    admin: true,
  },
];

/**
 * Searches staff may type that match almost everything or that no index narrows ("@" is in every
 * e-mail address, "0" in every phone number, "a" in most names, ".co" in every address): each must
 * answer within SEARCH_P99_MS at the larger size, whatever it matches.
 */
const SEARCHES = [
  ...['@', '0', 'a', '.co', 'santos'].map((text) => `/api/admin/bookings?q=${q(text)}&limit=${SIZE.bookings}&offset=0`),
  ...['@', '0', 'a'].map((text) => `/api/admin/customers?q=${q(text)}&limit=${SIZE.customers}&offset=0`),
  `/api/admin/blocked-names?q=a&limit=${SIZE.blockedNames}&offset=0`,
];
const SEARCH_P99_MS = { op: '<=' as const, target: 200 };

/** Fills the server's database with `generateScaleData` and reads back what the requests need. */
async function fill(server: BenchServer, size: { bookings: number; customers: number }): Promise<Sample> {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    await generateScaleData(db, { ...size, daysAhead: DAYS_AHEAD });
    const cars = await db.query<{ id: string }>('select id from car order by position, name');
    // The renter of the latest booking: in the first page at both sizes, with one or many bookings.
    const renter = await db.query<{ email: string; phone: string; full_name: string }>(
      'select c.email, c.phone, c.full_name from booking b join customer c on c.id = b.customer_id order by b.created_at desc, b.id limit 1',
    );
    const row = renter.rows[0];
    if (!row) throw new Error('the generated database has no booking');
    return { cars: cars.rows.map((car) => car.id), email: row.email, phone: row.phone, fullName: row.full_name };
  } finally {
    await db.end();
  }
}

/** Both sizes must answer every car's booked dates with the same days, or the figure compares unlike lists. */
async function sameBookedDates(small: BenchServer, smallCars: string[], large: BenchServer, largeCars: string[]): Promise<number> {
  const read = async (server: BenchServer, id: string) => (await fetch(`${server.baseURL}/api/cars/${id}/booked-dates`)).text();
  let days = 0;
  for (const [i, id] of smallCars.entries()) {
    const [a, b] = [await read(small, id), await read(large, largeCars[i]!)];
    if (a !== b) throw new Error(`car ${i + 1}'s booked dates differ between the sizes: ${a} vs ${b}`);
    days += (JSON.parse(a) as unknown[]).length;
  }
  return days;
}

/**
 * The dashboard's requests and the booked dates on two servers side by side, one at 1,000 bookings
 * and one at 100,000, both filled by scripts/seed-scale.ts, alternating slices: each figure is the
 * large database's median time per request over the small one's.
 */
export const scaleSuite: Suite = {
  name: 'scale',
  title: 'Lists at 100,000 bookings vs 1,000',
  run: async ({ load, startServer, log }) => {
    const small = await startServer();
    const large = await startServer();
    const t0 = performance.now();
    const atSmallSize = await fill(small, SMALL);
    const atLargeSize = await fill(large, LARGE);
    log(`    data generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (${SMALL.bookings} and ${LARGE.bookings} bookings)`);
    const bookedDays = await sameBookedDates(small, atSmallSize.cars, large, atLargeSize.cars);
    log(`    booked dates identical at both sizes (${bookedDays} entries over ${atSmallSize.cars.length} cars)`);

    const figures: Figure[] = [];
    for (const page of PAGES) {
      log(`  ${page.name}`);
      const job = (server: BenchServer, sample: Sample) => (round: number) => ({
        kind: 'http' as const,
        baseUrl: server.baseURL,
        paths: page.paths(sample),
        ...(page.admin ? { headers: ADMIN_HEADERS } : {}),
        connections: CONNECTIONS,
        seconds: round < 0 ? 1 : SLICE_SECONDS,
      });
      const {
        slices: [atSmall, atLarge],
      } = await alternate(load, [{ name: '1k', job: job(small, atSmallSize) }, { name: `${LARGE.bookings / 1000}k`, job: job(large, atLargeSize) }], ROUNDS, log);
      const failed = [...atSmall!, ...atLarge!].reduce((n, s) => n + s.errors + s.non2xx, 0);
      const mean = (s: SliceResult) => (s.seconds * 1000 * CONNECTIONS) / Math.max(1, s.requests);
      const times = `${median(atSmall!.map(mean)).toFixed(1)} ms vs ${median(atLarge!.map(mean)).toFixed(1)} ms per request${failed ? `; ${failed} failed requests` : ''}`;
      figures.push({
        suite: 'scale',
        name: `${page.name}: time at ${LARGE.bookings / 1000}k ÷ at 1k bookings`,
        value: failed ? NaN : medianRatio(atLarge!, atSmall!, mean),
        unit: '×',
        ...(page.noGoal ? { context: `${page.noGoal}; ${times}` } : { goal: GOAL, context: times }),
      });
    }

    for (const path of SEARCHES) {
      log(`  GET ${path}`);
      const job = (round: number) => ({ kind: 'http' as const, baseUrl: large.baseURL, paths: [path], headers: ADMIN_HEADERS, connections: CONNECTIONS, seconds: round < 0 ? 1 : SLICE_SECONDS });
      const {
        slices: [atLarge],
      } = await alternate(load, [{ name: `${LARGE.bookings / 1000}k`, job }], ROUNDS, log);
      const failed = atLarge!.reduce((n, s) => n + s.errors + s.non2xx, 0);
      figures.push({
        suite: 'scale',
        name: `GET ${path.replace(/&limit=.*$/, '')}: p99 at ${LARGE.bookings / 1000}k bookings, ${LARGE.customers / 1000}k customers`,
        value: failed ? NaN : median(atLarge!.map((slice) => slice.p99)),
        unit: 'ms',
        goal: SEARCH_P99_MS,
        context: `${CONNECTIONS} connections; ${median(atLarge!.map((slice) => slice.rps)).toFixed(0)} req/s${failed ? `; ${failed} failed requests` : ''}`,
      });
    }
    return figures;
  },
};

import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/server/clock';
import { Upload } from '../../src/server/db/entities';
import { attachUploads, planUploads, sweepOrphanObjects, type OrphanSweep } from '../../src/server/services/upload.service';
import { keyFromObjectPath, OBJECT_PREFIXES } from '../../src/server/storage/storage';
import { bookingPayload, fileBytes, upload, uploadDocuments } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { BUCKET, S3Server, s3Storage } from '../utils/s3rver';
import { expectError, newCar, openTransaction, publicBooking, uniqueWord } from './helpers';

const HOUR = 3_600_000;
const key = (path: string) => keyFromObjectPath(path) ?? '';

/** Every key in the store, both folders. */
async function storedKeys(h: Harness): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of OBJECT_PREFIXES) keys.push(...(await h.deps.storage.list(prefix, { limit: 100_000 })).objects.map((object) => object.key));
  return keys;
}

/** Stored keys that no upload row names. */
async function orphans(h: Harness): Promise<string[]> {
  const keys = await storedKeys(h);
  const named = new Set((await h.orm.em.fork().find(Upload, { objectKey: { $in: keys } })).map((row) => row.objectKey));
  return keys.filter((stored) => !named.has(stored)).sort();
}

/** Sweeps in runs of `limit` until one reaches the end of the store. */
async function sweepToTheEnd(h: Harness, limit?: number): Promise<OrphanSweep[]> {
  const runs: OrphanSweep[] = [];
  do runs.push(await sweepOrphanObjects(h.deps, limit));
  while (!runs.at(-1)!.finished && runs.length < 1000);
  return runs;
}

const removedBy = (runs: OrphanSweep[]) => runs.reduce((sum, run) => sum + run.removed, 0);

/** A renter whose booking PostgreSQL refuses at COMMIT (see `refuseCommitsOf`). */
const REFUSED_PREFIX = 'commit.refused.';

/**
 * A deferred constraint trigger: a transaction that made the customer of a `REFUSED_PREFIX`
 * address fails at its COMMIT, after every statement of the booking (documents sealed and recorded
 * included) succeeded.
 */
async function refuseCommitsOf(h: Harness): Promise<void> {
  const connection = h.orm.em.fork().getConnection();
  await connection.execute(`create or replace function refuse_commit() returns trigger language plpgsql as $$ begin raise exception 'commit refused'; end $$`);
  await connection.execute(`drop trigger if exists refuse_commit on customer`);
  await connection.execute(
    `create constraint trigger refuse_commit after insert on customer deferrable initially deferred for each row when (new.email like '${REFUSED_PREFIX}%') execute function refuse_commit()`,
  );
}

interface Driver {
  name: string;
  start: () => Promise<{ h: Harness; stop: () => Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    start: async () => {
      const h = await createHarness();
      return { h, stop: () => h.close() };
    },
  },
  {
    name: 'S3 (s3rver)',
    start: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'rental-s3rver-orphans-'));
      const server = new S3Server(dir);
      await server.start({ buckets: [BUCKET] });
      const h = await createHarness({ storage: () => s3Storage(server.endpoint) });
      return {
        h,
        stop: async () => {
          await h.close();
          await server.stop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

// S3 dates an object by the server's own clock, which a test cannot move: on both drivers the
// objects made here are as old as real time says, and the test clock moves "now" a day on.
describe.each(drivers)('the orphan sweep on $name', (driver) => {
  let h: Harness;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ h, stop } = await driver.start());
  });
  afterAll(() => stop?.());
  afterEach(() => clock.reset());

  it('deletes an object no upload names once it is a day old, and keeps uploads, documents and car pictures', async () => {
    const loose = await upload(h, fileBytes('png'));
    const { documents } = await publicBooking(h, (await newCar(h)).id);
    const pictured = await newCar(h, { image: await upload(h, fileBytes('png'), { kind: 'car-image', staff: true }) });
    // Everything the server stored itself has its row (sealed originals on S3 included).
    expect(await orphans(h)).toEqual([]);

    const strays = [`private/${randomUUID()}`, `public/${randomUUID()}`];
    for (const stray of strays) await h.deps.storage.put(stray, fileBytes('png'), 'image/png');
    expect(await orphans(h)).toEqual([...strays].sort());

    // Not yet a day old: kept, as a seal whose row is not committed yet must be.
    expect(await sweepOrphanObjects(h.deps)).toMatchObject({ removed: 0, finished: true });
    for (const stray of strays) expect(await h.deps.storage.head(stray)).not.toBeNull();

    clock.advance(25 * HOUR);
    expect(await sweepOrphanObjects(h.deps)).toMatchObject({ removed: 2, finished: true });
    for (const stray of strays) expect(await h.deps.storage.head(stray)).toBeNull();
    for (const path of [loose, ...Object.values(documents), pictured.image]) expect(await h.deps.storage.head(key(path))).not.toBeNull();
    expect(await orphans(h)).toEqual([]);
  });

  it('deletes the sealed documents a booking left when PostgreSQL refused its COMMIT, once they are a day old', async () => {
    await refuseCommitsOf(h);
    const car = await newCar(h);
    const before = new Set(await orphans(h));
    const uploaded = await uploadDocuments(h);
    const email = `${REFUSED_PREFIX}${uniqueWord().toLowerCase()}@example.com`;
    await expectError(h.caller().bookings.create(bookingPayload(car.id, uploaded, { customer: { email } })), 'INTERNAL_SERVER_ERROR');
    expect(await h.orm.em.fork().getConnection().execute('select id from customer where email = ?', [email])).toEqual([]);

    // The three sealed copies: identity documents no row names.
    const left = (await orphans(h)).filter((orphan) => !before.has(orphan));
    expect(left).toHaveLength(3);
    for (const orphan of left) {
      expect(orphan).toMatch(/^private\//);
      expect(Object.values(uploaded).map(key)).not.toContain(orphan);
      expect((await h.deps.storage.head(orphan))?.size).toBe(256);
    }

    expect(removedBy(await sweepToTheEnd(h))).toBe(0);
    clock.advance(25 * HOUR);
    expect(removedBy(await sweepToTheEnd(h))).toBe(3 + before.size);
    for (const orphan of left) expect(await h.deps.storage.head(orphan)).toBeNull();
    expect(await orphans(h)).toEqual([]);
  });

  it('goes through a large store a page per run, each run going on after the last key the one before listed', async () => {
    await sweepToTheEnd(h); // a pass left unfinished by an earlier test ends here
    const strays = Array.from({ length: 5 }, (_, i) => `${OBJECT_PREFIXES[i % 2]}${randomUUID()}`);
    for (const stray of strays) await h.deps.storage.put(stray, fileBytes('pdf'), 'application/pdf');
    const stored = await storedKeys(h);
    clock.advance(25 * HOUR);

    const runs = await sweepToTheEnd(h, 2);
    expect(runs.at(-1)!.finished).toBe(true);
    for (const run of runs) expect(run.examined).toBeLessThanOrEqual(2);
    // Every key once: none skipped, none listed twice.
    expect(runs.reduce((sum, run) => sum + run.examined, 0)).toBe(stored.length);
    expect(removedBy(runs)).toBe(5);
    expect((await storedKeys(h)).sort()).toEqual(stored.filter((stored) => !strays.includes(stored)).sort());

    // The next run starts over.
    expect(await sweepOrphanObjects(h.deps, 2)).toMatchObject({ examined: 2, removed: 0 });
  });
});

describe('the orphan sweep on local disk', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());
  afterEach(() => clock.reset());

  const file = (objectKey: string) => join(h.dataDir, 'objects', objectKey);
  const hoursAgo = (hours: number) => new Date(clock.now().getTime() - hours * HOUR);

  it("dates an object by its file's time: a day old goes, not quite a day old stays", async () => {
    const old = `private/${randomUUID()}`;
    const young = `private/${randomUUID()}`;
    for (const stray of [old, young]) await h.deps.storage.put(stray, fileBytes('png'), 'image/png');
    await utimes(file(old), hoursAgo(24.1), hoursAgo(24.1));
    await utimes(file(young), hoursAgo(23.9), hoursAgo(23.9));

    expect(removedBy(await sweepToTheEnd(h))).toBe(1);
    expect(await h.deps.storage.head(old)).toBeNull();
    expect(await readdir(join(h.dataDir, 'objects', 'private'))).not.toContain(`${old.slice('private/'.length)}.meta.json`);
    expect(await h.deps.storage.head(young)).not.toBeNull();
    await h.deps.storage.delete(young);
  });

  it('keeps the sealed copy of a day-old upload that a booking is attaching at that very moment', async () => {
    // A link keeps the upload's own file time: the seal must date the copy itself.
    const path = await upload(h, fileBytes('png'));
    clock.advance(25 * HOUR);
    const plan = planUploads([path], 'document');
    const owner = `customer:${randomUUID()}` as const;
    const { commit } = await openTransaction(h, (em) => attachUploads({ em, deps: h.deps, actor: null }, plan, 'document', owner));
    let swept: OrphanSweep[];
    try {
      swept = await sweepToTheEnd(h);
    } finally {
      await commit();
    }
    expect(removedBy(swept)).toBe(0);
    expect((await h.orm.em.fork().findOne(Upload, { objectKey: key(plan[0]!.to) }))?.attachedTo).toBe(owner);
    expect(await h.deps.storage.head(key(plan[0]!.to))).not.toBeNull();
  });

  it('counts the half-written .partial a crash left as its object, and never a .meta.json alone', async () => {
    // A put cut short: the bytes of a document under a name no reader looks at, and no row.
    const cut = `private/${randomUUID()}`;
    await mkdir(join(h.dataDir, 'objects', 'private'), { recursive: true });
    await writeFile(`${file(cut)}.partial`, fileBytes('pdf'));
    await utimes(`${file(cut)}.partial`, hoursAgo(25), hoursAgo(25));
    // An upload still being written: its row exists.
    const inFlight = keyFromObjectPath((await h.caller().uploads.request({ kind: 'document', contentType: 'image/png' })).objectPath)!;
    await writeFile(`${file(inFlight)}.partial`, fileBytes('png'));
    await utimes(`${file(inFlight)}.partial`, hoursAgo(25), hoursAgo(25));
    const typeOnly = `private/${randomUUID()}`;
    await writeFile(`${file(typeOnly)}.meta.json`, JSON.stringify({ contentType: 'image/png' }));

    const listed = (await h.deps.storage.list('private/', { limit: 100_000 })).objects.map((object) => object.key);
    expect(listed).toContain(cut);
    expect(listed).toContain(inFlight);
    expect(listed).not.toContain(typeOnly);

    expect(removedBy(await sweepToTheEnd(h))).toBe(1);
    const names = await readdir(join(h.dataDir, 'objects', 'private'));
    expect(names).not.toContain(`${cut.slice('private/'.length)}.partial`);
    expect(names).toContain(`${inFlight.slice('private/'.length)}.partial`);
  });
});

describe('the orphan sweep on S3 sharing its bucket', () => {
  let h: Harness;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ h, stop } = await drivers[1]!.start());
  });
  afterAll(() => stop?.());
  afterEach(() => clock.reset());

  it('lists keys under its folders that are not its own, and never deletes them', async () => {
    const foreign = ['private/notes.txt', `public/${randomUUID()}.jpg`];
    for (const stray of foreign) await h.deps.storage.put(stray, fileBytes('png'), 'image/png');
    clock.advance(25 * HOUR);
    const runs = await sweepToTheEnd(h);
    expect(runs.reduce((sum, run) => sum + run.examined, 0)).toBe(2);
    expect(removedBy(runs)).toBe(0);
    for (const stray of foreign) expect(await h.deps.storage.head(stray)).not.toBeNull();
  });
});

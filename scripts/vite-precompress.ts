import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { PRECOMPRESSED_EXTENSIONS } from '../src/server/http/compression';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this many bytes a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of `dir`. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const path of files(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.some((ext) => path.endsWith(ext))) continue;
    if ((await stat(path)).size < MIN_BYTES) continue;
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ]);
    // A copy is kept only when it is smaller; the server then serves the file as it is.
    if (br.length < content.length) await writeFile(`${path}.br`, br);
    if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += Math.min(br.length, content.length);
  }
  return totals;
}

/**
 * Compresses the browser build once, at build time, so the server streams `.br`/`.gz` files
 * (`serveStatic({ precompressed: true })`) instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const totals = await precompressDir(outDir);
      this.info(`precompressed ${totals.files} files: ${totals.bytes} bytes, ${totals.brotliBytes} with brotli`);
    },
  };
}

/** Files the build compresses beside themselves (`.br`, `.gz`): text formats, SVG included. */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest'];

export type ContentEncoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts, by its Accept-Encoding header (q-values honoured, `q=0`
 * refuses): brotli, then gzip, else none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: ContentEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best ?? null;
}

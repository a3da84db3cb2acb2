/**
 * Front-end size budgets of the home page, checked on the built client:
 *   npm run check:bundle        (builds, then checks; `tsx scripts/check-bundle.ts [distDir]` checks a build)
 * What the home page loads before it can render is its entry chunk and the stages run before it,
 * every chunk those import statically (they are modulepreloaded), and their CSS: read from Vite's manifest
 * (dist/client/.vite/manifest.json), plus anything index.html itself links. Lazy chunks (dynamic
 * imports) load later and are reported, not budgeted; the dashboard and the booking form must be
 * among them. Sizes are gzip at level 9, as bundlers report them; 1 kB = 1000 bytes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOCALES } from '../src/shared/i18n/locales';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { APP_ENTRY, APP_STAGES, readManifest, staticClosure } from '../src/server/http/manifest';

/** The budgets, in gzip bytes (the performance issue: initial JS ≤ 160 kB, CSS ≤ 25 kB). */
export const BUNDLE_BUDGETS: BundleBudgets = {
  initialJsGzip: 160_000,
  initialCssGzip: 25_000,
};

export type BundleBudgets = { initialJsGzip: number; initialCssGzip: number };

/** Code that must stay out of the home page's first load: each must be its own lazy chunk. */
export const LAZY_ONLY = {
  admin: 'src/client/pages/Admin.page.tsx',
  bookingForm: 'src/client/features/booking/BookingForm.tsx',
} as const;


export type FileSet = { files: string[]; bytes: number; gzip: number };
export type LazyChunk = { src: string; file: string | null; inInitial: boolean; js: FileSet; css: FileSet };
export type BundleFigures = {
  distDir: string;
  initial: { js: FileSet; css: FileSet };
  lazy: Record<keyof typeof LAZY_ONLY, LazyChunk>;
};

function sizes(distDir: string, files: Iterable<string>): FileSet {
  const sorted = [...new Set(files)].sort();
  let bytes = 0;
  let gzip = 0;
  for (const file of sorted) {
    const content = readFileSync(join(distDir, file));
    bytes += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: sorted, bytes, gzip };
}

/** Scripts, modulepreloads and stylesheets that a built index.html loads from the bundle. */
function linkedByIndexHtml(distDir: string): { js: string[]; css: string[] } {
  const path = join(distDir, 'index.html');
  if (!existsSync(path)) return { js: [], css: [] };
  const html = readFileSync(path, 'utf8');
  const js: string[] = [];
  const css: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    if (!url || !url.startsWith('assets/')) continue;
    if (/^<script/.test(tag) || /rel="modulepreload"/.test(tag)) js.push(url);
    else if (/rel="stylesheet"/.test(tag)) css.push(url);
  }
  return { js, css };
}

/** The catalog part each page loads before hydrating (src/client/main.tsx), one per language. */
const FIRST_MESSAGES = LOCALES.map((locale) => `virtual:messages/${locale}/site`);

function gzipSize(root: string, file: string): number {
  return gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
}

/** Measures a built client: the home page's initial JS and CSS, and what each lazy-only chunk adds. */
export function measureBundle(distDir = 'dist/client'): BundleFigures {
  const root = resolve(distDir);
  const manifest = readManifest(root);
  if (!manifest[APP_ENTRY]?.isEntry) throw new Error(`the manifest of ${root} has no entry ${APP_ENTRY}`);

  // The entry, and the stages a server-rendered page runs before it: all loaded at once; and the
  // messages the entry loads before it hydrates (the larger language's, so either page fits).
  const catalogs = FIRST_MESSAGES.filter((key) => manifest[key]).sort((a, b) => gzipSize(root, manifest[b]!.file) - gzipSize(root, manifest[a]!.file));
  const initialKeys = new Set([APP_ENTRY, ...APP_STAGES.filter((stage) => manifest[stage]), ...catalogs.slice(0, 1)].flatMap((key) => staticClosure(manifest, key)));
  const linked = linkedByIndexHtml(root);
  const initialJs = new Set([...[...initialKeys].map((key) => manifest[key]?.file as string), ...linked.js]);
  const initialCss = new Set([...[...initialKeys].flatMap((key) => manifest[key]?.css ?? []), ...linked.css]);

  const lazy = Object.fromEntries(
    Object.entries(LAZY_ONLY).map(([name, src]) => {
      const chunk = manifest[src];
      if (!chunk) return [name, { src, file: null, inInitial: true, js: sizes(root, []), css: sizes(root, []) }];
      const keys = staticClosure(manifest, src);
      return [
        name,
        {
          src,
          file: chunk.file,
          inInitial: initialKeys.has(src),
          js: sizes(root, keys.map((key) => manifest[key]?.file as string).filter((file) => !initialJs.has(file))),
          css: sizes(root, keys.flatMap((key) => manifest[key]?.css ?? []).filter((file) => !initialCss.has(file))),
        },
      ];
    }),
  ) as BundleFigures['lazy'];

  return { distDir: root, initial: { js: sizes(root, initialJs), css: sizes(root, initialCss) }, lazy };
}

/** What is wrong with a build, one sentence each; empty when every budget and rule holds. */
export function bundleProblems(figures: BundleFigures, budgets: BundleBudgets = BUNDLE_BUDGETS): string[] {
  const problems: string[] = [];
  if (figures.initial.js.gzip > budgets.initialJsGzip) {
    problems.push(`initial JavaScript of the home page is ${kB(figures.initial.js.gzip)} gzip, over its budget of ${kB(budgets.initialJsGzip)} (BUNDLE_BUDGETS.initialJsGzip)`);
  }
  if (figures.initial.css.gzip > budgets.initialCssGzip) {
    problems.push(`initial CSS of the home page is ${kB(figures.initial.css.gzip)} gzip, over its budget of ${kB(budgets.initialCssGzip)} (BUNDLE_BUDGETS.initialCssGzip)`);
  }
  for (const chunk of Object.values(figures.lazy)) {
    if (chunk.file === null) problems.push(`${chunk.src} is not a chunk of its own (it was bundled into another): it must be loaded only with a dynamic import()`);
    else if (chunk.inInitial) problems.push(`${chunk.src} is loaded with the home page: it must be loaded only with a dynamic import()`);
  }
  return problems;
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The report printed by the check: each budget with its measure and margin, then the lazy chunks. */
export function bundleReport(figures: BundleFigures, budgets: BundleBudgets = BUNDLE_BUDGETS): string {
  const row = (cells: string[]) => `${(cells[0] ?? '').padEnd(34)}${cells.slice(1).map((cell) => cell.padStart(11)).join('')}`;
  const budgetRow = (label: string, set: FileSet, budget: number) =>
    row([`${label} (${set.files.length} file${set.files.length === 1 ? '' : 's'})`, kB(set.gzip), kB(budget), kB(budget - set.gzip)]);
  const lines = [
    row(['home page, first load (gzip)', 'measured', 'budget', 'margin']),
    budgetRow('JavaScript', figures.initial.js, budgets.initialJsGzip),
    budgetRow('CSS', figures.initial.css, budgets.initialCssGzip),
    '',
    row(['lazy chunks, on top of it (gzip)', 'JS', 'CSS', '']),
    ...Object.values(figures.lazy).map((chunk) => row([chunk.src.replace(/^src\/client\//, ''), kB(chunk.js.gzip), kB(chunk.css.gzip), chunk.inInitial ? 'INITIAL' : ''])),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const figures = measureBundle(process.argv[2] ?? 'dist/client');
    process.stdout.write(`${bundleReport(figures)}\n`);
    const problems = bundleProblems(figures);
    if (problems.length > 0) {
      process.stderr.write(`\nBundle check failed:\n${problems.map((problem) => `- ${problem}`).join('\n')}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write('\nBundle budgets hold.\n');
    }
  } catch (error) {
    process.stderr.write(`Bundle check failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS, bundleProblems, bundleReport, LAZY_ONLY, measureBundle } from '../../scripts/check-bundle';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fake build: random (incompressible) assets of the given sizes and a Vite manifest naming them. */
function fakeBuild(assets: Record<string, number>, manifest: Record<string, unknown>, indexHtml?: string): { dir: string; gz: (file: string) => number } {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  const contents = new Map<string, Buffer>();
  for (const [file, size] of Object.entries(assets)) {
    const content = randomBytes(size);
    contents.set(file, content);
    writeFileSync(join(dir, file), content);
  }
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  if (indexHtml) writeFileSync(join(dir, 'index.html'), indexHtml);
  return { dir, gz: (file) => gzipSync(contents.get(file) as Buffer, { level: 9 }).length };
}

const ASSETS = {
  'assets/index.js': 3000,
  'assets/shared.js': 2000,
  'assets/deep.js': 1000,
  'assets/index.css': 700,
  'assets/shared.css': 300,
  'assets/admin.js': 5000,
  'assets/admin.css': 400,
  'assets/adminOnly.js': 800,
  'assets/booking.js': 4000,
};

/** entry → shared → deep statically; the dashboard and the booking form dynamically. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: [LAZY_ONLY.admin, LAZY_ONLY.bookingForm],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', imports: ['_deep.js'], css: ['assets/shared.css'] },
  '_deep.js': { file: 'assets/deep.js' },
  [LAZY_ONLY.admin]: { file: 'assets/admin.js', src: LAZY_ONLY.admin, isDynamicEntry: true, imports: ['index.html', '_shared.js', '_adminOnly.js'], css: ['assets/admin.css'] },
  '_adminOnly.js': { file: 'assets/adminOnly.js' },
  [LAZY_ONLY.bookingForm]: { file: 'assets/booking.js', src: LAZY_ONLY.bookingForm, isDynamicEntry: true, imports: ['index.html'] },
};

describe('measureBundle', () => {
  it('counts the entry and its static imports, transitively, and not the dynamic imports', () => {
    const { dir, gz } = fakeBuild(ASSETS, MANIFEST);
    const figures = measureBundle(dir);
    expect(figures.initial.js.files).toEqual(['assets/deep.js', 'assets/index.js', 'assets/shared.js']);
    expect(figures.initial.js.gzip).toBe(gz('assets/index.js') + gz('assets/shared.js') + gz('assets/deep.js'));
    expect(figures.initial.js.bytes).toBe(6000);
    expect(figures.initial.css.files).toEqual(['assets/index.css', 'assets/shared.css']);
    expect(figures.initial.css.gzip).toBe(gz('assets/index.css') + gz('assets/shared.css'));
  });

  it('reports what each lazy chunk adds on top of the first load', () => {
    const { dir, gz } = fakeBuild(ASSETS, MANIFEST);
    const { admin, bookingForm } = measureBundle(dir).lazy;
    expect(admin.inInitial).toBe(false);
    expect(admin.js.files).toEqual(['assets/admin.js', 'assets/adminOnly.js']);
    expect(admin.js.gzip).toBe(gz('assets/admin.js') + gz('assets/adminOnly.js'));
    expect(admin.css.gzip).toBe(gz('assets/admin.css'));
    expect(bookingForm.js.files).toEqual(['assets/booking.js']);
  });

  it('also counts what index.html links outside the manifest', () => {
    const { dir, gz } = fakeBuild({ ...ASSETS, 'assets/extra.css': 500 }, MANIFEST, '<link rel="stylesheet" crossorigin href="/assets/extra.css"><script type="module" src="/assets/index.js"></script>');
    const figures = measureBundle(dir);
    expect(figures.initial.css.files).toContain('assets/extra.css');
    expect(figures.initial.css.gzip).toBe(gz('assets/index.css') + gz('assets/shared.css') + gz('assets/extra.css'));
    expect(figures.initial.js.files).toHaveLength(3);
  });

  it('says to build first when there is no manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    dirs.push(dir);
    expect(() => measureBundle(dir)).toThrow(/manifest\.json is missing: build the client first/);
  });
});

describe('bundleProblems', () => {
  it('passes a build within its budgets', () => {
    const { dir } = fakeBuild(ASSETS, MANIFEST);
    expect(bundleProblems(measureBundle(dir))).toEqual([]);
  });

  it('names the budget a build exceeds', () => {
    const { dir } = fakeBuild(ASSETS, MANIFEST);
    const figures = measureBundle(dir);
    const tight = { initialJsGzip: figures.initial.js.gzip - 1, initialCssGzip: figures.initial.css.gzip };
    const problems = bundleProblems(figures, tight);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^initial JavaScript of the home page is .* over its budget .*BUNDLE_BUDGETS\.initialJsGzip/);
    expect(bundleProblems(figures, { ...tight, initialCssGzip: figures.initial.css.gzip - 1 })[1]).toMatch(/BUNDLE_BUDGETS\.initialCssGzip/);
    expect(bundleReport(figures, tight)).toMatch(/JavaScript \(3 files\)\s+[\d.]+ kB\s+[\d.]+ kB\s+-0\.0 kB/);
  });

  it('fails when the dashboard is loaded with the home page', () => {
    const manifest = structuredClone(MANIFEST);
    manifest['index.html'].imports.push(LAZY_ONLY.admin);
    const { dir } = fakeBuild(ASSETS, manifest);
    const figures = measureBundle(dir);
    expect(figures.lazy.admin.inInitial).toBe(true);
    expect(bundleProblems(figures)).toEqual([`${LAZY_ONLY.admin} is loaded with the home page: it must be loaded only with a dynamic import()`]);
  });

  it('fails when the booking form is no longer a chunk of its own', () => {
    const manifest: Record<string, unknown> = structuredClone(MANIFEST);
    delete manifest[LAZY_ONLY.bookingForm];
    (manifest['index.html'] as { dynamicImports: string[] }).dynamicImports = [LAZY_ONLY.admin];
    const { dir } = fakeBuild(ASSETS, manifest);
    expect(bundleProblems(measureBundle(dir))).toEqual([`${LAZY_ONLY.bookingForm} is not a chunk of its own (it was bundled into another): it must be loaded only with a dynamic import()`]);
  });

  it('budgets the first load at 160 kB of JavaScript and 25 kB of CSS, gzip', () => {
    expect(BUNDLE_BUDGETS).toEqual({ initialJsGzip: 160_000, initialCssGzip: 25_000 });
  });
});

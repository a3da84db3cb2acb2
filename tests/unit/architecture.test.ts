import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../utils/sourceFiles';

/**
 * The structure the code keeps: no import cycles in src/ (type-only imports included: a cycle of
 * types still ties two modules together), the server never imports the browser's modules, and
 * src/shared, which runs on both sides, imports neither side nor Node's own modules.
 */

const ROOT = resolve('src');
const EXTENSIONS = ['.ts', '.tsx'];

/** A relative import resolved to its source file, or null for a package or a non-source file (CSS, SVG). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))]) {
    try {
      if (statSync(candidate).isFile() && EXTENSIONS.some((ext) => candidate.endsWith(ext))) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

const files = sourceFiles(ROOT);
/** Every file's imports as written (packages and relative paths alike), by TypeScript's own pre-processor. */
const specifiers = new Map(files.map((file) => [file, ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName)]));
const graph = new Map(files.map((file) => [file, (specifiers.get(file) ?? []).map((s) => resolveImport(file, s)).filter((f): f is string => f !== null)]));
const name = (file: string) => relative(ROOT, file);

function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') found.push([...stack.slice(stack.indexOf(next)), next].map(name));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('source structure', () => {
  it('reads the import graph (the check below is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(join(ROOT, 'server/app.ts'))).toContain(join(ROOT, 'server/http/middleware.ts'));
  });

  it('has no import cycles', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps the server from importing browser modules', () => {
    const offending = files
      .filter((file) => file.startsWith(join(ROOT, 'server')))
      .flatMap((file) => (graph.get(file) ?? []).filter((target) => target.startsWith(join(ROOT, 'client'))).map((target) => `${name(file)} -> ${name(target)}`));
    expect(offending).toEqual([]);
  });

  it('keeps src/shared free of server, browser and Node-only imports', () => {
    const offending = files
      .filter((file) => file.startsWith(join(ROOT, 'shared')))
      .flatMap((file) => {
        const local = (graph.get(file) ?? []).filter((target) => !target.startsWith(join(ROOT, 'shared'))).map((target) => `${name(file)} -> ${name(target)}`);
        const node = (specifiers.get(file) ?? []).filter((s) => s.startsWith('node:')).map((s) => `${name(file)} -> ${s}`);
        return [...local, ...node];
      });
    expect(offending).toEqual([]);
  });
});

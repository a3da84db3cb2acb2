import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json, `build.manifest`). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Reads the manifest of a built client, or says how to make one. */
export function readManifest(clientDir: string): Manifest {
  const path = join(resolve(clientDir), '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the client first (npm run build; vite.config.ts sets build.manifest)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    if (!manifest[next]) throw new Error(`the manifest names ${next}, which it does not list`);
    seen.add(next);
    stack.push(...(manifest[next].imports ?? []));
  }
  return [...seen];
}

/**
 * The stylesheets a chunk needs when it runs, its static imports' before its own: the order in
 * which Vite's preload helper adds them to the page (`collectPreloadDependencies` in
 * vite/src/node/plugins/importAnalysisBuild.ts), so a component's rules come after the Mantine
 * rules of the same weight that they override.
 */
export function cssClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const css: string[] = [];
  const visit = (chunk: string) => {
    if (seen.has(chunk)) return;
    if (!manifest[chunk]) throw new Error(`the manifest names ${chunk}, which it does not list`);
    seen.add(chunk);
    for (const imported of manifest[chunk].imports ?? []) visit(imported);
    css.push(...(manifest[chunk].css ?? []));
  };
  visit(key);
  return [...new Set(css)];
}

/** The browser app's page in the manifest: its entry chunk and stylesheets. */
export const APP_ENTRY = 'index.html';

/**
 * The stages a server-rendered page evaluates before the app's entry, each in a task of its own
 * (src/client/stages; vite.config.ts makes them entries and gives their libraries chunks of their
 * own): React, then the router, query cache and tRPC client. One long task becomes three shorter
 * ones, so a tap meanwhile waits less.
 */
export const APP_STAGES = ['src/client/stages/react.ts', 'src/client/stages/libraries.ts'];

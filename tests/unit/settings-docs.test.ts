import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZEnvSchema, parseEnv } from '../../src/server/env';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const envExample = readFileSync(resolve(root, '.env.example'), 'utf8');
const settings = Object.keys(ZEnvSchema.shape);

describe('every setting the server reads is documented', () => {
  it.each(settings)('%s has a line in .env.example', (name) => {
    expect(envExample).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it.each(settings)('%s is named in the README', (name) => {
    const named = readme.includes(`\`${name}\``) || (name.startsWith('BUSINESS_') && readme.includes('`BUSINESS_*`'));
    expect(named, `README.md does not mention ${name}`).toBe(true);
  });

  it('.env.example sets nothing the server does not read', () => {
    const lines = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(lines.filter((name) => !settings.includes(name!))).toEqual([]);
  });

  it('.env.example as written is a valid configuration', () => {
    const values = Object.fromEntries([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
    expect(() => parseEnv(values)).not.toThrow();
  });

  it('does not stop the server over NODE_ENV, which the server does not use', () => {
    expect(() => parseEnv({ NODE_ENV: 'staging' })).not.toThrow();
  });
});

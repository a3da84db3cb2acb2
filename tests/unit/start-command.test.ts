import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../src/server/command';

describe('the server command', () => {
  it('is what npm start runs, so the tests and benchmarks start the server as a newcomer does', () => {
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_ARGS.join(' ')}`);
  });
});

import { relative } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * One fast-check configuration for every property test (vitest `setupFiles`). Each test file
 * draws a random seed, so every run explores new cases; `FC_SEED` fixes it to replay a failure,
 * `FC_RUNS` changes the number of runs of properties that do not set their own (fast-check's
 * default is 100). A failing property names its seed and the command that replays it.
 * https://fast-check.dev/docs/configuration/global-settings/
 */

function integerSetting(name: string, fallback: () => number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback();
  if (!/^-?\d+$/.test(text)) throw new Error(`${name} must be an integer, not "${text}"`);
  return Number(text);
}

const seed = integerSetting('FC_SEED', () => (Math.random() * 0x1_0000_0000) | 0);
const numRuns = process.env.FC_RUNS ? integerSetting('FC_RUNS', () => 100) : undefined;

fc.configureGlobal({ seed, ...(numRuns !== undefined ? { numRuns } : {}) });

/**
 * Replaces the default report: fast-check's own message (seed, path, counterexample), then how to
 * replay it. Thrown synchronously, as fast-check asks for synchronous properties; the stack starts
 * below this function, so Vitest shows the failing `fc.assert` in the test file.
 */
function reportWithReplay(details: fc.RunDetails<unknown>): void {
  if (!details.failed) return;
  const testPath = expect.getState().testPath;
  const file = testPath ? relative(process.cwd(), testPath) : '<test file>';
  const error = new Error(`${fc.defaultReportMessage(details)}\n\nReplay it: FC_SEED=${details.seed} npx vitest run ${file}`, { cause: details.errorInstance });
  Error.captureStackTrace(error, reportWithReplay);
  throw error;
}

fc.installGlobalPlugin(() => ({ onAllRunsComplete: reportWithReplay }));

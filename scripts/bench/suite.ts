import type { BenchServer, LoadGenerator } from './harness';

/** A goal: the measured value must be at least (`>=`) or at most (`<=`) the target. */
export interface Goal {
  op: '>=' | '<=';
  target: number;
}

/** One line of the report and of bench-results.json. */
export interface Figure {
  suite: string;
  name: string;
  value: number;
  unit: string;
  goal?: Goal;
  /** Absolute figures behind a ratio, for context only: they depend on the machine's load. */
  context?: string;
}

export interface SuiteContext {
  load: LoadGenerator;
  /** A fresh production server; stopped and its data removed when the suite ends. */
  startServer: (env?: Record<string, string>) => Promise<BenchServer>;
  log: (line: string) => void;
}

/**
 * A benchmark suite: `npm run bench -- <name>` runs it alone. Suites are listed in suites/index.ts;
 * a suite that measures something without a server (bundle sizes) simply does not start one.
 */
export interface Suite {
  name: string;
  title: string;
  run: (ctx: SuiteContext) => Promise<Figure[]>;
}

export function met(figure: Figure): boolean | null {
  if (!figure.goal) return null;
  if (!Number.isFinite(figure.value)) return false;
  return figure.goal.op === '>=' ? figure.value >= figure.goal.target : figure.value <= figure.goal.target;
}

import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FULL_CHROMIUM_PATH } from '../../tests/e2e/support/env';
import { ensureClientBuilt, startE2EServer } from '../../tests/e2e/support/server';

/** The performance issue's goals, for the median of the runs on each page (Lighthouse 12, mobile preset). */
export const LIGHTHOUSE_GOALS = {
  performance: { min: 95 },
  accessibility: { min: 95 },
  bestPractices: { min: 95 },
  seo: { min: 95 },
  lcpMs: { max: 2000 },
  tbtMs: { max: 150 },
  cls: { max: 0.05 },
} as const;

export type LighthouseMetric = keyof typeof LIGHTHOUSE_GOALS;

/** Flags for Debian's Chromium running headless as root on a machine without a display. */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface MetricResult {
  /** Median over the runs: scores 0–100, LCP and TBT in milliseconds, CLS unitless. */
  median: number;
  /** Every run's value, in run order. */
  runs: number[];
  goal: (typeof LIGHTHOUSE_GOALS)[LighthouseMetric];
  pass: boolean;
}

export interface PageResult {
  path: string;
  metrics: Record<LighthouseMetric, MetricResult>;
  pass: boolean;
}

export interface LighthouseReport {
  baseUrl: string;
  runs: number;
  lighthouseVersion: string;
  pages: PageResult[];
  pass: boolean;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function meets(goal: (typeof LIGHTHOUSE_GOALS)[LighthouseMetric], value: number): boolean {
  return 'min' in goal ? value >= goal.min : value <= goal.max;
}

/** Lighthouse tries a page load again, up to twice, when its trace of the load was unusable (NO_NAVSTART and the like). */
const ATTEMPTS = 3;

async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed on ${url} ${ATTEMPTS} times: ${runtimeError.code} ${runtimeError.message}`);
  }
}

/**
 * Runs Lighthouse (its default configuration: the mobile preset with simulated throttling) `runs`
 * times on each path of a running site, in Debian's Chromium, and returns the medians of the
 * four category scores and of LCP, TBT and CLS, each with its goal and whether it is met.
 */
/** The pages measured: home, the booking page, a car's own page (a seeded car), and home and the booking page in Filipino. */
export const LIGHTHOUSE_PATHS = ['/', '/booking', '/cars/toyota-fortuner-2-8-q-4x4', '/fil/', '/fil/booking'];

export async function runLighthouse(baseUrl: string, paths: string[] = LIGHTHOUSE_PATHS, runs = 5): Promise<LighthouseReport> {
  const chrome = await chromeLauncher.launch({ chromePath: FULL_CHROMIUM_PATH, chromeFlags: LIGHTHOUSE_CHROME_FLAGS, logLevel: 'silent' });
  let lighthouseVersion = '';
  try {
    const pages: PageResult[] = [];
    for (const path of paths) {
      const values = Object.fromEntries(Object.keys(LIGHTHOUSE_GOALS).map((key) => [key, [] as number[]])) as Record<LighthouseMetric, number[]>;
      for (let run = 0; run < runs; run += 1) {
        const lhr = await measure(new URL(path, baseUrl).href, chrome.port);
        lighthouseVersion = lhr.lighthouseVersion;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        values.performance.push(score('performance'));
        values.accessibility.push(score('accessibility'));
        values.bestPractices.push(score('best-practices'));
        values.seo.push(score('seo'));
        values.lcpMs.push(Math.round(audit('largest-contentful-paint')));
        values.tbtMs.push(Math.round(audit('total-blocking-time')));
        values.cls.push(Number(audit('cumulative-layout-shift').toFixed(3)));
      }
      const metrics = Object.fromEntries(
        (Object.keys(LIGHTHOUSE_GOALS) as LighthouseMetric[]).map((key) => {
          const value = median(values[key]);
          return [key, { median: value, runs: values[key], goal: LIGHTHOUSE_GOALS[key], pass: meets(LIGHTHOUSE_GOALS[key], value) }];
        }),
      ) as Record<LighthouseMetric, MetricResult>;
      pages.push({ path, metrics, pass: Object.values(metrics).every((metric) => metric.pass) });
    }
    return { baseUrl, runs, lighthouseVersion, pages, pass: pages.every((page) => page.pass) };
  } finally {
    chrome.kill();
  }
}

const LABELS: Record<LighthouseMetric, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best practices',
  seo: 'SEO',
  lcpMs: 'LCP (ms)',
  tbtMs: 'TBT (ms)',
  cls: 'CLS',
};

/** The report as a plain-text table: one row per metric, one column per page. */
export function formatLighthouseReport(report: LighthouseReport): string {
  const goalText = (goal: MetricResult['goal']) => ('min' in goal ? `>= ${goal.min}` : `<= ${goal.max}`);
  const header = ['metric', 'goal', ...report.pages.map((page) => `${page.path} (median of ${report.runs})`)];
  const rows = (Object.keys(LIGHTHOUSE_GOALS) as LighthouseMetric[]).map((key) => [
    LABELS[key],
    goalText(LIGHTHOUSE_GOALS[key]),
    ...report.pages.map((page) => `${page.metrics[key].median} ${page.metrics[key].pass ? 'ok' : 'MISSED'}  [${page.metrics[key].runs.join(', ')}]`),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [
    `Lighthouse ${report.lighthouseVersion}, mobile preset, ${report.baseUrl}`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    report.pass ? 'Every goal met.' : 'Some goals missed.',
  ].join('\n');
}

/** `npm run bench:lighthouse`: builds if needed, starts the production server in a fresh DATA_DIR, measures, stops it. */
async function main(): Promise<number> {
  await ensureClientBuilt();
  const server = await startE2EServer();
  let report: LighthouseReport;
  try {
    report = await runLighthouse(server.baseURL);
  } finally {
    const problem = await server.stop();
    await server.removeData();
    if (problem) process.stderr.write(`${problem}\n`);
  }
  process.stdout.write(`${formatLighthouseReport(report)}\n`);
  return report.pass ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

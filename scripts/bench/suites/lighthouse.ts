import { cpus } from 'node:os';
import { ensureClientBuilt } from '../../../tests/e2e/support/server';
import { CPU, pin } from '../harness';
import { LIGHTHOUSE_GOALS, runLighthouse, type LighthouseMetric } from '../lighthouse';
import type { Figure, Suite } from '../suite';

const LABELS: Record<LighthouseMetric, { name: string; unit: string }> = {
  performance: { name: 'performance score', unit: 'points' },
  accessibility: { name: 'accessibility score', unit: 'points' },
  bestPractices: { name: 'best practices score', unit: 'points' },
  seo: { name: 'SEO score', unit: 'points' },
  lcpMs: { name: 'LCP', unit: 'ms' },
  tbtMs: { name: 'TBT', unit: 'ms' },
  cls: { name: 'CLS', unit: '' },
};

/** Lighthouse 12, mobile preset, Debian's Chromium: the median of five runs on /, /booking and a car's page. */
export const lighthouseSuite: Suite = {
  name: 'lighthouse',
  title: 'Lighthouse on /, /booking and a car page (mobile, median of 5)',
  run: async ({ startServer, log }) => {
    await ensureClientBuilt();
    const server = await startServer();
    // Chromium is launched from this process and inherits its affinity: pinned to the load core
    // alone, its browser, renderer and network processes would share one core, and Lighthouse
    // multiplies the renderer's measured time by four. It gets every core while it measures (all
    // the machine's: availableParallelism() counts only the cores this process is pinned to).
    if (CPU) pin(process.pid, `0-${cpus().length - 1}`);
    let report;
    try {
      report = await runLighthouse(server.baseURL);
    } finally {
      if (CPU) pin(process.pid, CPU.load);
    }
    log(`    Lighthouse ${report.lighthouseVersion}`);
    return report.pages.flatMap((page) =>
      (Object.keys(LIGHTHOUSE_GOALS) as LighthouseMetric[]).map((key): Figure => {
        const goal = LIGHTHOUSE_GOALS[key];
        const metric = page.metrics[key];
        return {
          suite: 'lighthouse',
          name: `${page.path} ${LABELS[key].name}`,
          value: metric.median,
          unit: LABELS[key].unit,
          goal: 'min' in goal ? { op: '>=', target: goal.min } : { op: '<=', target: goal.max },
          context: `runs: ${metric.runs.map((value) => Math.round(value * 1000) / 1000).join(', ')}`,
        };
      }),
    );
  },
};

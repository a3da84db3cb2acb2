import { ensureClientBuilt } from '../../../tests/e2e/support/server';
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

/** Lighthouse 12, mobile preset, Debian's Chromium: the median of five runs on / and /booking. */
export const lighthouseSuite: Suite = {
  name: 'lighthouse',
  title: 'Lighthouse on / and /booking (mobile, median of 5)',
  run: async ({ startServer, log }) => {
    await ensureClientBuilt();
    const server = await startServer();
    const report = await runLighthouse(server.baseURL);
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

import { ensureClientBuilt } from '../../../tests/e2e/support/server';
import { BUNDLE_BUDGETS, measureBundle } from '../../check-bundle';
import type { Suite } from '../suite';

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

/** The home page's first load, as `npm run check:bundle` measures it (a size, not a time). */
export const bundleSuite: Suite = {
  name: 'bundle',
  title: 'Front-end sizes (gzip)',
  run: async () => {
    await ensureClientBuilt();
    const figures = measureBundle('dist/client');
    const { js, css } = figures.initial;
    return [
      { suite: 'bundle', name: 'home page initial JavaScript', value: kB(js.gzip), unit: 'kB gzip', goal: { op: '<=', target: BUNDLE_BUDGETS.initialJsGzip / 1000 }, context: `${js.files.length} files, ${kB(js.bytes)} kB raw` },
      { suite: 'bundle', name: 'home page initial CSS', value: kB(css.gzip), unit: 'kB gzip', goal: { op: '<=', target: BUNDLE_BUDGETS.initialCssGzip / 1000 }, context: `${css.files.length} files, ${kB(css.bytes)} kB raw` },
      { suite: 'bundle', name: 'dashboard and booking form out of the first load', value: Number(figures.lazy.admin.inInitial) + Number(figures.lazy.bookingForm.inInitial), unit: 'in first load', goal: { op: '<=', target: 0 }, context: `dashboard chunk ${kB(figures.lazy.admin.js.gzip)} kB, booking form chunk ${kB(figures.lazy.bookingForm.js.gzip)} kB` },
    ];
  },
};

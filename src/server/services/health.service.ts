import type { AppDeps } from '../deps';
import { clock } from '../clock';

export interface Health {
  status: 'ok' | 'degraded';
  database: 'ok' | 'unavailable';
  storage: 'ok' | 'unavailable';
  storageDriver: 'local' | 's3';
  mail: 'smtp' | 'outbox';
}

/**
 * How long a healthy answer is reused. `GET /api/health` is public and unlimited, so each call must
 * not cost a database query and a storage request (with S3, a request to the bucket); a load
 * balancer that probes every few seconds still gets a fresh check each time.
 */
export const HEALTH_REUSE_MS = 2_000;

interface HealthState {
  /** The check under way, which every caller meanwhile shares. */
  running: Promise<Health> | null;
  /** The last healthy answer and when (clock time, ms) it arrived. A degraded one is never kept. */
  healthy: { report: Health; at: number } | null;
}

/** One state per running server (its deps), so two apps in one process never share an answer. */
const states = new WeakMap<AppDeps, HealthState>();

/**
 * Database and storage reachability, for `GET /api/health` and load balancers. At most one check
 * runs at a time, its answer shared by every call that arrives meanwhile, and an `ok` answer is
 * reused for HEALTH_REUSE_MS. A degraded answer is reported to the calls that shared its check
 * and then dropped: the next call checks again, so a recovery shows at once.
 */
export async function health(deps: AppDeps): Promise<Health> {
  let state = states.get(deps);
  if (!state) {
    state = { running: null, healthy: null };
    states.set(deps, state);
  }
  const now = clock.now().getTime();
  if (state.healthy && now - state.healthy.at >= 0 && now - state.healthy.at < HEALTH_REUSE_MS) return state.healthy.report;
  if (state.running) return state.running;
  const current = state;
  const running = check(deps)
    .then((report) => {
      current.healthy = report.status === 'ok' ? { report, at: clock.now().getTime() } : null;
      return report;
    })
    .finally(() => {
      current.running = null;
    });
  current.running = running;
  return running;
}

async function check(deps: AppDeps): Promise<Health> {
  const [database, storage] = await Promise.all([
    deps.orm.em
      .getConnection()
      .execute('select 1')
      .then(() => 'ok' as const)
      .catch(() => 'unavailable' as const),
    deps.storage
      .check()
      .then(() => 'ok' as const)
      .catch(() => 'unavailable' as const),
  ]);
  return {
    status: database === 'ok' && storage === 'ok' ? 'ok' : 'degraded',
    database,
    storage,
    storageDriver: deps.storage.kind,
    mail: deps.env.SMTP_URL ? 'smtp' : 'outbox',
  };
}

import type { AppDeps } from '../deps';

export interface Health {
  status: 'ok' | 'degraded';
  database: 'ok' | 'unavailable';
  storage: 'ok' | 'unavailable';
  storageDriver: 'local' | 's3';
  mail: 'smtp' | 'outbox';
}

/** Database and storage reachability, for `GET /api/health` and load balancers. */
export async function health(deps: AppDeps): Promise<Health> {
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

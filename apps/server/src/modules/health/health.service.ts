import type { HealthResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { APP_VERSION } from '../../version';
import * as repo from './health.repository';

export async function checkHealth({ database, clock }: AppDeps): Promise<HealthResponse> {
  const started = performance.now();
  let ok = true;
  try {
    await repo.ping(database.db);
  } catch {
    ok = false;
  }
  return {
    status: ok ? 'ok' : 'degraded',
    version: APP_VERSION,
    database: { kind: database.kind, ok, latencyMs: Math.round((performance.now() - started) * 100) / 100 },
    time: clock().toISOString(),
  };
}

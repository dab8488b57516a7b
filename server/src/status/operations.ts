import type { Context } from 'hono';
import type { Deps } from '../deps';
import { requireApiKey } from '../platform/api-keys';
import type { Lifecycle, ReadinessCheck } from '../platform/lifecycle';
import type { createRouter } from '../platform/http/router';
import type { Metrics } from './metrics';

/** How long the database may take to answer readiness's ping. */
const READY_PING_MS = 2_000;

/**
 * GET /healthz, GET /readyz and GET /metrics (issue #43 point 5, decision 119), for operators
 * and the reverse proxy, outside the documented API:
 * - /healthz: the process answers (200), whatever else is wrong;
 * - /readyz: 200 when the database answers, the migrations are current and the workers run;
 *   503 with the failing checks otherwise, and while the server drains on SIGTERM;
 * - /metrics: Prometheus's text format, behind a staff key (or on METRICS_PORT, main.ts).
 */
export function mountOperations(
  app: ReturnType<typeof createRouter>,
  deps: Deps,
  metrics: Metrics,
  lifecycle: Lifecycle,
) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200));

  app.get('/readyz', async (c) => {
    const checks = await readinessChecks(deps, lifecycle);
    const ready = checks.every((check) => check.ok);
    return c.json({ status: ready ? 'ready' : 'not_ready', checks }, ready ? 200 : 503);
  });

  app.get('/metrics', requireApiKey(deps, 'staff'), (c) => metricsAnswer(c, metrics));
}

export async function readinessChecks(
  deps: Pick<Deps, 'database'>,
  lifecycle: Lifecycle,
): Promise<ReadinessCheck[]> {
  const database = await new Promise<ReadinessCheck>((resolve) => {
    const timer = setTimeout(
      () => resolve({ name: 'database', ok: false, detail: 'no answer in 2 s' }),
      READY_PING_MS,
    );
    deps.database.ping().then(
      (ms) => resolve({ name: 'database', ok: true, detail: `answered in ${ms} ms` }),
      () => resolve({ name: 'database', ok: false, detail: 'not reachable' }),
    );
    void Promise.resolve().then(() => timer.unref?.());
  });
  const others = await Promise.all(
    lifecycle.checks.map((check) =>
      check().catch(() => ({ name: 'check', ok: false, detail: 'failed' })),
    ),
  );
  const draining: ReadinessCheck = lifecycle.draining()
    ? { name: 'accepting', ok: false, detail: 'stopping: finishing the requests it has' }
    : { name: 'accepting', ok: true, detail: 'taking requests' };
  return [database, ...others, draining];
}

export async function metricsAnswer(c: Context, metrics: Metrics) {
  return c.body(await metrics.text(), 200, {
    'Content-Type': metrics.contentType,
    'Cache-Control': 'no-store',
  });
}

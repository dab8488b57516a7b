import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import { noSecurity } from '../platform/http/common-schemas';
import { statusResponseSchema } from './schemas';
import { sharedResult } from '../platform/shared-result';
import { readStatus } from './status';
import { createRouter } from '../platform/http/router';

const statusRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getStatus',
  tags: ['status'],
  summary: 'System status',
  description:
    'Real checks: a database round trip, the AI service’s last result, the notification queue. ' +
    'Always 200, also during an outage (then overallStatus is OUTAGE). Without a Gemini key ' +
    '`aiMode` is `demo` and the ai service says so.',
  security: noSecurity,
  responses: {
    200: {
      description: 'The state of each service and the worst of them.',
      headers: { 'Cache-Control': { schema: { type: 'string' }, description: 'no-store' } },
      content: { 'application/json': { schema: statusResponseSchema } },
    },
  },
});

/** GET /status (public): never throws; an unreachable database is reported, not raised. */
export function statusRoutes(deps: Deps) {
  const router = createRouter();
  // The checks run at most once per STATUS_MAX_AGE_MS (1 s) and are shared by the requests
  // meanwhile (decision 084): a burst of requests makes one set of queries.
  const status = sharedResult(() => readStatus(deps), {
    maxAgeMs: deps.config.statusMaxAgeMs,
    now: deps.now,
  });
  router.openapi(statusRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await status.read(), 200);
  });
  return router;
}

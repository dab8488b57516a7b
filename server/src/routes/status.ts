import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../deps';
import { noSecurity } from '../schemas/common';
import { statusResponseSchema } from '../schemas/status';
import { readStatus } from '../services/status';
import { createRouter } from './router';

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
  router.openapi(statusRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await readStatus(deps), 200);
  });
  return router;
}

import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { Deps } from '../deps';
import { errorResponses } from '../platform/http/error-schema';
import { createRouter } from '../platform/http/router';
import { orderIdParamSchema, orderTokenHeaderSchema } from './schemas';
import { readOrderWithToken } from './orders';
import { followOrder } from './order-stream';

const streamRoute = createRoute({
  method: 'get',
  path: '/{id}/stream',
  tags: ['shop'],
  summary: 'Follow an order (Server-Sent Events)',
  description:
    'A `text/event-stream` of `order` events, each the whole order (as GET /api/orders/{id}, ' +
    'with `providerPayment`): one at once, then one on each change. A payment accepted by the ' +
    'server is sent within moments of the provider’s notification; the stream ends once the ' +
    'eSIM is on the order (or the order is cancelled or expired), or after 10 minutes. The ' +
    'token goes in X-Order-Token or, for EventSource (which sends no headers), `?token=`.',
  request: {
    params: orderIdParamSchema,
    headers: z.object({ 'x-order-token': orderTokenHeaderSchema }),
    query: z.object({ token: orderTokenHeaderSchema }),
  },
  responses: {
    200: {
      description: 'event: order\\ndata: {"order": …}',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses({
      404: 'No such order, or a wrong or missing order token.',
      503: 'The database is not reachable (database_unavailable).',
    }),
  },
});

/** GET /api/orders/{id}/stream: the order page's live view of its order. */
export function orderStreamRoutes(deps: Deps) {
  const router = createRouter();
  router.openapi(streamRoute, async (c) => {
    const token = c.req.valid('header')['x-order-token'] ?? c.req.valid('query').token;
    const row = await readOrderWithToken(deps, c.req.valid('param').id, token);
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const aborted = new AbortController();
      stream.onAbort(() => aborted.abort());
      let id = 0;
      await followOrder(
        deps,
        row,
        async (order) => {
          id += 1;
          await stream.writeSSE({
            event: 'order',
            id: String(id),
            data: JSON.stringify({ order }),
          });
        },
        () => stream.write(': keep-alive\n\n').then(() => undefined),
        aborted.signal,
      );
      await stream.writeSSE({ event: 'end', data: '{}' });
    }) as never;
  });
  return router;
}

import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import pino from 'pino';
import type { Config } from '../src/config';
import { createLogger } from '../src/platform/logger';
import {
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  CORS_MAX_AGE,
  CORS_METHODS,
  edge,
} from '../src/platform/http/edge';

/**
 * One of the two CORS set-ups `npm run bench:cors` compares (decision 139), on @hono/node-server:
 * BENCH_CORS=edge is the app's own edge middleware (CORS, headers and the request line in one,
 * decision 100); BENCH_CORS=hono is hono/cors with the same options in front of the same edge,
 * which then has no shop origin of its own (so only hono/cors answers CORS). One route, a small
 * JSON answer as an order's read is, and request lines written at info level to /dev/null.
 */
const mode = process.env.BENCH_CORS;
const shopOrigins = ['https://shop.example'];
const logger = createLogger('info', pino.destination({ dest: '/dev/null', sync: false }));
const deps = (origins: string[]) => ({
  config: { shopOrigins: origins, ai: { mode: 'demo' } } as unknown as Config,
  logger,
});

const app = new Hono();
if (mode === 'hono') {
  app.use(
    '*',
    cors({
      origin: shopOrigins,
      allowMethods: CORS_METHODS,
      allowHeaders: CORS_ALLOW_HEADERS,
      exposeHeaders: CORS_EXPOSE_HEADERS,
      maxAge: CORS_MAX_AGE,
    }),
  );
  app.use('*', edge(deps([])));
} else if (mode === 'edge') {
  app.use('*', edge(deps(shopOrigins)));
} else {
  console.error(`BENCH_CORS=${mode}: "edge" or "hono"`);
  process.exit(2);
}
app.get('/api/orders/:id', (c) =>
  c.json({ order: { id: c.req.param('id'), status: 'paid', number: 'MM-20261128-0001' } }),
);
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
process.on('SIGTERM', () => process.exit(0));

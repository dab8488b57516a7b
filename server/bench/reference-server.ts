import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** The benchmark's reference: a bare Hono app on node-server answering one static JSON body. */
const body = readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8');
const app = new Hono();
app.get('/plans', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
process.on('SIGTERM', () => process.exit(0));

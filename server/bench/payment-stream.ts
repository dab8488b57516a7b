/**
 * `npm run bench:payment-stream` (issue #40 point 5): how long after a provider's notification is
 * accepted the buyer's page has the eSIM, by the order's stream (Server-Sent Events) and by the
 * page's old polling (GET /api/orders/{id} every 1.5 s). The app runs in-process on an embedded
 * database with demo stock, the 2C2P fake reaching it in-process; each of BENCH_RUNS (default 20)
 * card orders is followed both ways at once, and the medians and the 90th percentiles print.
 * "Accepted" is the moment the notification's answer (outcome paid) is back at the fake.
 */
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate, openDatabase } from '../src/db/database';
import { createOrderEvents } from '../src/platform/order-events';
import { createRuntime } from '../src/platform/runtime';
import { silentLogger } from '../src/platform/logger';
import type { Deps } from '../src/deps';
import { startFake2c2p } from '../../e2e/support/fake-2c2p.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const POLL_MS = 1_500;

/** The app, once made: the fake's notifications reach it in-process. */
const holder: { app?: ReturnType<typeof createApp> } = {};
const toApp: typeof fetch = (input, init) =>
  Promise.resolve(holder.app!.request(String(input instanceof Request ? input.url : input), init));
const fake = await startFake2c2p({ fetch: toApp });
const database = await openDatabase({});
await migrate(database);
const deps: Deps = {
  config: loadConfig({
    AI_MODE: 'demo',
    LOG_LEVEL: 'silent',
    ORDER_LIMIT_PER_ADDRESS: '100000',
    PAYMENT_METHODS: '2c2p',
    TWOC2P_MERCHANT_ID: fake.merchantId,
    TWOC2P_SECRET_KEY: fake.secretKey,
    TWOC2P_BASE_URL: fake.url,
  }),
  database,
  now: Date.now,
  randomUUID: () => crypto.randomUUID(),
  randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)),
  aiFetch: () => Promise.reject(new Error('no AI in this bench')),
  logger: silentLogger,
  orderEvents: createOrderEvents(),
  runtime: createRuntime(),
};
const app = createApp(deps);
holder.app = app;
// Stock for MPT's Power User plan: each paid order takes one profile at once.
const { profiles } = await import('../src/db/schema');
await database.db.insert(profiles).values(
  Array.from({ length: runs + 5 }, (_, index) => ({
    id: crypto.randomUUID(),
    operatorId: 'mpt',
    planId: 'power-30',
    iccid: `899501${String(index).padStart(13, '0')}`,
    activationCode: `LPA:1$smdp.bench.example$BENCH-${index}`,
    state: 'in_stock' as const,
    importedAt: new Date(),
  })),
);

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

type Paid = { delivery: { esim: unknown } };

/** ms from `accepted()` to the first `order` event with an eSIM. */
async function bySse(id: string, token: string, accepted: Promise<number>): Promise<number> {
  const controller = new AbortController();
  const response = await app.request(`/api/orders/${id}/stream?token=${token}`, {
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buffer += decoder.decode(value, { stream: true });
    for (const match of buffer.matchAll(/data: (.*)\n/g)) {
      const order = (JSON.parse(match[1]!) as { order?: Paid }).order;
      if (order?.delivery.esim) {
        const at = performance.now();
        controller.abort();
        return Math.max(0, at - (await accepted));
      }
    }
  }
}

/** ms from `accepted()` to the first poll (every 1.5 s from a random phase) with an eSIM. */
async function byPolling(id: string, token: string, accepted: Promise<number>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * POLL_MS));
  for (;;) {
    const response = await app.request(`/api/orders/${id}`, {
      headers: { 'X-Order-Token': token },
    });
    const { order } = (await response.json()) as { order: Paid };
    if (order.delivery.esim) return Math.max(0, performance.now() - (await accepted));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const sse: number[] = [];
const polling: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const created = (await (
    await app.request(
      '/api/orders',
      json({ planId: 'power-30', operatorId: 'mpt', contact: `bench${run}@example.com` }),
    )
  ).json()) as { order: { id: string }; token: string };
  const { id } = created.order;
  const { token } = created;
  const started = (await (
    await app.request(`/api/orders/${id}/payments`, {
      ...json({ method: '2c2p' }),
      headers: { 'Content-Type': 'application/json', 'X-Order-Token': token },
    })
  ).json()) as { invoiceNo: string };
  let accept!: (at: number) => void;
  const accepted = new Promise<number>((resolve) => (accept = resolve));
  const watching = Promise.all([bySse(id, token, accepted), byPolling(id, token, accepted)]);
  // Let the stream open and the poller start before the card is paid.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const answers = await fake.approve(started.invoiceNo);
  accept(performance.now());
  if (!answers[0]?.body.includes('"paid"')) throw new Error(`not paid: ${answers[0]?.body}`);
  const [viaSse, viaPolling] = await watching;
  sse.push(viaSse);
  polling.push(viaPolling);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const row = (name: string, values: number[]) =>
  `${name.padEnd(28)} median ${percentile(values, 50).toFixed(1).padStart(7)} ms   p90 ${percentile(values, 90).toFixed(1).padStart(7)} ms   max ${Math.max(
    ...values,
  )
    .toFixed(1)
    .padStart(7)} ms`;
console.log(`Notification accepted → eSIM on the page, ${runs} card orders (PGlite, in-process):`);
console.log(row('SSE (GET …/stream)', sse));
console.log(row('polling every 1.5 s', polling));
await fake.close();
await database.close();
process.exit(0);

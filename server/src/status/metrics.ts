import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Deps } from '../deps';
import { aiBudgetsLeft, PUBLIC_AI_TASKS } from '../ai/ai-budgets';
import {
  attentionCounts,
  oldestPendingJob,
  oldestUnsentOutbox,
  orderCounts,
  paymentCounts,
  pendingJobCount,
  unsentOutboxCount,
} from './queries';
import { createRequestMetrics } from './request-metrics';

/**
 * GET /metrics (issue #43 point 5, decision 119): the Prometheus text format, made by prom-client.
 * Counted in this process: requests by route, method and status with their latency (plain
 * numbers, request-metrics.ts), AI calls by task and outcome. Read from the database at each
 * scrape (so the same on every instance): orders by status, delivery and bank state (held,
 * suspect, mismatch), payments by how they were verified, the outbox's and the ES2+ queue's depth
 * and oldest age, each AI feature's budget left today. And the PostgreSQL pool's use, and Node's
 * own (event loop, memory).
 */
export type Metrics = {
  /** The text format's media type. */
  contentType: string;
  /** Every family in the text format: the registry's, then the requests'. */
  text(): Promise<string>;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  aiCall(task: string, ok: boolean): void;
};

/** How long one scrape waits for one of its database reads. */
const DATABASE_READ_MS = 2_000;

const seconds = (value: unknown) =>
  value === null || value === undefined ? 0 : Math.max(0, Number(value)) / 1000;

export function createMetrics(
  deps: Pick<Deps, 'config' | 'database' | 'now' | 'logger' | 'lifecycle'>,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { lifecycle } = deps;
  if (lifecycle) {
    new Gauge({
      name: 'esim_http_requests_in_flight',
      help: 'Requests taken and not yet answered.',
      registers: [registry],
      collect() {
        this.set(lifecycle.inFlight());
      },
    });
    new Gauge({
      name: 'esim_draining',
      help: '1 while the server stops (SIGTERM): it refuses new requests.',
      registers: [registry],
      collect() {
        this.set(lifecycle.draining() ? 1 : 0);
      },
    });
  }
  const requests = createRequestMetrics();
  const aiCalls = new Counter({
    name: 'esim_ai_calls_total',
    help: 'Calls to the AI service, by task and outcome (ok or failed).',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });
  const { db } = deps.database;
  /** A gauge set from the database at each scrape; a failed read leaves it unset (and is logged). */
  const fromDatabase = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (gauge: Gauge<L>) => Promise<void>,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        // A scrape never waits long on a busy pool: past 2 s the gauge is left out this time.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<void>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer in 2 s')), DATABASE_READ_MS);
        });
        await Promise.race([read(this), late])
          .catch((error: unknown) =>
            deps.logger.warn({ metric: name, err: String(error) }, 'metric not read'),
          )
          .finally(() => clearTimeout(timer));
      },
    });

  fromDatabase(
    'esim_orders',
    'Orders by status, delivery state and bank state.',
    ['status', 'delivery_state', 'bank_state'],
    async (gauge) => {
      const rows = await orderCounts(db);
      for (const row of rows) {
        gauge.set(
          { status: row.status, delivery_state: row.delivery, bank_state: row.bank ?? 'none' },
          Number(row.n),
        );
      }
    },
  );
  fromDatabase(
    'esim_orders_attention',
    'Orders staff must look at: held (eSIM not sent), bank suspect, bank mismatch.',
    ['kind'],
    async (gauge) => {
      const [row] = await attentionCounts(db);
      gauge.set({ kind: 'held' }, row?.held ?? 0);
      gauge.set({ kind: 'suspect' }, row?.suspect ?? 0);
      gauge.set({ kind: 'mismatch' }, row?.mismatch ?? 0);
    },
  );
  fromDatabase(
    'esim_payments',
    'Payments recorded, by how they were verified (screenshot, notification, staff, …).',
    ['method'],
    async (gauge) => {
      const rows = await paymentCounts(db);
      for (const row of rows) gauge.set({ method: row.method }, Number(row.n));
    },
  );
  fromDatabase(
    'esim_queue_depth',
    'Work waiting: the outbox (emails, staff alerts) and the ES2+ jobs.',
    ['queue'],
    async (gauge) => {
      const [outbox] = await unsentOutboxCount(db);
      const [jobs] = await pendingJobCount(db);
      gauge.set({ queue: 'outbox' }, Number(outbox?.n ?? 0));
      gauge.set({ queue: 'es2plus' }, Number(jobs?.n ?? 0));
    },
  );
  fromDatabase(
    'esim_queue_oldest_age_seconds',
    'Age of the oldest waiting item of each queue (0 when empty).',
    ['queue'],
    async (gauge) => {
      const now = deps.now();
      const [outbox] = await oldestUnsentOutbox(db);
      const [jobs] = await oldestPendingJob(db);
      const age = (oldest: Date | null | undefined) =>
        oldest ? seconds(now - new Date(oldest).getTime()) : 0;
      gauge.set({ queue: 'outbox' }, age(outbox?.oldest));
      gauge.set({ queue: 'es2plus' }, age(jobs?.oldest));
    },
  );
  fromDatabase(
    'esim_ai_budget_left',
    "What is left today (UTC) of each public AI feature's shop-wide budget.",
    ['feature', 'unit'],
    async (gauge) => {
      const left = await aiBudgetsLeft(deps);
      for (const feature of PUBLIC_AI_TASKS) {
        gauge.set({ feature, unit: 'requests' }, left[feature].requests);
        gauge.set({ feature, unit: 'tokens' }, left[feature].tokens);
      }
    },
  );
  const pool = deps.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'esim_db_pool_connections',
      help: 'The PostgreSQL pool: connections in all, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });
  }

  return {
    contentType: registry.contentType,
    async text() {
      return `${await registry.metrics()}\n${requests.text()}`;
    },
    observeRequest(route, method, status, elapsed) {
      requests.observe(route, method, status, elapsed);
    },
    aiCall(task, ok) {
      aiCalls.inc({ task, outcome: ok ? 'ok' : 'failed' });
    },
  };
}

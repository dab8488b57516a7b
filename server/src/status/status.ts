import { aiBudgetsLeft, PUBLIC_AI_TASKS } from '../ai/ai-budgets';
import type { Deps } from '../deps';
import { safeError } from '../platform/log-safe';
import { latestAiHealth, unsentOutbox } from './queries';
import type { ServiceState, StatusResponse } from './schemas';

/** A database that does not answer SELECT 1 within this time counts as down. */
export const DATABASE_TIMEOUT_MS = 2_000;
/** An AI result older than this no longer vouches for the service. */
export const AI_STALE_MS = 30 * 60_000;
/** More unsent notifications than this, or one older than OUTBOX_STALE_MS, is a backlog. */
export const OUTBOX_MAX_DEPTH = 100;
export const OUTBOX_STALE_MS = 15 * 60_000;

type Service = StatusResponse['services'][number];

const rank: Record<ServiceState, number> = { OPERATIONAL: 0, DEGRADED: 1, OUTAGE: 2 };
const worst = (states: ServiceState[]) =>
  states.reduce<ServiceState>((a, b) => (rank[b] > rank[a] ? b : a), 'OPERATIONAL');

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const ago = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return minutes < 1
    ? 'less than a minute ago'
    : minutes === 1
      ? '1 minute ago'
      : `${minutes} minutes ago`;
};

async function checkDatabase(deps: Deps): Promise<Service> {
  const base = { id: 'database', name: 'Order database' };
  try {
    const latency = await withTimeout(deps.database.ping(), DATABASE_TIMEOUT_MS);
    return { ...base, status: 'OPERATIONAL', message: 'Orders are being saved normally.', latency };
  } catch (error) {
    deps.logger.warn({ err: safeError(error) }, 'status: database check failed');
    return {
      ...base,
      status: 'OUTAGE',
      message: 'The order database is not reachable. New orders cannot be saved right now.',
      latency: null,
    };
  }
}

/** Without a Gemini key nothing reads receipts: /status says so, never "operational" AI. */
export const DEMO_AI_SERVICE: Service = {
  id: 'ai',
  name: 'AI payment verification: demo',
  status: 'OPERATIONAL',
  message:
    'Demo mode: no Gemini key is set. Receipts are decided by a demo script, not read by AI, ' +
    'and only demo eSIM profiles (which install nothing) are handed out.',
  latency: null,
};

async function checkAi(deps: Deps): Promise<Service> {
  if (deps.config.ai.mode === 'demo') return DEMO_AI_SERVICE;
  const base = { id: 'ai', name: 'AI payment verification' };
  const [last] = await latestAiHealth(deps.database.db);
  if (!last) {
    return {
      ...base,
      status: 'OPERATIONAL',
      message: 'No AI call yet, so nothing has been measured.',
      latency: null,
    };
  }
  const age = deps.now() - last.checkedAt.getTime();
  if (!last.ok) {
    return {
      ...base,
      status: 'DEGRADED',
      message: `The last AI call (${last.task}, ${ago(age)}) failed: ${last.message}`,
      latency: last.latencyMs,
    };
  }
  if (age > AI_STALE_MS) {
    return {
      ...base,
      status: 'DEGRADED',
      message: `The last AI call succeeded ${ago(age)}; nothing newer confirms it.`,
      latency: last.latencyMs,
    };
  }
  return {
    ...base,
    status: 'OPERATIONAL',
    message: `The last AI call succeeded ${ago(age)}.`,
    latency: last.latencyMs,
  };
}

async function checkOutbox(deps: Deps): Promise<Service> {
  const base = { id: 'outbox', name: 'Order notifications' };
  const started = performance.now();
  const [row] = await unsentOutbox(deps.database.db);
  const latency = Math.round((performance.now() - started) * 10) / 10;
  const depth = Number(row?.depth ?? 0);
  if (depth === 0) {
    return { ...base, status: 'OPERATIONAL', message: 'No notification is waiting.', latency };
  }
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : deps.now();
  const age = deps.now() - oldest;
  const backlog = depth > OUTBOX_MAX_DEPTH || age > OUTBOX_STALE_MS;
  return {
    ...base,
    status: backlog ? 'DEGRADED' : 'OPERATIONAL',
    message: `${depth} notification${depth === 1 ? '' : 's'} waiting, the oldest since ${ago(age)}.`,
    latency,
  };
}

/** What the checks that need the database say when it is down (they are not run). */
const unreadable = (id: string, name: string): Service => ({
  id,
  name,
  status: 'OUTAGE',
  message: 'Not checked: the database is not reachable.',
  latency: null,
});

/** The status of every service and the worst of them: never throws (an outage is reported). */
export async function readStatus(deps: Deps): Promise<StatusResponse> {
  const database = await checkDatabase(deps);
  const services: Service[] = [database];
  if (database.status === 'OUTAGE') {
    services.push(
      unreadable('ai', 'AI payment verification'),
      unreadable('outbox', 'Order notifications'),
    );
  } else {
    const [ai, queue] = await Promise.all([
      checkAi(deps).catch(() => unreadable('ai', 'AI payment verification')),
      checkOutbox(deps).catch(() => unreadable('outbox', 'Order notifications')),
    ]);
    services.push(ai, queue);
  }
  const left =
    database.status === 'OUTAGE' ? undefined : await aiBudgetsLeft(deps).catch(() => undefined);
  return {
    overallStatus: worst(services.map((service) => service.status)),
    aiMode: deps.config.ai.mode,
    lastChecked: new Date(deps.now()).toISOString(),
    services,
    ...(left
      ? {
          aiBudgets: PUBLIC_AI_TASKS.map((feature) => ({
            feature,
            requestsLeft: left[feature].tokens === 0 ? 0 : left[feature].requests,
            requests: deps.config.ai.budgets[feature].shop.requests,
          })),
        }
      : {}),
  };
}

import { describe, expect, it } from 'vitest';
import { messageOutbox } from '../../src/db/schema';
import { AI_STALE_MS, OUTBOX_MAX_DEPTH, OUTBOX_STALE_MS } from '../../src/status/status';
import { statusResponseSchema } from '../../src/status/schemas';
import {
  parseStatusResponse,
  serverServiceIds,
} from '../../../src/features/status/lib/remote-status';
import { recordAiResult } from '../../src/ai/ai-health';
import { createTestApp, T0, type TestApp, truncateAll, useTestApp } from '../support/test-app';

// Each test here changes the state between two requests at the same instant: no shared result
// (the sharing itself: status/shared-status.test.ts).
const fresh = { env: { STATUS_MAX_AGE_MS: '0' } };
const t = useTestApp(fresh);

async function status(app: TestApp = t) {
  const response = await app.call('GET', '/status');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  const body = statusResponseSchema.parse(await response.json());
  // The /status page reads it as it is.
  parseStatusResponse(body);
  const byId = Object.fromEntries(body.services.map((service) => [service.id, service]));
  return { body, byId };
}

const queue = (count: number, createdAt: number) =>
  t.database.db.insert(messageOutbox).values(
    Array.from({ length: count }, () => ({
      kind: 'order_paid',
      payload: {},
      attempts: 0,
      nextAttemptAt: new Date(createdAt),
      createdAt: new Date(createdAt),
    })),
  );

describe('GET /status', () => {
  it('is operational on a fresh server, saying no AI call was made yet', async () => {
    const { body, byId } = await status();
    expect(body.overallStatus).toBe('OPERATIONAL');
    expect(body.lastChecked).toBe(new Date(T0).toISOString());
    // The /status page names and describes exactly these ids in both languages.
    expect(body.services.map((service) => service.id)).toEqual([...serverServiceIds]);
    expect(byId.database!.latency).toBeGreaterThanOrEqual(0);
    expect(byId.ai).toMatchObject({ status: 'OPERATIONAL', latency: null });
    expect(byId.ai!.message).toMatch(/no AI call yet/i);
    expect(byId.outbox).toMatchObject({
      status: 'OPERATIONAL',
      message: 'No notification is waiting.',
    });
  });

  it("reports the AI service's last result: ok, failed, or too old", async () => {
    await recordAiResult(t.deps, { task: 'receipt', ok: true, latencyMs: 1234, message: 'ok' });
    t.clock.advance(5 * 60_000);
    let { byId, body } = await status();
    expect(byId.ai).toMatchObject({ status: 'OPERATIONAL', latency: 1234 });
    expect(byId.ai!.message).toBe('The last AI call succeeded 5 minutes ago.');
    expect(body.overallStatus).toBe('OPERATIONAL');

    await recordAiResult(t.deps, {
      task: 'chat',
      ok: false,
      latencyMs: 60_000,
      message: 'timeout',
    });
    ({ byId, body } = await status());
    expect(byId.ai).toMatchObject({ status: 'DEGRADED', latency: 60_000 });
    expect(byId.ai!.message).toContain('failed: timeout');
    expect(body.overallStatus).toBe('DEGRADED');

    await recordAiResult(t.deps, { task: 'chat', ok: true, latencyMs: 900, message: 'ok' });
    t.clock.advance(AI_STALE_MS + 60_000);
    ({ byId } = await status());
    expect(byId.ai!.status).toBe('DEGRADED');
    expect(byId.ai!.message).toMatch(/succeeded 31 minutes ago; nothing newer/);
  });

  it('counts unsent notifications: degraded past the threshold or when one is old', async () => {
    await queue(3, T0 - 60_000);
    let { byId } = await status();
    expect(byId.outbox).toMatchObject({ status: 'OPERATIONAL' });
    expect(byId.outbox!.message).toBe('3 notifications waiting, the oldest since 1 minute ago.');

    await queue(OUTBOX_MAX_DEPTH, T0);
    ({ byId } = await status());
    expect(byId.outbox!.status).toBe('DEGRADED');

    await truncateAll(t.database);
    await queue(1, T0 - OUTBOX_STALE_MS - 60_000);
    ({ byId } = await status());
    expect(byId.outbox!.status).toBe('DEGRADED');

    // Sent ones do not count.
    await truncateAll(t.database);
    await t.database.db.insert(messageOutbox).values({
      kind: 'order_paid',
      payload: {},
      attempts: 1,
      nextAttemptAt: new Date(T0 - OUTBOX_STALE_MS * 2),
      createdAt: new Date(T0 - OUTBOX_STALE_MS * 2),
      sentAt: new Date(T0 - OUTBOX_STALE_MS),
    });
    ({ byId } = await status());
    expect(byId.outbox).toMatchObject({
      status: 'OPERATIONAL',
      message: 'No notification is waiting.',
    });
  });

  it('reports an outage, without throwing, when the database is down', async () => {
    const down = await createTestApp(fresh);
    await down.database.close();
    try {
      const { body, byId } = await status(down);
      expect(body.overallStatus).toBe('OUTAGE');
      expect(byId.database).toMatchObject({ status: 'OUTAGE', latency: null });
      expect(byId.ai!.message).toBe('Not checked: the database is not reachable.');
      expect(byId.outbox!.status).toBe('OUTAGE');
    } finally {
      // Already closed: only the PostgreSQL test database is left to drop.
      await down.close().catch(() => undefined);
    }
  });

  it('reports an outage when the database does not answer in time', async () => {
    const ping = t.deps.database.ping;
    try {
      // A ping that never answers: /status answers all the same (the test's own time limit
      // catches a /status that waits for it; no bound on the machine's speed here).
      t.deps.database.ping = () => new Promise(() => undefined);
      const { body, byId } = await status();
      expect(body.overallStatus).toBe('OUTAGE');
      expect(byId.database!.message).toMatch(/not reachable/);
    } finally {
      t.deps.database.ping = ping;
    }
  });
});

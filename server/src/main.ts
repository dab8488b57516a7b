import { safeError } from './platform/log-safe';
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createAiFetch } from './ai/ai-fetch';
import { createApp } from './app';
import { createOrderEvents } from './platform/order-events';
import { loadConfig } from './config';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { appliedMigrations, migrate, openDatabase, readMigrations } from './db/database';
import { createLifecycle } from './platform/lifecycle';
import { createMetrics } from './status/metrics';
import { es2plusFetchers } from './provisioning/es2plus-tls';
import { recordServerAddress } from './db/data-dir-lock';
import { turnBatchedLines } from './platform/log-lines';
import { createLogger } from './platform/logger';
import { createRuntime } from './platform/runtime';
import { assertDemoIsSafe } from './delivery/demo-stock';
import { createMessageOutboxWorker, smtpMailer } from './delivery/message-outbox';
import { setupWarningMessage, setupWarnings } from './staff/setup-warnings';
import { createProvisioningWorker } from './provisioning/provisioning-worker';
import { createProviders } from './payments/providers/provider-payments';
import { createRefundRound } from './orders/refund-round';

/** `npm run server`: reads the environment, opens and migrates the database, listens. */
async function main() {
  const config = loadConfig(process.env);
  // JSON lines on stdout, a turn of the event loop's lines in one write (decision 103).
  const logger = createLogger(config.logLevel, turnBatchedLines(1));
  const fetchFor = es2plusFetchers(config.provisioning);
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  // No key and real eSIMs in stock: a demo answer must never hand one out (issue #23 item 6).
  await assertDemoIsSafe(config, database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  logger.info(
    { store: database.kind, migrations: applied, aiMode: config.ai.mode },
    'database ready',
  );
  for (const warning of setupWarnings(config)) {
    logger.warn({ code: warning.code, settings: warning.settings }, setupWarningMessage(warning));
  }
  const workersRunning = { outbox: false, provisioning: false };
  // Ready when the database answers (operations.ts), its migrations are this code's, and the
  // workers run (decision 119).
  const lifecycle = createLifecycle([
    async () => {
      const expected = readMigrations().map((migration) => migration.version);
      const applied = new Set(await appliedMigrations(database));
      const missing = expected.filter((version) => !applied.has(version));
      return missing.length === 0
        ? { name: 'migrations', ok: true, detail: `${expected.length} applied` }
        : { name: 'migrations', ok: false, detail: `not applied: ${missing.join(', ')}` };
    },
    () => {
      const stopped = Object.entries(workersRunning)
        .filter(([, running]) => !running)
        .map(([name]) => name);
      return Promise.resolve(
        stopped.length === 0
          ? { name: 'workers', ok: true, detail: 'outbox and provisioning running' }
          : { name: 'workers', ok: false, detail: `not running: ${stopped.join(', ')}` },
      );
    },
  ]);
  const baseDeps = {
    config,
    database,
    now: Date.now,
    randomUUID: () => crypto.randomUUID(),
    randomBytes: (size: number) => crypto.getRandomValues(new Uint8Array(size)),
    aiFetch: createAiFetch(config),
    logger,
    lifecycle,
    // This process's memory: the app and its workers share it (decision 116).
    runtime: createRuntime(),
    orderEvents: createOrderEvents(),
  };
  const deps = { ...baseDeps, metrics: createMetrics(baseDeps) };
  const app = createApp(deps);
  // The eSIM emails and staff alerts (decision 039).
  const { smtpUrl } = config.delivery;
  const worker = createMessageOutboxWorker(deps, {
    mailer: smtpUrl ? smtpMailer(smtpUrl) : undefined,
  });
  worker.start();
  workersRunning.outbox = true;
  // Profiles ordered from the operators' SM-DP+ (ES2+, decision 076).
  const provisioning = createProvisioningWorker(deps, { fetchFor });
  provisioning.start();
  workersRunning.provisioning = true;
  // Pending provider refunds asked about until final (issue #41, decision 137).
  const refundRound = createRefundRound(deps, createProviders(deps));
  refundRound.start();
  const sources = Object.fromEntries(
    Object.entries(config.provisioning.operators).map(([id, setting]) => [id, setting.source]),
  );
  logger.info({ sources }, 'provisioning');
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ host: info.address, port: info.port }, 'listening');
    // The embedded store is ours until we stop: CLIs that write go through us meanwhile.
    if (!config.databaseUrl) {
      recordServerAddress(config.dataDir, { host: config.host, port: info.port });
    }
  }) as Server;
  // A request is in flight until its answer is written out (not only made): the drain waits
  // for that before it closes the connections.
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    response.on('close', lifecycle.begin());
  });
  // GET /metrics without a key, on a port of its own for Prometheus (decision 119).
  const metricsServer =
    config.metrics.port === undefined
      ? undefined
      : (serve(
          {
            fetch: async (request) =>
              new URL(request.url).pathname === '/metrics'
                ? new Response(await deps.metrics.text(), {
                    headers: { 'content-type': deps.metrics.contentType },
                  })
                : new Response('Not found', { status: 404 }),
            port: config.metrics.port,
            hostname: config.metrics.host,
          },
          (info) => logger.info({ host: info.address, port: info.port }, 'metrics listening'),
        ) as Server);

  let stopping = false;
  /**
   * SIGTERM (decision 119): /readyz answers 503 and new requests are refused (503, Connection:
   * close); the listener closes; the requests already taken are answered; the workers finish
   * their round; the database closes (the data folder's lock is released); then exit 0. Past
   * SHUTDOWN_TIMEOUT_MS it exits 1 whatever is left.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.startDraining();
    logger.info({ signal, inFlight: lifecycle.inFlight() }, 'stopping');
    setTimeout(() => {
      logger.error(
        { inFlight: lifecycle.inFlight(), timeoutMs: config.shutdownTimeoutMs },
        'stop took too long: exiting',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // The listener stays open until then: new requests are answered 503 (Connection: close), so
    // a proxy sends them elsewhere at once rather than finding a closed port.
    await lifecycle.idle();
    workersRunning.outbox = false;
    workersRunning.provisioning = false;
    try {
      await Promise.all([worker.stop(), provisioning.stop(), refundRound.stop()]);
      server.close();
      metricsServer?.close();
      // Keep-alive connections that are left carry no request now.
      server.closeAllConnections();
      metricsServer?.closeAllConnections();
      await database.close();
      logger.info({ signal }, 'stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: safeError(error) }, 'close failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

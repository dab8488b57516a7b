import { safeError } from './platform/log-safe';
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createAiFetch } from './ai/ai-fetch';
import { createApp } from './app';
import { createOrderEvents } from './platform/order-events';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { es2plusFetchers } from './provisioning/es2plus-tls';
import { recordServerAddress } from './db/data-dir-lock';
import { turnBatchedLines } from './platform/log-lines';
import { createLogger } from './platform/logger';
import { assertDemoIsSafe } from './delivery/demo-stock';
import { createMessageOutboxWorker, smtpMailer } from './delivery/message-outbox';
import { setupWarningMessage, setupWarnings } from './staff/setup-warnings';
import { createProvisioningWorker } from './provisioning/provisioning-worker';

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
  const deps = {
    config,
    database,
    now: Date.now,
    randomUUID: () => crypto.randomUUID(),
    randomBytes: (size: number) => crypto.getRandomValues(new Uint8Array(size)),
    aiFetch: createAiFetch(config),
    logger,
    orderEvents: createOrderEvents(),
  };
  const app = createApp(deps);
  // The eSIM emails and staff alerts (decision 039).
  const { smtpUrl } = config.delivery;
  const worker = createMessageOutboxWorker(deps, {
    mailer: smtpUrl ? smtpMailer(smtpUrl) : undefined,
  });
  worker.start();
  // Profiles ordered from the operators' SM-DP+ (ES2+, decision 076).
  const provisioning = createProvisioningWorker(deps, { fetchFor });
  provisioning.start();
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
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    server.close(() => {
      Promise.all([worker.stop(), provisioning.stop()])
        .then(() => database.close())
        .catch((error: unknown) => logger.error({ err: safeError(error) }, 'close failed'))
        .finally(() => process.exit(0));
    });
    // Connections that stay open (keep-alive) do not hold the stop up for long.
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

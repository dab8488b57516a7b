import { safeError } from './log-safe';
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createAiFetch } from './ai-fetch';
import { createApp } from './app';
import { loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { createLogger } from './logger';
import { createOutboxWorker, smtpMailer } from './services/outbox-worker';

/** `npm run server`: reads the environment, opens and migrates the database, listens. */
async function main() {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(database);
  logger.info(
    { store: database.kind, migrations: applied, aiMode: config.ai.mode },
    'database ready',
  );
  const deps = {
    config,
    database,
    now: Date.now,
    randomUUID: () => crypto.randomUUID(),
    randomBytes: (size: number) => crypto.getRandomValues(new Uint8Array(size)),
    aiFetch: createAiFetch(config),
    logger,
  };
  const app = createApp(deps);
  // The eSIM emails and staff alerts (decision 039).
  const { smtpUrl } = config.delivery;
  const worker = createOutboxWorker(deps, { mailer: smtpUrl ? smtpMailer(smtpUrl) : undefined });
  worker.start();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
    logger.info({ host: info.address, port: info.port }, 'listening'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    server.close(() => {
      worker
        .stop()
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

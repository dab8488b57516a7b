/**
 * Cloudflare Workers entry: the same createApp as on Node (server/src/main.ts), with its
 * dependencies built from the Worker's bindings. Deploy with wrangler (see README, "Server
 * mode"): `main = "server/src/worker.ts"`, `compatibility_flags = ["nodejs_compat"]`, a
 * Hyperdrive binding named HYPERDRIVE in front of a managed PostgreSQL (or DATABASE_URL), and
 * the variables of .env.example as vars/secrets (GEMINI_API_KEY as a secret).
 *
 * The database is PostgreSQL through `pg` over Hyperdrive (supported on Workers with
 * nodejs_compat; Hyperdrive keeps the real connections pooled, so each request opens a small
 * pool and closes it when done). Neon's serverless driver (`@neondatabase/serverless`, with
 * `drizzle-orm/neon-serverless`) is the other choice that works there; it is not a dependency.
 * The embedded PGlite is not for Workers (no disk, one isolate per request). Migrations are
 * applied from a Node machine: `DATABASE_URL=… npm run server` once (it migrates on start).
 * The AI proxy's rate limits are counted in the database (platform/rate-limit.ts), as on Node,
 * so they hold across isolates.
 */
import type { Context, ExecutionContext } from 'hono';
import { createAiFetch } from './ai/ai-fetch';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { openPostgres } from './db/postgres';
import type { Deps } from './deps';
import type { Logger } from './platform/logger';
import { createRuntime, type Runtime } from './platform/runtime';

/** The bindings this Worker reads: a Hyperdrive binding and the variables of .env.example. */
export type WorkerEnv = {
  HYPERDRIVE?: { connectionString: string };
} & Record<string, unknown>;

/** Keys never written to a log line, wherever they appear (as pino's redaction on Node). */
const SECRET_KEYS = new Set(['contact', 'contactInfo', 'token', 'apiKey', 'image', 'headers']);

function scrub(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, item]) => [key, scrub(item, depth + 1)]),
  );
}

const levels = ['debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** JSON lines on the console (Workers Logs collects them), with pino's call shape. */
function consoleLogger(level: Config['logLevel']): Logger {
  const threshold = levels.indexOf(level);
  const write =
    (name: (typeof levels)[number]) =>
    (objectOrMessage: unknown, message?: string): void => {
      if (levels.indexOf(name) < threshold) return;
      const fields =
        typeof objectOrMessage === 'string' ? { msg: objectOrMessage } : scrub(objectOrMessage);
      console.log(
        JSON.stringify({ level: name, time: Date.now(), ...(fields as object), msg: message }),
      );
    };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
  } as Logger;
}

/** The string variables among the bindings, as loadConfig reads process.env on Node. */
function variables(env: WorkerEnv): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Cloudflare sets CF-Connecting-IP itself; a client cannot choose it. */
const cloudflareClient = (c: Context) => c.req.header('cf-connecting-ip');

/** Per isolate: the validated configuration, the logger and the instance's memory (runtime). */
let isolate: { config: Config; logger: Logger; runtime: Runtime } | undefined;

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
    if (!isolate) {
      const config = loadConfig(variables(env));
      isolate = { config, logger: consoleLogger(config.logLevel), runtime: createRuntime() };
    }
    const { config, logger, runtime } = isolate;
    const connectionString = env.HYPERDRIVE?.connectionString ?? config.databaseUrl;
    if (!connectionString) {
      return Response.json(
        { error: { code: 'database_unavailable', message: 'No database is configured.' } },
        { status: 503 },
      );
    }
    // PostgreSQL for one request: a small pool over Hyperdrive, ended when the request is done.
    const database = openPostgres({ connectionString, max: 3 });
    const deps: Deps = {
      config,
      database,
      now: Date.now,
      randomUUID: () => crypto.randomUUID(),
      randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)),
      aiFetch: createAiFetch(config),
      runtime,
      logger,
      clientAddress: cloudflareClient,
    };
    try {
      return await createApp(deps).fetch(request, env, ctx);
    } finally {
      // A streamed AI answer needs no database; the pool closes once the response is made.
      ctx.waitUntil(database.close().catch(() => undefined));
    }
  },
};

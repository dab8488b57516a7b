import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrate, openDatabase, type Database } from '../../src/db/database';
import type { Deps } from '../../src/deps';
import { silentLogger } from '../../src/platform/logger';
import { createRuntime } from '../../src/platform/runtime';

/**
 * The server tests' one set-up (decision 088): the store the run selects (PGlite, or
 * PostgreSQL at TEST_DATABASE_URL), a fixed clock, a scriptable Gemini, and the app in-process.
 * `useTestApp` is a file's frame; `createTestApp` makes one more app (a restart, other settings).
 */

/** Which store the tests run on: TEST_DATABASE_URL → PostgreSQL, otherwise PGlite in memory. */
export const testStore = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestDatabase = Database & {
  /** postgres://… of this test's own database (PostgreSQL only). */
  url: string | undefined;
  /** Closes and deletes the test's database. */
  drop(): Promise<void>;
};

/**
 * A fresh, migrated database for one test (file): an in-memory PGlite, or a new database on
 * the PostgreSQL server at TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await migrate(database);
    return { ...database, url: undefined, drop: () => database.close() };
  }
  const name = `esim_test_${crypto.randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database);
  let dropped = false;
  return {
    ...database,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Raw SQL rows of the app's database: `rows('SELECT … WHERE id = $1', [id])`. */
export const sqlRows =
  (app: { database: Database }) =>
  (sql: string, params: unknown[] = []) =>
    app.database.rawTransaction((tx) => tx.query<Record<string, unknown>>(sql, params));

/** Empties every table (faster than a new database between the tests of one file). */
export async function truncateAll(database: Database): Promise<void> {
  await database.rawTransaction((tx) =>
    tx.exec(
      'TRUNCATE profiles, payments, order_links, order_events, orders, idempotency_keys, outbox, ai_health, api_keys, server_secrets, rate_limit_windows, payment_notifications, statement_lines, statement_imports, es2plus_jobs, es2plus_notifications, install_progress, ai_budgets, ai_proofs, provider_payments RESTART IDENTITY CASCADE',
    ),
  );
}

/** A fixed instant (2026-11-23 10:00 UTC = 16:30 in Myanmar) that tests move by hand. */
export const T0 = Date.parse('2026-11-23T10:00:00Z');

export type TestClock = { now: () => number; set(ms: number): void; advance(ms: number): void };

export function testClock(start = T0): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => void (current = ms),
    advance: (ms) => void (current += ms),
  };
}

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  database: TestDatabase;
  clock: TestClock;
  /** JSON request helper: `call('POST', '/api/orders', body, headers)`. */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The app in-process (app.request, no socket) on a fresh database, with a fixed clock and an
 * AI fetch that fails unless the test provides one.
 */
export type TestAppOptions = Partial<Omit<Deps, 'config' | 'database'>> & {
  /** On top of the tests' settings; a key set to undefined takes the server's own default. */
  env?: Record<string, string | undefined>;
  /** An existing database (shared by a file's tests, or reopened after a restart); not dropped by close(). */
  database?: TestDatabase;
};

export async function createTestApp(overrides: TestAppOptions = {}): Promise<TestApp> {
  const { env, database: shared, ...depOverrides } = overrides;
  const database = shared ?? (await createTestDatabase());
  const clock = testClock();
  const deps: Deps = {
    config: loadConfig({
      AI_MODE: 'gemini',
      GEMINI_API_KEY: 'server-test-key',
      LOG_LEVEL: 'silent',
      // Every request comes from one address here (no socket): the abuse limits are tested in
      // server/tests/orders/abuse-limits.test.ts with their own values.
      RECEIPT_LIMIT_PER_ORDER: '1000',
      RECEIPT_LIMIT_PER_ADDRESS: '100000',
      ORDER_LIMIT_PER_ADDRESS: '100000',
      // The tests pay many orders from one contact: the policies' own tests set theirs
      // (server/tests/payments/delivery-policy.test.ts, with the default `limit`).
      DELIVERY_POLICY: 'instant',
      ...env,
    }),
    database,
    now: clock.now,
    randomUUID: () => crypto.randomUUID(),
    randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)),
    aiFetch: () => Promise.reject(new Error('This test makes no AI call')),
    logger: silentLogger,
    // A new app, a new instance's memory (decision 116): nothing to reset between tests.
    runtime: createRuntime(),
    ...depOverrides,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    clock,
    call: (method, path, body, headers = {}) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers:
            body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
          body:
            body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    close: () => (shared ? Promise.resolve() : database.drop()),
  };
}

/** A scriptable stand-in for Gemini's REST API (the server's outgoing side). */
export type GeminiScript = (request: Request) => Response | Promise<Response>;

export type FakeGemini = {
  fetch: typeof fetch;
  /** What the next calls answer. */
  answer(script: GeminiScript): void;
  /** The requests received (URL and parsed body). */
  calls: { url: string; body: GeminiBody }[];
};

export type GeminiBody = {
  contents: {
    role: string;
    parts: { text?: string; inlineData?: { mimeType: string; data: string } }[];
  }[];
  generationConfig: Record<string, unknown>;
};

export function fakeGemini(): FakeGemini {
  let script: GeminiScript = () => {
    throw new Error('No AI answer scripted for this test');
  };
  const calls: FakeGemini['calls'] = [];
  return {
    calls,
    answer: (next) => void (script = next),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      calls.push({ url: request.url, body: (await request.clone().json()) as GeminiBody });
      return script(request);
    },
  };
}

export type SharedTestApp = TestApp & { gemini: FakeGemini };

/**
 * A file's test app on its own database, with a scriptable Gemini as its AI (unless `aiFetch`
 * is given): made before the file's tests (`options` may be a function, run then: to start a
 * fake server first), emptied before each (tables, clock at T0, Gemini's calls), dropped after.
 * Its fields are there from the first test on.
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
): SharedTestApp {
  const gemini = fakeGemini();
  let current: TestApp | undefined;
  const made = () => {
    if (!current) throw new Error('useTestApp: the app is made in beforeEach');
    return current;
  };
  let database: TestDatabase | undefined;
  let resolved: TestAppOptions = {};
  beforeAll(async () => {
    resolved = typeof options === 'function' ? await options() : options;
    database = resolved.database ?? (await createTestDatabase());
  });
  afterAll(() => database?.drop());
  // Each test gets a new app (a new runtime, the clock at T0) on the file's emptied database.
  // Code that keeps `t.deps` (a worker) makes it in a beforeEach of its own, after this one.
  beforeEach(async () => {
    await truncateAll(database!);
    current = await createTestApp({ aiFetch: gemini.fetch, ...resolved, database });
    gemini.calls.length = 0;
  });
  return {
    gemini,
    get app() {
      return made().app;
    },
    get deps() {
      return made().deps;
    },
    get database() {
      return made().database;
    },
    get clock() {
      return made().clock;
    },
    call: (...args) => made().call(...args),
    close: () => made().close(),
  };
}

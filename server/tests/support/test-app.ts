import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Deps } from '../../src/deps';
import { silentLogger } from '../../src/logger';
import { createTestDatabase, type TestDatabase } from './test-database';

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
export async function createTestApp(
  overrides: Partial<Omit<Deps, 'config' | 'database'>> & {
    env?: Record<string, string>;
    /** An existing database (shared by a file's tests, or reopened after a restart); not dropped by close(). */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
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
      ...env,
    }),
    database,
    now: clock.now,
    randomUUID: () => crypto.randomUUID(),
    randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)),
    aiFetch: () => Promise.reject(new Error('This test makes no AI call')),
    logger: silentLogger,
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

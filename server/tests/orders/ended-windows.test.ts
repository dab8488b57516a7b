import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { databaseRateLimiter, limitKeys, SWEEP_INTERVAL_MS } from '../../src/platform/abuse-limits';
import { createOrder, type OrderLimit } from '../../src/orders/orders';
import {
  createTestApp,
  createTestDatabase,
  sqlRows,
  testStore,
  T0,
  type TestApp,
  type TestDatabase,
} from '../support/test-app';
import { newOrder } from '../support/shop';

/**
 * The abuse limits' ended windows (decision 110): removed by a statement of their own, at most
 * once a minute per process, instead of inside every counting statement, which made PostgreSQL
 * plan that statement again at every order.
 */
const MINUTE = 60_000;
const input = newOrder('windows@example.com');
const counted = (address: string): OrderLimit => ({
  key: limitKeys.ordersPerAddress(address),
  limit: { limit: 30, windowMs: 10 * MINUTE },
  message: 'Too many orders from this address.',
});

describe(`ended windows (${testStore})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const rows = (sql: string, params: unknown[] = []) => sqlRows(t)(sql, params);
  const keys = async () =>
    (await rows('SELECT key FROM rate_limit_windows ORDER BY key')).map((row) => row.key);
  /** A window of `key` that ends `endsIn` ms after the test clock's now (negative: has ended). */
  const windowOf = (key: string, endsIn: number) => {
    const end = t.clock.now() + endsIn;
    return rows(
      'INSERT INTO rate_limit_windows (key, window_start, expires_at, hits) VALUES ($1, $2, $3, 1)',
      [key, new Date(end - 10 * MINUTE).toISOString(), new Date(end).toISOString()],
    );
  };
  const lookups = () => databaseRateLimiter(t.deps, { limit: 5, windowMs: MINUTE });

  it('removes the windows that have ended, not one still running, at most once a minute, by orders and by the other limits', async () => {
    t.clock.set(T0);
    await windowOf('ended-a', -1);
    await windowOf('ended-b', -5 * MINUTE);
    await windowOf('running', 1);
    await createOrder(t.deps, input, counted('203.0.113.1'));
    expect(await keys()).toEqual(['order-address:203.0.113.1', 'running']);

    // Within the minute: a window that ends now stays until the next sweep.
    t.clock.advance(30_000);
    await windowOf('ended-c', -1);
    await createOrder(t.deps, input, counted('203.0.113.2'));
    expect(await lookups().take('lookup:x', t.clock.now())).toEqual({ allowed: true });
    expect(await keys()).toContain('ended-c');

    // A minute after the last sweep, any counted call sweeps: here a limit of its own.
    t.clock.advance(SWEEP_INTERVAL_MS);
    expect(await lookups().take('lookup:y', t.clock.now())).toEqual({ allowed: true });
    const left = await keys();
    expect(left).not.toContain('ended-c');
    expect(left).not.toContain('running'); // it ended 1 ms after T0
    expect(left).toContain('order-address:203.0.113.2');
    expect(left).toContain('lookup:y');
  });

  it('still counts a key’s calls in its window and starts again at 1 in the next', async () => {
    t.clock.set(T0 + 100 * MINUTE);
    const limiter = databaseRateLimiter(t.deps, { limit: 1, windowMs: MINUTE });
    expect(await limiter.take('again', t.clock.now())).toEqual({ allowed: true });
    expect(await limiter.take('again', t.clock.now())).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
    t.clock.advance(MINUTE);
    expect(await limiter.take('again', t.clock.now())).toEqual({ allowed: true });
  });

  it('sweeps before it writes: a sweep that fails leaves no order and no hit counted', async () => {
    t.clock.set(T0 + 1_000 * MINUTE);
    await rows(`CREATE FUNCTION refuse_sweep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the sweep fails'; END $$`);
    await rows(`CREATE TRIGGER refuse_sweep BEFORE DELETE ON rate_limit_windows
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_sweep()`);
    try {
      const before = await rows('SELECT count(*) AS count FROM orders');
      await expect(createOrder(t.deps, input, counted('203.0.113.9'))).rejects.toThrow(
        /Failed query: delete from "rate_limit_windows"/,
      );
      expect(await rows('SELECT count(*) AS count FROM orders')).toEqual(before);
      expect(await keys()).not.toContain('order-address:203.0.113.9');
    } finally {
      await rows('DROP TRIGGER refuse_sweep ON rate_limit_windows');
      await rows('DROP FUNCTION refuse_sweep()');
    }
  });

  it('sweeps once a minute per server instance, also where its entry opens a new pool for each request (Workers)', async () => {
    t.clock.set(T0 + 2_000 * MINUTE);
    // The Workers entry's deps: the isolate's configuration, a database object of the request's own.
    const request = () => ({
      ...t.deps,
      database: { ...t.database, db: new Proxy(t.database.db, {}) },
    });
    const take = (key: string) =>
      databaseRateLimiter(request(), { limit: 5, windowMs: MINUTE }).take(key, t.clock.now());
    await take('lookup:first'); // the instance's sweep of this minute
    await windowOf('ended-w', -1);
    expect(await take('lookup:second')).toEqual({ allowed: true });
    expect(await keys()).toContain('ended-w');
  });
});

describe.skipIf(testStore !== 'postgres')(
  'the counting statements keep one plan (postgres)',
  () => {
    let database: TestDatabase;
    let single: Awaited<ReturnType<typeof openDatabase>>;
    let t: TestApp;
    beforeAll(async () => {
      database = await createTestDatabase();
      // One connection, so that pg_prepared_statements below is the orders' own session.
      single = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
      t = await createTestApp({ database: { ...single, url: database.url, drop: single.close } });
    });
    afterAll(async () => {
      await single.close();
      await database.drop();
    });

    it('uses the generic plan of each order statement on a table of many windows, instead of planning every call', async () => {
      // As a shop's table is: many running windows, with statistics (the bench's 5,000 addresses).
      await sqlRows(t)(
        `INSERT INTO rate_limit_windows (key, window_start, expires_at, hits)
       SELECT 'order-address:10.0.' || i, $1, $2, 1 FROM generate_series(1, 15000) AS i`,
        [new Date(T0).toISOString(), new Date(T0 + 10 * MINUTE).toISOString()],
      );
      await sqlRows(t)('ANALYZE rate_limit_windows');
      t.clock.set(T0);
      for (let index = 0; index < 12; index += 1) {
        t.clock.advance(1_000); // each the first of its second: the bare number
        await createOrder(t.deps, input, counted(`198.51.100.${index}`));
      }
      for (let index = 0; index < 12; index += 1) {
        await createOrder(t.deps, input, counted(`192.0.2.${index}`)); // one second: suffixed
      }
      const plans = (
        await sqlRows(t)(
          `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements
         WHERE name IN ('order_create_counted', 'order_create_suffixed_counted') ORDER BY name`,
        )
      ).map((row) => [row.name, Number(row.generic_plans), Number(row.custom_plans)]);
      // PostgreSQL tries 5 custom plans, then keeps the generic one if it costs no more. Before
      // decision 110 it planned every call: the ended windows' DELETE looked costly to keep.
      expect(plans).toEqual([
        ['order_create_counted', 7, 5],
        ['order_create_suffixed_counted', expect.any(Number), 5],
      ]);
      expect(plans[1]?.[1]).toBeGreaterThanOrEqual(5);
    });
  },
);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../src/db/database';
import { createOrder, orderBody } from '../support/shop';
import {
  createTestApp,
  createTestDatabase,
  type TestDatabase,
  testStore,
} from '../support/test-app';

/**
 * The database goes away (PGlite closed; the PostgreSQL pool ended) and comes back (opened
 * again on the same folder or server): meanwhile 503 database_unavailable, afterwards the
 * order is still there.
 */
describe(`database down (${testStore})`, () => {
  let owner: TestDatabase | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    if (testStore === 'postgres') owner = await createTestDatabase();
    else folder = mkdtempSync(join(tmpdir(), 'esim-db-down-'));
  });
  afterAll(async () => {
    await owner?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** A connection of the app's own, to the same stored data each time. */
  async function connect(): Promise<TestDatabase> {
    const database = await openDatabase(owner ? { databaseUrl: owner.url } : { dataDir: folder });
    await migrate(database);
    return { ...database, url: owner?.url, drop: () => database.close() };
  }

  it('answers 503 database_unavailable while it is down, and keeps the order for when it is back', async () => {
    const before = await connect();
    const app = await createTestApp({ database: before });
    const created = await createOrder(app);
    await before.close();

    const read = await app.call('GET', `/api/orders/${created.order.id}`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('30');
    expect(await read.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message:
          'The order database is not reachable right now. Nothing was lost; please try again in a minute.',
      },
    });
    const create = await app.call('POST', '/api/orders', orderBody(), {
      'Idempotency-Key': 'down-01-abc',
    });
    expect(create.status).toBe(503);
    expect(await create.json()).toMatchObject({ error: { code: 'database_unavailable' } });

    const after = await connect();
    const restarted = await createTestApp({ database: after });
    const again = await restarted.call('GET', `/api/orders/${created.order.id}`, undefined, {
      'X-Order-Token': created.token,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ order: created.order });
    // The order refused while down was not half made; the same key now makes it.
    const retried = await restarted.call('POST', '/api/orders', orderBody(), {
      'Idempotency-Key': 'down-01-abc',
    });
    expect(retried.status).toBe(201);
    await after.close();
  }, 120_000); // a new embedded database folder takes ~20 s to initialise on this machine

  it.runIf(testStore === 'postgres')(
    'answers 503 database_unavailable, not 500, when no connection of the pool frees in time',
    async () => {
      const database = await openDatabase({
        databaseUrl: owner!.url,
        poolSize: 1,
        poolWaitMs: 200,
      });
      await migrate(database);
      const app = await createTestApp({
        database: { ...database, url: owner!.url, drop: () => database.close() },
      });
      const created = await createOrder(app);
      // The pool's only connection stays in a transaction until the request has been answered.
      let release: () => void = () => undefined;
      const held = database.rawTransaction(
        () => new Promise<void>((resolve) => (release = resolve)),
      );
      try {
        const read = await app.call('GET', `/api/orders/${created.order.id}`, undefined, {
          'X-Order-Token': created.token,
        });
        expect(read.status).toBe(503);
        expect(await read.json()).toMatchObject({ error: { code: 'database_unavailable' } });
      } finally {
        release();
        await held;
      }
      const again = await app.call('GET', `/api/orders/${created.order.id}`, undefined, {
        'X-Order-Token': created.token,
      });
      expect(again.status).toBe(200);
      await database.close();
    },
  );
});

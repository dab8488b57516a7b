import { afterEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../src/db/database';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testStore,
} from '../support/test-app';

describe(`database (${testStore})`, () => {
  let database: TestDatabase | undefined;
  let harness: TestApp | undefined;
  afterEach(async () => {
    await database?.drop();
    await harness?.close();
    database = harness = undefined;
  });

  it('applies every migration once, in order, and a second run applies none', async () => {
    database = await createTestDatabase();
    const rows = await database.rawTransaction((tx) =>
      tx.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version'),
    );
    expect(rows.map((row) => row.version)).toEqual(readMigrations().map((m) => m.version));
    expect(await migrate(database)).toEqual([]);
  });

  it('rolls a failing migration back whole', async () => {
    database = await createTestDatabase();
    await expect(
      migrate(database, [
        ...readMigrations(),
        {
          version: '999_broken',
          sql: 'CREATE TABLE half_done (id int); SELECT nonsense_column FROM half_done;',
        },
      ]),
    ).rejects.toThrow();
    const tables = await database.rawTransaction((tx) =>
      tx.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM information_schema.tables WHERE table_name = 'half_done'",
      ),
    );
    expect(tables[0]?.count).toBe(0);
  });

  it('answers an unknown path with the one error shape', async () => {
    harness = await createTestApp();
    const response = await harness.call('GET', '/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No GET /no-such-thing here.' },
    });
  });
});

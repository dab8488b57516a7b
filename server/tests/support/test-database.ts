import pg from 'pg';
import { migrate, openDatabase, type Database } from '../../src/db/database';

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

/** Empties every table (faster than a new database between the tests of one file). */
export async function truncateAll(database: Database): Promise<void> {
  await database.rawTransaction((tx) =>
    tx.exec(
      'TRUNCATE profiles, payments, order_links, orders, idempotency_keys, outbox, ai_health, api_keys, server_secrets, rate_limit_windows, payment_notifications, statement_lines, statement_imports, es2plus_jobs, es2plus_notifications, install_progress RESTART IDENTITY CASCADE',
    ),
  );
}

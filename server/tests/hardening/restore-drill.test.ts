import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../src/db/database';
import { createApiKey } from '../../src/platform/api-keys';
import { importStock } from '../../src/delivery/stock';
import { runCli } from '../support/server-process';
import { createOrder, readingAnswer, submitReceipt, type Created } from '../support/shop';
import { stockCsv } from '../support/stock';
import {
  createTestApp,
  createTestDatabase,
  fakeGemini,
  type TestApp,
  type TestDatabase,
  testStore,
} from '../support/test-app';

/**
 * The restore drill (issue #25): orders, payments, stock and keys made; `npm run backup`;
 * the database wiped; `npm run restore`; the server serves the same orders and refuses the same
 * reused transaction ids.
 */
describe(`backup and restore drill (${testStore})`, () => {
  const folder = mkdtempSync(join(tmpdir(), 'esim-drill-'));
  const dataDir = join(folder, 'data');
  let pgOwner: TestDatabase | undefined;
  afterAll(async () => {
    await pgOwner?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  async function open(): Promise<TestDatabase> {
    if (pgOwner) {
      const database = await openDatabase({ databaseUrl: pgOwner.url });
      return { ...database, url: pgOwner.url, drop: () => database.close() };
    }
    const database = await openDatabase({ dataDir, holder: 'the restore drill' });
    await migrate(database);
    return { ...database, url: undefined, drop: () => database.close() };
  }

  it(
    'serves the same orders and refuses the same reused transaction ids after a restore',
    { timeout: 600_000 },
    async () => {
      if (testStore === 'postgres') pgOwner = await createTestDatabase();
      const env = { DATA_DIR: dataDir, DATABASE_URL: pgOwner?.url };
      const gemini = fakeGemini();
      const log: string[] = [];

      // 1. The shop at work: stock, keys, two paid orders, one waiting for payment.
      let database = await open();
      let t: TestApp = await createTestApp({ database, aiFetch: gemini.fetch });
      await importStock(t.deps, stockCsv(3));
      const staff = await createApiKey(t.deps, 'owner', 'staff');
      const partner = await createApiKey(t.deps, 'partner');
      const paid: Created[] = [];
      for (const transactionId of ['1111 2222 3333', '4444 5555 6666']) {
        const created = await createOrder(t);
        gemini.answer(readingAnswer({ transactionId }));
        expect((await submitReceipt(t, created)).status).toBe(200);
        paid.push(created);
      }
      const unpaid = await createOrder(t);
      const orders = [...paid, unpaid];
      const read = (app: TestApp, created: Created) =>
        app.call('GET', `/api/orders/${created.order.id}`, undefined, {
          'X-Order-Token': created.token,
        });
      const before = await Promise.all(orders.map(async (o) => (await read(t, o)).json()));
      const stockBefore = await (
        await t.call('GET', '/api/staff/stock', undefined, { Authorization: `Bearer ${staff.key}` })
      ).json();
      await database.drop();

      // 2. Backup, 3. wipe, 4. restore: the owner's three commands.
      const file = join(folder, testStore === 'postgres' ? 'shop.pgdump' : 'shop.tar.gz');
      const backup = await runCli('backup', ['backup', file], env);
      expect(backup.code, backup.stderr).toBe(0);
      // Readable by its owner only, whatever the umask (review N10); PostgreSQL's password went
      // to pg_dump by environment, not as an argument (cli/pg-environment.ts).
      expect(statSync(file).mode & 0o777).toBe(0o600);
      log.push(`$ npm run backup -- ${file}\n${backup.stdout.trim()}`);
      if (pgOwner) {
        const wiping = await openDatabase({ databaseUrl: pgOwner.url });
        await wiping.rawTransaction((tx) =>
          tx.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public'),
        );
        await wiping.close();
        log.push('(wiped: DROP SCHEMA public CASCADE)');
      } else {
        rmSync(dataDir, { recursive: true, force: true });
        log.push(`(wiped: rm -rf ${dataDir})`);
      }
      const restore = await runCli('backup', ['restore', file], env);
      expect(restore.code, restore.stderr).toBe(0);
      log.push(`$ npm run restore -- ${file}\n${restore.stdout.trim()}`);

      // 5. The same orders, stock and keys; the same transaction ids refused as reused.
      database = await open();
      t = await createTestApp({ database, aiFetch: gemini.fetch });
      const after = await Promise.all(orders.map(async (o) => (await read(t, o)).json()));
      expect(after).toEqual(before);
      const stockAfter = await (
        await t.call('GET', '/api/staff/stock', undefined, { Authorization: `Bearer ${staff.key}` })
      ).json();
      expect(stockAfter).toEqual(stockBefore);
      const purchase = await t.call(
        'POST',
        '/purchase',
        { operator: 'MPT', contactInfo: 'after.restore@example.com' },
        { 'x-api-key': partner.key },
      );
      expect(purchase.status).toBe(201);
      const reusedIds: string[] = [];
      for (const transactionId of ['1111 2222 3333', '4444 5555 6666']) {
        const again = await createOrder(t);
        gemini.answer(readingAnswer({ transactionId }));
        const refused = (await (await submitReceipt(t, again)).json()) as {
          verification: { status: string; reason?: { code: string } };
        };
        expect(refused.verification).toMatchObject({
          status: 'failed',
          reason: { code: 'reused' },
        });
        reusedIds.push(`${transactionId}: ${refused.verification.reason!.code}`);
      }
      log.push(
        `after restore: ${after.length} orders identical (${after
          .map((a) => (a as { order: { status: string } }).order.status)
          .join(
            ', ',
          )}), stock identical, staff and partner keys accepted, reused ids refused (${reusedIds.join('; ')})`,
      );
      console.log(`Restore drill (${testStore}):\n${log.join('\n')}`);
      await database.drop();
    },
  );
});

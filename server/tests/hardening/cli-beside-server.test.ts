import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/db/data-dir-lock';
import { runCli, startServer, type ServerProcess } from '../support/server-process';
import { stockCsv } from '../support/stock';
import { createTestDatabase, type TestDatabase, testStore } from '../support/test-app';

/**
 * Issue #25, "nothing written is lost": every CLI that writes, run beside a running server
 * process. On the embedded database the CLI refuses (the server holds the folder) and says what
 * to do; nothing the server wrote is lost. On PostgreSQL the CLI writes and the server sees it.
 */
describe(`CLIs beside a running server (${testStore})`, () => {
  const folder = mkdtempSync(join(tmpdir(), 'esim-cli-lock-'));
  let owner: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await owner?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses or goes through, and loses nothing', { timeout: 600_000 }, async () => {
    if (testStore === 'postgres') owner = await createTestDatabase();
    const dataDir = join(folder, 'data');
    const env = { DATA_DIR: dataDir, DATABASE_URL: owner?.url };
    const csv = join(folder, 'stock.csv');
    writeFileSync(csv, stockCsv(2, { batch: 7 }));
    const backupFile = join(folder, 'before.backup');

    // Before the server: a staff key and a backup, as an owner makes them.
    const staffKey = await runCli('api-key', ['create', '--staff', 'owner'], env);
    expect(staffKey.code, staffKey.stderr).toBe(0);
    const key = staffKey.stdout.split('\n')[1]!.trim();
    expect((await runCli('backup', ['backup', backupFile], env)).code).toBe(0);

    server = await startServer(env);
    const staff = { Authorization: `Bearer ${key}` };
    // The server writes: stock imported through its staff API.
    const imported = await fetch(`${server.url}/api/staff/stock`, {
      method: 'POST',
      headers: { ...staff, 'Content-Type': 'text/csv' },
      body: stockCsv(3),
    });
    expect(imported.status).toBe(200);

    const beside = {
      'stock import': await runCli('stock', ['import', csv], env),
      'api-key create': await runCli('api-key', ['create', '--name', 'partner'], env),
      backup: await runCli('backup', ['backup', join(folder, 'during.backup')], env),
      restore: await runCli('backup', ['restore', backupFile], env),
    };
    for (const [name, result] of Object.entries(beside)) {
      console.log(
        `${name} beside the server (${testStore}): exit ${result.code}\n  ${(result.stderr || result.stdout).trim().split('\n')[0]}`,
      );
    }

    if (testStore === 'pglite') {
      // The server's process (tsx runs it as its child) holds the folder.
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
        holder: 'server',
      });
      for (const [name, result] of Object.entries(beside)) {
        expect(result.code, name).toBe(1);
        expect(result.stderr, name).toContain('is in use by the API server');
        expect(result.stderr, name).toContain('stop the server first');
        expect(result.stderr, name).toContain('/#/staff');
      }
      expect(existsSync(join(folder, 'during.backup'))).toBe(false);
    } else {
      // PostgreSQL takes many clients: the writes go in while the server runs, and it sees them.
      expect(beside['stock import'].code, beside['stock import'].stderr).toBe(0);
      expect(beside['api-key create'].code).toBe(0);
      expect(beside.backup.code).toBe(0);
      // A restore beside running servers is allowed on PostgreSQL (one transaction); put
      // the server's stock back for the count below.
      expect(beside.restore.code, beside.restore.stderr).toBe(0);
      const again = await fetch(`${server.url}/api/staff/stock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' },
        body: stockCsv(3),
      });
      expect(again.status).toBe(200);
      expect((await runCli('stock', ['import', csv], env)).code).toBe(0);
    }
    const seen = (await (
      await fetch(`${server.url}/api/staff/stock`, { headers: staff })
    ).json()) as { stock: { inStock: number }[] };
    const inStockWhileRunning = seen.stock.reduce((sum, line) => sum + line.inStock, 0);

    // Stopped: the folder is free (lock gone), and everything the server wrote is there.
    expect(await server.stop()).toBe(0);
    server = undefined;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const report = await runCli('stock', ['report'], env);
    expect(report.code, report.stderr).toBe(0);
    const expected = testStore === 'pglite' ? 3 : 5;
    expect(inStockWhileRunning).toBe(expected);
    expect(report.stdout).toMatch(new RegExp(`mpt\\s+power-30\\s+${expected}\\s`));
  });

  it(
    'a lock left by a killed process (its pid gone) does not block',
    { timeout: 300_000 },
    async () => {
      if (testStore === 'postgres') return; // the lock is the embedded database's
      const dataDir = join(folder, 'stale');
      const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
      const { mkdirSync } = await import('node:fs');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(
        join(dataDir, LOCK_FILE),
        JSON.stringify({
          pid: gone,
          holder: 'server',
          host: (await import('node:os')).hostname(),
          since: '2026-11-25T00:00:00Z',
        }),
      );
      const created = await runCli('api-key', ['create', '--name', 'after a crash'], {
        DATA_DIR: dataDir,
      });
      expect(created.code, created.stderr).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    },
  );
});

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { lockDataDir, recordServerAddress } from '../../src/db/data-dir-lock';
import { NOTIFY_SECRET, STATEMENT_HEADER } from '../support/bank';
import { createOrder, payOrder, readOrder, readingAnswer } from '../support/shop';
import { postStock, staffKey, stockCsv } from '../support/stock';
import { createTestApp, fakeGemini, type TestApp, testStore } from '../support/test-app';

const root = new URL('../../../', import.meta.url).pathname;

/** Runs a CLI as `npm run <name>` runs it (tsx), with `env` on top of ours. */
function run(cli: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, `server/src/cli/${cli}.ts`), ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** Each CLI run starts tsx (a few seconds on a busy machine); a test runs up to four. */
describe(`npm run reconcile and npm run payment (${testStore})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  const gemini = fakeGemini();
  let http: ServerType;
  let url = '';
  let key = '';
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'esim-reconcile-'));
    // The real clock: the CLI signs with it.
    // DELIVERY_POLICY=confirmed: a screenshot-paid order is held for the bank (README's walk).
    t = await createTestApp({
      now: Date.now,
      aiFetch: gemini.fetch,
      env: { PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET, DELIVERY_POLICY: 'confirmed' },
    });
    key = await staffKey(t);
    expect((await postStock(t, key, stockCsv(3))).status).toBe(200);
    await new Promise<void>((resolve) => {
      http = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        url = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to write beside a server that holds the embedded database, and says what to do', async () => {
    const data = join(dir, 'data');
    const file = join(dir, 'statement.csv');
    writeFileSync(file, `${STATEMENT_HEADER}\nKBZ-8001,80000,2026-11-23T10:01:00Z,,\n`);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(data, { recursive: true });
    // This test's own process plays the server that holds the folder.
    const lock = lockDataDir(data, 'server');
    recordServerAddress(data, { host: '127.0.0.1', port: 8787 });
    onTestFinished(() => lock.release());
    const refused = await run('reconcile', ['import', file], { DATA_DIR: data, DATABASE_URL: '' });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`The server (pid ${process.pid}) holds the embedded database`);
    expect(refused.err).toContain(
      'STAFF_API_KEY=<staff key> npm run reconcile -- import ' +
        file +
        ' --server http://127.0.0.1:8787',
    );
    const stock = await run('stock', ['import', file], { DATA_DIR: data, DATABASE_URL: '' });
    expect(stock.code).toBe(1);
    expect(stock.err).toContain('holds the embedded database');
  });

  it('imports and reports through the running server with a staff key', async () => {
    const file = join(dir, 'through.csv');
    writeFileSync(
      file,
      `${STATEMENT_HEADER}\nKBZ-8002,"80,000 Ks",2026-11-23T10:01:00Z,Ko Aung,\nKBZ-8003,eighty,2026-11-23T10:02:00Z,,\n`,
    );
    // The key never on the command line (review N10): refused with what to do; a key file works.
    const onCommandLine = await run('reconcile', ['import', file, '--server', url, '--key', key]);
    expect(onCommandLine.code).toBe(1);
    expect(onCommandLine.err).toContain('set STAFF_API_KEY, or give --key-file <file>');
    const keyFile = join(dir, 'staff.key');
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    const bad = await run('reconcile', ['import', file, '--server', url, '--key-file', keyFile]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('line 3: "eighty" is not an amount');
    writeFileSync(
      file,
      `${STATEMENT_HEADER}\nKBZ-8002,"80,000 Ks",2026-11-23T10:01:00Z,Ko Aung,\n`,
    );
    const done = await run('reconcile', ['import', file], {
      STAFF_API_URL: url,
      STAFF_API_KEY: key,
    });
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain('Imported 1 line (0 imported before, unchanged)');
    const again = await run('reconcile', ['import', file, '--server', url, '--key-file', keyFile]);
    expect(again.out).toContain('Imported 0 lines (1 imported before, unchanged)');
    const report = await run('reconcile', ['report', '--server', url], { STAFF_API_KEY: key });
    expect(report.code).toBe(0);
    expect(report.out).toContain('unmatched 1');
    expect(report.out).toContain('KBZ8002');
  });

  it('maps another bank’s columns with --columns', async () => {
    const file = join(dir, 'other-bank.csv');
    const mapping = join(dir, 'mapping.json');
    writeFileSync(file, 'Date,Txn ID,Credit\n23/11/2026 16:40,KBZ-8010,80000.00 MMK\n');
    writeFileSync(
      mapping,
      JSON.stringify({
        columns: { transaction_id: 'Txn ID', amount: 'Credit', paid_at: 'Date' },
        dateFormat: 'DD/MM/YYYY HH:mm',
      }),
    );
    const done = await run('reconcile', ['import', file, '--columns', mapping], {
      STAFF_API_URL: url,
      STAFF_API_KEY: key,
    });
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain('Imported 1 line');
  });

  it('signs and sends a notification that pays the order (npm run payment -- notify)', async () => {
    const created = await createOrder(t);
    const sent = await run('payment', ['notify', created.order.number, '--server', url], {
      PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
      STAFF_API_KEY: key,
    });
    expect(sent.code, sent.err).toBe(0);
    expect(sent.out).toContain(`200 {"orderId":"${created.order.id}","status":"paid"}`);
    const wrong = await run(
      'payment',
      ['notify', created.order.number, '--server', url, '--amount', '80000'],
      {
        PAYMENT_NOTIFY_SECRET: 'not-the-servers-secret-000',
      },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/^401 /);
  });

  it('releases the held order it names, exactly as the README runs it (--amount, no transaction id)', async () => {
    const created = await createOrder(t, { contact: 'held@example.com' });
    // The screenshot's transaction id as the check read it; the bank's own id will differ.
    gemini.answer(
      readingAnswer({
        transactionId: 'DEMO1128031645',
        transactionTime: new Date(created.order.createdAt as number).toISOString(),
      }),
    );
    await payOrder(t, created);
    type Order = { delivery: { state: string; esim: unknown } };
    expect((await readOrder<Order>(t, created)).delivery.state).toBe('held');
    const sent = await run('payment', ['notify', created.order.number, '--amount', '80000'], {
      PAYMENT_NOTIFY_SECRET: NOTIFY_SECRET,
      STAFF_API_URL: url,
    });
    expect(sent.code, sent.err).toBe(0);
    expect(sent.out).toContain(`200 {"orderId":"${created.order.id}","status":"paid"}`);
    const order = await readOrder<Order>(t, created);
    expect(order.delivery.state).toMatch(/^(assigned|delivered)$/);
    expect(order.delivery.esim).not.toBeNull();
  });
});

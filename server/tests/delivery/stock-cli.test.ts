import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root, tsxCommand } from '../support/server-process';
import { iccid, stockCsv } from '../support/stock';
import { createTestDatabase, type TestDatabase, testStore } from '../support/test-app';

const run = promisify(execFile);

/**
 * `npm run stock` and `npm run api-key -- create --staff` as an operator runs them: separate
 * processes on the server's own store (DATA_DIR, or DATABASE_URL on PostgreSQL).
 */
describe(`the stock command (${testStore})`, () => {
  let owner: TestDatabase | undefined;
  const folder = mkdtempSync(join(tmpdir(), 'esim-stock-'));
  afterAll(async () => {
    await owner?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('imports a good file, refuses a bad one whole with its line numbers, reports the stock, makes a staff key', async () => {
    if (testStore === 'postgres') owner = await createTestDatabase();
    const env = {
      ...process.env,
      DATA_DIR: join(folder, 'data'),
      DATABASE_URL: owner?.url ?? '',
      LOG_LEVEL: 'silent',
    };
    const cli = (...args: string[]) =>
      run(...tsxCommand('server/src/cli/stock.ts', args), { cwd: root, env });
    const good = join(folder, 'good.csv');
    writeFileSync(good, stockCsv(3));
    const bad = join(folder, 'bad.csv');
    const wrong = iccid(9).slice(0, -1) + ((Number(iccid(9).slice(-1)) + 1) % 10);
    writeFileSync(
      bad,
      `${stockCsv(1, { from: 5 }).trim()}\nMPT,power-30,${wrong},LPA:1$smdp.example.com$X-9\nMPT,power-30,${iccid(0)},LPA:1$smdp.example.com$X-10\nTelenor,power-30,${iccid(11)},LPA:1$smdp.example.com$X-11\n`,
    );

    expect((await cli('import', good)).stdout).toContain(
      'Imported 3 profiles; 0 waiting orders got one.',
    );
    const refused = await cli('import', bad).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('Nothing was imported');
    expect(refused?.stderr).toMatch(/line 3: .*Luhn/);
    expect(refused?.stderr).toMatch(/line 4: .*already in stock/);
    expect(refused?.stderr).toMatch(/line 5: Unknown operator "Telenor"/);
    const report = (await cli('report')).stdout;
    expect(report).toMatch(/mpt\s+power-30\s+3\s+0\s+0\s+0/);
    expect(report).toContain('Orders waiting for stock: 0');

    const staff = await run(
      ...tsxCommand('server/src/cli/api-key.ts', ['create', '--staff', 'night shift']),
      { cwd: root, env },
    );
    expect(staff.stdout).toMatch(/^Created staff API key [0-9a-f-]{36} \(night shift\)/);
    expect(staff.stdout).toMatch(/^esim_live_[A-Za-z0-9_-]{32}$/m);
  }, 240_000);
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root, tsxCommand } from '../support/server-process';
import { stockCsv } from '../support/stock';
import { createTestDatabase, type TestDatabase, testStore } from '../support/test-app';

const run = promisify(execFile);

/**
 * `npm run stock -- demo [N]` and the server's start as an operator runs them (issue #23 item
 * 6): separate processes on the server's own store. A server with real stock and no Gemini key
 * does not start unless AI_MODE=demo is written out.
 */
describe(`demo stock and the start without a key (${testStore})`, () => {
  let owner: TestDatabase | undefined;
  const folder = mkdtempSync(join(tmpdir(), 'esim-demo-'));
  afterAll(async () => {
    await owner?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('adds demo profiles, then refuses to start with real stock and no key, with a clear message', async () => {
    if (testStore === 'postgres') owner = await createTestDatabase();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: join(folder, 'data'),
      DATABASE_URL: owner?.url ?? '',
      LOG_LEVEL: 'silent',
      PORT: '0',
    };
    delete env.GEMINI_API_KEY;
    delete env.AI_MODE;
    const stock = (...args: string[]) =>
      run(...tsxCommand('server/src/cli/stock.ts', args), { cwd: root, env });

    expect((await stock('demo', '2')).stdout).toMatch(/^Added 8 demo profiles \(2 in stock/);
    expect((await stock('demo', '2')).stdout).toMatch(/^Added 0 demo profiles/);
    const refused = await stock('demo', 'many').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(2);

    const real = join(folder, 'real.csv');
    writeFileSync(real, stockCsv(1));
    await stock('import', real);
    const start = await run(...tsxCommand('server/src/main.ts'), {
      cwd: root,
      env,
      timeout: 120_000,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(start?.code).toBe(1);
    expect(start?.stderr).toContain(
      'Refusing to start: GEMINI_API_KEY is not set, so receipts would be decided by the demo script',
    );
  }, 240_000);
});

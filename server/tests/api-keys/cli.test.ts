import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root, tsxCommand } from '../support/server-process';
import { migrate, openDatabase } from '../../src/db/database';
import {
  createTestApp,
  createTestDatabase,
  type TestDatabase,
  testStore,
} from '../support/test-app';

const run = promisify(execFile);

/**
 * `npm run api-key` as an operator runs it: a separate process on the server's own store
 * (DATA_DIR, or DATABASE_URL on PostgreSQL), then the key against an app on that store.
 */
describe(`the api-key command (${testStore})`, () => {
  let owner: TestDatabase | undefined;
  const folder = mkdtempSync(join(tmpdir(), 'esim-api-key-'));
  afterAll(async () => {
    await owner?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('creates a key printed once, lists it, revokes it, and the app then refuses it', async () => {
    if (testStore === 'postgres') owner = await createTestDatabase();
    const env = {
      ...process.env,
      DATA_DIR: folder,
      DATABASE_URL: owner?.url ?? '',
      LOG_LEVEL: 'silent',
    };
    const cli = (...args: string[]) =>
      run(...tsxCommand('server/src/cli/api-key.ts', args), { cwd: root, env });

    const created = await cli('create', '--name', 't');
    const key = /^(esim_live_[A-Za-z0-9_-]{32})$/m.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    const listed = await cli('list');
    expect(listed.stdout).toContain(`${key!.slice(0, 16)}…  t  `);
    expect(listed.stdout).not.toContain(key);

    const open = async () => {
      const database = await openDatabase(owner ? { databaseUrl: owner.url } : { dataDir: folder });
      await migrate(database);
      return { ...database, url: owner?.url, drop: () => database.close() };
    };
    const body = { operator: 'MPT', contactInfo: 'a@example.com' };
    let database = await open();
    const app = await createTestApp({ database });
    expect((await app.call('POST', '/purchase', body, { 'x-api-key': key! })).status).toBe(201);
    await database.close(); // one process at a time on an embedded database

    const revoked = await cli('revoke', key!.slice(0, 16));
    expect(revoked.stdout).toMatch(/^Revoked API key [0-9a-f-]{36} \(t, esim_live_/);

    database = await open();
    const after = await createTestApp({ database });
    const refused = await after.call('POST', '/purchase', body, { 'x-api-key': key! });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'unauthorized' } });
    await database.close();

    await expect(cli('revoke')).rejects.toMatchObject({ code: 2 });
  }, 240_000); // three processes, and a new embedded database folder (~20 s to initialise)
});

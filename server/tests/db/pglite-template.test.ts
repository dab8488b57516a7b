import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, readMigrations } from '../../src/db/database';
import { LOCK_FILE } from '../../src/db/data-dir-lock';
import { templateName } from '../../src/db/pglite-template';

/**
 * A new embedded database starts from the kept template (issue #28 point 8, decision 084): made
 * once from a database that ran every migration, then copied; a folder made from it is a
 * database of its own with every migration recorded.
 */
describe('PGlite template', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'esim-template-test-'));
  const previous = process.env.PGLITE_TEMPLATE_DIR;
  beforeAll(() => {
    process.env.PGLITE_TEMPLATE_DIR = join(scratch, 'templates');
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.PGLITE_TEMPLATE_DIR;
    else process.env.PGLITE_TEMPLATE_DIR = previous;
    rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'keeps a migrated empty database as the template, and starts new folders from it',
    { timeout: 300_000 },
    async () => {
      const name = templateName(readMigrations());
      const versions = readMigrations().map((migration) => migration.version);

      // No template yet: the first new folder runs initdb and every migration, then is kept.
      const first = await openDatabase({ dataDir: join(scratch, 'first'), holder: 'test' });
      expect(await migrate(first)).toEqual(versions);
      await first.rawTransaction((tx) =>
        tx.exec("INSERT INTO server_secrets VALUES ('x', 'first', now())"),
      );
      await first.close();
      expect(existsSync(join(scratch, 'templates', name))).toBe(true);

      // The next new folder comes from it: nothing left to migrate, and nothing of the first's data.
      const second = await openDatabase({ dataDir: join(scratch, 'second'), holder: 'test' });
      try {
        expect(await migrate(second)).toEqual([]);
        const applied = await second.rawTransaction((tx) =>
          tx.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version'),
        );
        expect(applied.map((row) => row.version)).toEqual(versions);
        const secrets = await second.rawTransaction((tx) =>
          tx.query('SELECT * FROM server_secrets'),
        );
        expect(secrets).toEqual([]);
        // A database that writes and reads as any other.
        await second.rawTransaction((tx) =>
          tx.exec("INSERT INTO server_secrets VALUES ('y', 'second', now())"),
        );
      } finally {
        await second.close();
      }
      expect(readdirSync(join(scratch, 'second'))).toContain('PG_VERSION');

      // A template kept from a file-backed folder holds the lock of the process that made it
      // (here: a server long gone); a new folder keeps its own lock, released when it closes.
      const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
      writeFileSync(
        join(scratch, 'templates', name.replace(/\.tgz$/, ''), LOCK_FILE),
        JSON.stringify({ pid: gone, holder: 'server', host: 'elsewhere', since: 'then' }),
      );
      const third = await openDatabase({ dataDir: join(scratch, 'third'), holder: 'third' });
      try {
        expect(JSON.parse(readFileSync(join(scratch, 'third', LOCK_FILE), 'utf8'))).toMatchObject({
          pid: process.pid,
          holder: 'third',
        });
        expect(await migrate(third)).toEqual([]);
      } finally {
        await third.close();
      }
      expect(existsSync(join(scratch, 'third', LOCK_FILE))).toBe(false);

      // In memory too (the tests' databases).
      const memory = await openDatabase({});
      try {
        expect(await migrate(memory)).toEqual([]);
      } finally {
        await memory.close();
      }

      // Another set of migrations (or another PGlite) has another name: this template is not used.
      expect(
        templateName([...readMigrations(), { version: '999_next', sql: 'SELECT 1' }]),
      ).not.toBe(name);
    },
  );
});

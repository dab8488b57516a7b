import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { lockDataDir } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { pgEnvironment } from './pg-environment';
import { runCli } from './run';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (issue #25), for the store the
 * server uses (DATABASE_URL or DATA_DIR):
 * - PostgreSQL: pg_dump's custom format (`pg_dump -Fc`), restored with
 *   `pg_restore --clean --if-exists --single-transaction` (all or nothing). pg_dump/pg_restore
 *   are found on PATH, in PG_BIN, or in /usr/lib/postgresql/<newest>/bin (Debian).
 * - The embedded PGlite: its data folder as a gzipped tar (PGlite's dumpDataDir), restored into
 *   a fresh folder with loadDataDir; the folder it replaces is kept beside it as
 *   `<folder>.before-restore-<time>` until you delete it.
 * The embedded folder is opened by one process at a time (db/data-dir-lock.ts): stop the
 * server first. A PostgreSQL backup can run while the servers run (pg_dump reads a snapshot).
 */

const USAGE = `Usage:
  npm run backup -- <file>    write a backup of the database (DATABASE_URL or DATA_DIR)
  npm run restore -- <file>   replace the database with a backup (stop the server first)`;

/** pg_dump's custom format starts with these bytes; a gzip (PGlite's dump) with 1f 8b. */
const PG_MAGIC = 'PGDMP';

function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, name))) return join(fromEnv, name);
  const onPath = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0) return name;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((version) => existsSync(join(debian, version, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin', name);
  }
  throw new Error(
    `${name} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) or set PG_BIN to their folder.`,
  );
}

/** A new backup file readable by its owner only (mode 0600), whatever the umask. */
function privateFile(file: string): void {
  closeSync(openSync(file, 'w', 0o600));
  chmodSync(file, 0o600);
}

function run(tool: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(tool, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    throw new Error(
      `${tool} failed (exit ${result.status ?? result.signal}): ${result.stderr.trim()}`,
    );
  }
}

function fileKind(file: string): 'postgres' | 'pglite' | 'unknown' {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString('latin1') === PG_MAGIC) return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'unknown';
}

async function backup(file: string): Promise<string> {
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    privateFile(file);
    run(
      pgTool('pg_dump'),
      ['--format=custom', '--no-owner', `--file=${file}`],
      pgEnvironment(config.databaseUrl),
    );
    return `PostgreSQL backup written to ${file} (pg_dump custom format).`;
  }
  // Opening the folder takes its lock: refused while the server runs.
  const database = await openDatabase({ dataDir: config.dataDir, holder: 'npm run backup' });
  try {
    const dump = await database.dumpDataDir!();
    privateFile(file);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await database.close();
  }
  return `Embedded database (${config.dataDir}) backup written to ${file} (PGlite data-folder dump).`;
}

async function restore(file: string): Promise<string> {
  if (!existsSync(file)) throw new Error(`No such backup file: ${file}`);
  const config = loadConfig(process.env);
  const kind = fileKind(file);
  if (config.databaseUrl) {
    if (kind !== 'postgres') {
      throw new Error(`${file} is not a PostgreSQL backup (pg_dump custom format).`);
    }
    // The database's name is no secret; the password and the rest come by environment.
    const env = pgEnvironment(config.databaseUrl);
    run(
      pgTool('pg_restore'),
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        `--dbname=${env.PGDATABASE ?? 'postgres'}`,
        file,
      ],
      env,
    );
    return `PostgreSQL database restored from ${file}.`;
  }
  if (kind !== 'pglite')
    throw new Error(`${file} is not an embedded-database backup (PGlite dump).`);
  const dataDir = resolve(config.dataDir);
  // Hold the folder while it is replaced: refused while the server (or another CLI) has it.
  const lock = lockDataDir(dataDir, 'npm run restore');
  let keptAs: string | undefined;
  const staging = `${dataDir}.restoring-${process.pid}`;
  try {
    rmSync(staging, { recursive: true, force: true });
    const client = new PGlite(staging, {
      loadDataDir: new Blob([readFileSync(file)]),
    });
    await client.waitReady;
    // A restored database answers before it takes the folder's place.
    await client.query('SELECT count(*) FROM schema_migrations');
    await client.close();
    // The dump was taken with the backup's own lock in the folder: not this folder's holder.
    rmSync(join(staging, 'esim.lock'), { force: true });
    const hasData =
      existsSync(dataDir) && readdirSync(dataDir).some((name) => name !== 'esim.lock');
    if (hasData) {
      keptAs = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      lock.release();
      renameSync(dataDir, keptAs);
    } else {
      lock.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
    renameSync(staging, dataDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
    throw error;
  }
  return (
    `Embedded database (${config.dataDir}) restored from ${file}.` +
    (keptAs ? ` The folder it replaced is kept as ${keptAs}; delete it once the shop works.` : '')
  );
}

async function main([command, file]: string[]): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE);
    return 2;
  }
  console.log(command === 'backup' ? await backup(file) : await restore(file));
  return 0;
}

runCli(main);

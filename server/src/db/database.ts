import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { lockDataDir } from './data-dir-lock';
import {
  copyTemplateFolder,
  isNewFolder,
  keepTemplate,
  readTemplate,
  templateName,
} from './pglite-template';
import { openPostgres, timed } from './postgres';
import { schema } from './schema';

/** The typed query layer; the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of the query layer (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or one of its transactions: what a query runs on. */
export type Queries = Db | Tx;

/** Raw SQL inside one transaction: for migrations and the few statements Drizzle cannot say. */
export type RawTransaction = {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  rawTransaction<T>(work: (tx: RawTransaction) => Promise<T>): Promise<T>;
  /** One round trip; resolves with its duration in ms. */
  ping(): Promise<number>;
  /** PGlite only: the whole data folder as a gzipped tar (npm run backup). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PGlite only, on a new folder made without a template: keeps the folder as the template once
   * `migrate` has applied every migration to it (db/pglite-template.ts).
   */
  keepTemplate?: (migrationsName: string) => Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://… ; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; `memory://` (or absent) keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** How long a request waits for a PostgreSQL connection, queueing included (default 30 s). */
  poolWaitMs?: number;
  /** Who holds the PGlite folder's lock, in another process's refusal (default: from argv). */
  holder?: string;
};

/** Opens PGlite (embedded, file-backed) or a PostgreSQL pool, without migrating. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      waitMs: options.poolWaitMs,
    });
  }
  const dataDir = options.dataDir ?? 'memory://';
  // One process at a time in a folder (db/data-dir-lock.ts); memory is this process's own.
  const lock = dataDir.startsWith('memory://')
    ? undefined
    : lockDataDir(dataDir, options.holder ?? processName());
  // A new folder is unpacked from the kept template instead of running initdb (decision 084).
  const fresh = isNewFolder(dataDir);
  const name = templateName(readMigrations());
  let client: PGlite;
  let template = false;
  try {
    let pgliteOptions = {};
    if (fresh && dataDir.startsWith('memory://')) {
      const tarball = readTemplate(name);
      if (tarball) pgliteOptions = { loadDataDir: tarball };
      template = !!tarball;
    } else if (fresh) {
      template = await copyTemplateFolder(name, dataDir);
    }
    client = new PGlite(dataDir, pgliteOptions);
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    rawTransaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (sql) => void (await tx.exec(sql)),
          query: async <Row>(sql: string, params: unknown[] = []) =>
            (await tx.query<Row>(sql, params)).rows,
        }),
      ),
    ping: () => timed(() => client.query('SELECT 1')),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    ...(fresh && !template
      ? {
          keepTemplate: async (migrationsName: string) => {
            if (migrationsName === name) await keepTemplate(client, name);
          },
        }
      : {}),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** What holds the folder, as another process's refusal names it: `npm run stock`, … */
function processName(): string {
  const script = process.argv[1] ?? '';
  const cli = /cli[/\\]([a-z-]+)\.ts$/.exec(script)?.[1];
  if (cli) return `npm run ${cli}`;
  return /main\.ts$/.test(script) ? 'server' : `node ${script}`.trim();
}

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);

export type Migration = { version: string; sql: string };

/** The numbered SQL files of server/migrations, in order. */
export function readMigrations(dir: URL = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: readFileSync(new URL(name, dir), 'utf8'),
    }));
}

/**
 * Applies the migrations not applied yet, all in one transaction. On PostgreSQL an advisory
 * lock makes copies of the server that start together take turns. Returns the versions applied.
 */
export async function migrate(
  database: Database,
  migrations: Migration[] = readMigrations(),
): Promise<string[]> {
  const done = await database.rawTransaction(async (tx) => {
    if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(8787001)');
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      done.push(migration.version);
    }
    return done;
  });
  // Every migration applied to a new PGlite folder: it is the template for the next new one.
  if (database.keepTemplate && done.length === migrations.length && done.length > 0) {
    await database.keepTemplate(templateName(migrations));
  }
  return done;
}

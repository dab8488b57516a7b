import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE } from './data-dir-lock';

/**
 * A new embedded database starts from a template (issue #28 point 8, decision 084): PGlite's
 * initdb runs in WebAssembly and takes 5–40 s on a 2-core machine, on every new data folder and
 * every in-memory test database. The template is a data folder made once (initdb, then every
 * migration) and kept as PGlite's own gzipped tarball; a new folder is unpacked from it in well
 * under a second. Its name carries PGlite's version and a hash of the migrations, so another
 * PGlite or a new migration makes a new template; the old one is simply not used.
 */

const require = createRequire(import.meta.url);

/** Where templates are kept: PGLITE_TEMPLATE_DIR, or node_modules/.cache/esim-pglite. */
export function templateDir(): string {
  return (
    process.env.PGLITE_TEMPLATE_DIR ??
    join(new URL('../../../', import.meta.url).pathname, 'node_modules', '.cache', 'esim-pglite')
  );
}

function pgliteVersion(): string {
  try {
    // dist/index.cjs → the package's own package.json (its exports do not list it).
    const entry = require.resolve('@electric-sql/pglite');
    const manifest = JSON.parse(
      readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'),
    ) as { version?: string };
    return manifest.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The template's file name for these migrations: changes when PGlite or a migration does. */
export function templateName(migrations: { version: string; sql: string }[]): string {
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(`${migration.version}\n${migration.sql}\n`);
  return `template-${pgliteVersion()}-${hash.digest('hex').slice(0, 16)}.tgz`;
}

/**
 * Whether a PGlite folder is new, as PGlite decides it: no PG_VERSION yet (the folder may hold
 * the server's own lock files already).
 */
export function isNewFolder(dataDir: string): boolean {
  if (dataDir.startsWith('memory://')) return true;
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * A new data folder copied from the template's unpacked folder (a plain file copy, well under a
 * second), which is unpacked once from the tarball (PGlite writing each file itself is slow: a
 * copy per new folder would take seconds). Returns whether the folder was filled.
 */
export async function copyTemplateFolder(name: string, dataDir: string): Promise<boolean> {
  const folder = join(templateDir(), name.replace(/\.tgz$/, ''));
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    const tarball = readTemplate(name);
    if (!tarball) return false;
    const partial = `${folder}.${process.pid}.${Date.now()}.partial`;
    try {
      const { PGlite } = await import('@electric-sql/pglite');
      const unpacked = new PGlite(partial, { loadDataDir: tarball });
      await unpacked.waitReady;
      await unpacked.close();
      renameSync(partial, folder);
    } catch {
      rmSync(partial, { recursive: true, force: true });
      // Another process unpacked it meanwhile, or it cannot be written: PGlite unpacks instead.
      if (!existsSync(join(folder, 'PG_VERSION'))) return false;
    }
  }
  // Not the folder's lock: a template kept from a file-backed folder holds the lock of the
  // process that made it, and copying it over this process's own lock left the folder held by
  // a pid that never releases it (a stale lock after every new folder's CLI run).
  const lock = join(folder, LOCK_FILE);
  cpSync(folder, dataDir, { recursive: true, filter: (source) => source !== lock });
  return true;
}

/** The kept template for these migrations, or undefined when none is made yet. */
export function readTemplate(name: string): Blob | undefined {
  const file = join(templateDir(), name);
  if (!existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
}

/**
 * Keeps a migrated, empty database's data folder as the template (written to a temporary name,
 * then renamed, so a process that reads it never sees half a file). A template that cannot be
 * written (a read-only folder) is skipped: the next new folder runs initdb again.
 */
export async function keepTemplate(client: PGlite, name: string): Promise<void> {
  try {
    const dir = templateDir();
    mkdirSync(dir, { recursive: true });
    const tarball = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    const partial = join(dir, `${name}.${process.pid}.${Date.now()}.partial`);
    writeFileSync(partial, tarball);
    renameSync(partial, join(dir, name));
  } catch {
    // Only a speed-up: the database itself is unaffected.
  }
}

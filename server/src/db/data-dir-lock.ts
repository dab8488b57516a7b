import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process at a time in the embedded database's folder (issue #25, "nothing written is
 * lost"). PGlite keeps the whole database in the memory of the process that opened it and
 * writes it back as it goes: a second process opening the same folder (`npm run stock` while
 * the server runs) works on its own copy, and whichever writes last wins; the other's work is
 * gone. So whoever opens the folder first (the server, on start; a CLI, while it runs) writes
 * `<folder>/esim.lock` with its pid, and everyone else refuses to open the folder, saying what
 * to do. A lock whose pid is no longer alive (a killed server) is stale and taken over.
 *
 * openDatabase() takes it for every PGlite folder, so every CLI (stock, api-key, backup,
 * restore, reconcile) and the server are covered by opening the database as they already do.
 * Once listening, the server adds its address to its lock, so that a CLI that writes can say how
 * to go through it instead (decision 071). PostgreSQL needs none of this: it is made for many
 * clients.
 */

export const LOCK_FILE = 'esim.lock';

export type LockInfo = {
  pid: number;
  holder: string;
  host: string;
  since: string;
  /** Where a server that holds the folder answers (added once it listens). */
  address?: { host: string; port: number };
};

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    const what = holder.holder === 'server' ? 'the API server' : `"${holder.holder}"`;
    super(
      `The embedded database in ${dataDir} is in use by ${what} (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
        'Only one process may open it at a time, or one of them loses its writes. ' +
        (holder.holder === 'server'
          ? 'Either stop the server first (Ctrl+C, or kill ' +
            holder.pid +
            ') and run this again, or while it runs do the same through it: the staff page (/#/staff) or the API (POST /api/staff/stock, GET /api/staff/orders).'
          : 'Wait until it has finished and run this again.'),
    );
    this.name = 'DataDirBusyError';
  }
}

export type DataDirLock = { release(): void };

/** Whether a process with this pid is alive on this machine. */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    if (typeof info.pid !== 'number') return null;
    const { address } = info;
    return {
      pid: info.pid,
      holder: String(info.holder ?? 'unknown'),
      host: String(info.host ?? ''),
      since: String(info.since ?? ''),
      ...(address && typeof address.port === 'number'
        ? { address: { host: String(address.host), port: address.port } }
        : {}),
    };
  } catch {
    return null;
  }
}

/** Who holds the folder now (a live process other than this one), or null. */
export function dataDirHolder(dataDir: string): LockInfo | null {
  const info = readLock(join(dataDir, LOCK_FILE));
  if (!info || info.pid === process.pid) return null;
  if (info.host && info.host !== hostname()) return info; // another machine: cannot tell; assume held
  return isAlive(info.pid) ? info : null;
}

/** The running server that holds the folder, with its address once it listens, or null. */
export function serverHolding(
  dataDir: string,
): (LockInfo & { address: NonNullable<LockInfo['address']> }) | null {
  const info = dataDirHolder(dataDir);
  return info?.holder === 'server' && info.address ? { ...info, address: info.address } : null;
}

/** Adds the address this process (the server) answers on to the folder's lock it holds. */
export function recordServerAddress(dataDir: string, address: { host: string; port: number }) {
  const path = join(dataDir, LOCK_FILE);
  const current = readLock(path);
  if (current?.pid !== process.pid) return;
  writeFileSync(path, JSON.stringify({ ...current, address }));
}

/**
 * Takes the folder's lock for this process, or throws DataDirBusyError. `holder` names what
 * holds it ('server', 'npm run stock', …) in the message another process prints.
 */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const mine: LockInfo = {
    pid: process.pid,
    holder,
    host: hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // wx: create, failing if it exists: two processes cannot both succeed.
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx' });
      return lockHandle(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readLock(path);
    if (current && current.pid === process.pid) return lockHandle(path);
    const held = current && dataDirHolder(dataDir);
    if (held) throw new DataDirBusyError(dataDir, held);
    // Stale (its process is gone) or unreadable: remove it and try again.
    try {
      unlinkSync(path);
    } catch {
      // Someone else removed it first.
    }
  }
  const current = readLock(path);
  throw new DataDirBusyError(
    dataDir,
    current ?? { pid: 0, holder: 'unknown', host: '', since: '' },
  );
}

function lockHandle(path: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readLock(path);
    if (current?.pid === process.pid && existsSync(path)) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    }
  };
  // A process that ends without closing the database still frees the folder.
  process.on('exit', release);
  return { release };
}

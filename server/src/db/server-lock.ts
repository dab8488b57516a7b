import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database (PGlite) is one folder opened by one process. The server writes this
 * file into DATA_DIR while it holds the folder, so a CLI that writes (reconcile, stock) can
 * refuse and say how to go through the running server instead (issue #23, decision 071).
 */
export const SERVER_LOCK_FILE = 'server.lock.json';

export type ServerLock = { pid: number; host: string; port: number; startedAt: string };

export function writeServerLock(dataDir: string, lock: ServerLock) {
  writeFileSync(join(dataDir, SERVER_LOCK_FILE), `${JSON.stringify(lock)}\n`);
}

export function removeServerLock(dataDir: string, pid = process.pid) {
  const lock = readLockFile(dataDir);
  if (lock?.pid === pid) rmSync(join(dataDir, SERVER_LOCK_FILE), { force: true });
}

function readLockFile(dataDir: string): ServerLock | null {
  try {
    const value = JSON.parse(readFileSync(join(dataDir, SERVER_LOCK_FILE), 'utf8')) as ServerLock;
    return typeof value.pid === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** The running server that holds `dataDir`, or null (no file, or its process is gone). */
export function serverHolding(dataDir: string): ServerLock | null {
  const lock = readLockFile(dataDir);
  if (!lock || lock.pid === process.pid) return null;
  try {
    process.kill(lock.pid, 0);
    return lock;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? lock : null;
  }
}

import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'ebas3.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';

  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus EBAS3 (pid ${pid}). ` +
        "Arrêtez-le avant d'en démarrer un second, ou choisissez un autre DATA_DIR.",
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it. The lock is a
 * file created exclusively ('wx') holding our pid; a lock whose pid is dead is stale and taken over.
 * The directory must exist.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          // Never delete a lock another process took over after ours was judged stale.
          if (readPid(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(path);
    if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // Another process re-created the lock between our unlink and our second 'wx' attempt.
  throw new DataDirLockedError(dataDir, readPid(path) ?? 0);
}

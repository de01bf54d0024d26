import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from './private-dir';

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

/** What a lock file records. Files written before `process` and `nonce` existed hold the pid alone. */
interface LockRecord {
  pid: number;
  /** The holder's start identity (boot id and start time), which a reused pid does not share. */
  process?: string | undefined;
  /** Random per acquisition: tells our live lock from one our pid left in a previous life. */
  nonce?: string | undefined;
}

/** The nonces of the locks this process holds right now. */
const heldNonces = new Set<string>();

let bootId: string | undefined;
function readBootId(): string {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = '';
    }
  }
  return bootId;
}

/**
 * `<boot id>:<start time in clock ticks>` from /proc (Linux): the same pid in another boot, or reused by another
 * process, gives another identity. Undefined where /proc is not available (then only the pid is checked).
 */
export function processIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count the fields after its closing one.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTicks === undefined ? undefined : `${readBootId()}:${startTicks}`;
  } catch {
    return undefined;
  }
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

function parseRecord(text: string): LockRecord | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const data = JSON.parse(trimmed) as Partial<Record<keyof LockRecord, unknown>>;
    if (!Number.isSafeInteger(data.pid) || (data.pid as number) <= 0) return undefined;
    return {
      pid: data.pid as number,
      process: typeof data.process === 'string' ? data.process : undefined,
      nonce: typeof data.nonce === 'string' ? data.nonce : undefined,
    };
  } catch {
    return undefined;
  }
}

function readRecord(path: string): LockRecord | undefined {
  try {
    return parseRecord(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Whether the process a lock names still holds it. A pid alone proves little: in a container node is often
 * pid 1 at every start, and after a reboot the pid may belong to anything. So: our own pid holds it only if
 * this process took it (else it is our previous life's); another pid only if it is alive and, when the lock
 * recorded it, has the same start identity (not a reused pid).
 */
function holderIsAlive(record: LockRecord): boolean {
  if (record.pid === process.pid) return record.nonce !== undefined && heldNonces.has(record.nonce);
  if (!isAlive(record.pid)) return false;
  if (record.process === undefined) return true;
  const current = processIdentity(record.pid);
  return current === undefined || current === record.process;
}

/**
 * One API process per data directory: a second one would take the first one's embedded PostgreSQL for an orphan and
 * stop it (db/embedded-postgres.ts). The lock is a
 * file created exclusively ('wx') naming its holder; a lock whose holder is gone is stale and taken over.
 * The directory must exist.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  const nonce = randomBytes(12).toString('hex');
  const record: LockRecord = { pid: process.pid, process: processIdentity(process.pid), nonce };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, `${JSON.stringify(record)}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      heldNonces.add(nonce);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          heldNonces.delete(nonce);
          // Never delete a lock another process took over after ours was judged stale.
          if (readRecord(path)?.nonce === nonce) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readRecord(path);
    if (holder !== undefined && holderIsAlive(holder)) throw new DataDirLockedError(dataDir, holder.pid);
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // Another process re-created the lock between our unlink and our second 'wx' attempt.
  throw new DataDirLockedError(dataDir, readRecord(path)?.pid ?? 0);
}

/**
 * The connection an export reads its batches on (docs/performance.md « Exports off the main thread »). On the
 * embedded PostgreSQL — a server this process started on this host, its backends owned by its system user — each
 * export reads on a connection of its own whose backend process is lowered to nice 19, so the export's SQL (the
 * amounts of all_data are most of it) takes the CPU only when the list's queries do not want it; the connection is
 * closed after the export, its backend process with it (an unprivileged process could not raise the priority back
 * on a pooled connection). On an external PostgreSQL (DATABASE_URL) the backend's pid means nothing on this host:
 * the export reads on the pool as before.
 */
import os from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Executor } from '../../../db/client';

export interface ExportReader {
  db: Executor;
  /** Idempotent. */
  close(): Promise<void>;
}

/** Sets a process's nice value; false when the system refuses (not ours, no permission, not Linux). */
export function lowerPriority(pid: number, nice = os.constants.priority.PRIORITY_LOW): boolean {
  try {
    os.setPriority(pid, nice);
    return true;
  } catch {
    return false;
  }
}

/** Opens the reader of one export (falls back to the pool if a connection of its own cannot be had). */
export async function openExportReader(
  app: Pick<FastifyInstance, 'db' | 'dbInfo' | 'dbConnection'>,
  log: FastifyBaseLogger,
): Promise<ExportReader> {
  const pooled: ExportReader = { db: app.db, close: async () => undefined };
  if (app.dbInfo.dataDir === undefined) return pooled;
  try {
    const connection = await app.dbConnection();
    if (!lowerPriority(connection.backendPid)) {
      log.debug({ pid: connection.backendPid }, 'export : priorité du processus PostgreSQL inchangée');
    }
    let closed: Promise<void> | undefined;
    // Idempotent: closed once the last batch is read, and again on the way out of a failure.
    return { db: connection.db, close: () => (closed ??= connection.close().catch(() => undefined)) };
  } catch (error) {
    log.warn({ err: error }, 'export : connexion dédiée impossible, lecture sur le pool');
    return pooled;
  }
}

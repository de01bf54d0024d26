/**
 * The connection an export reads its batches on (docs/performance.md « Exports off the main thread »): by its render
 * worker itself (`exportSource`, the default), or by the main thread when it renders inline (`openExportReader`). On the
 * embedded PostgreSQL — a server this process started on this host, its backends owned by its system user — each
 * export reads on a connection of its own whose backend process is lowered (export-priority.ts: nice 19, SCHED_IDLE,
 * and its session's autogroup at nice 19 — a backend is a session of its own, where a nice value alone weighed
 * against nothing), so the export's SQL (the amounts of all_data are most of it) takes the CPU only when the list's
 * queries do not want it; the connection is closed after the export, its backend process with it (an unprivileged
 * process could not raise the priority back on a pooled connection). On an external PostgreSQL (DATABASE_URL) the
 * backend's pid means nothing on this host: the worker's connection is not lowered, and an inline export reads on
 * the pool.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';
import type { Executor } from '../../../db/client';
import type { ExportPriorityMode } from '../../../config-constants';
import { lowerProcess } from '../../../lib/exports/export-priority';
import type { ExportSource } from './export-worker-read';

export interface ExportReader {
  db: Executor;
  /** Idempotent. */
  close(): Promise<void>;
}

/** Opens the reader of one export (falls back to the pool if a connection of its own cannot be had). */
export async function openExportReader(
  app: Pick<FastifyInstance, 'db' | 'dbInfo' | 'dbConnection'>,
  log: FastifyBaseLogger,
  priority: ExportPriorityMode = 'idle',
): Promise<ExportReader> {
  const pooled: ExportReader = { db: app.db, close: async () => undefined };
  if (app.dbInfo.dataDir === undefined) return pooled;
  try {
    const connection = await app.dbConnection();
    const lowered = await lowerProcess(connection.backendPid, priority);
    if (priority !== 'normal' && (!lowered.nice || !lowered.idle || lowered.reason !== undefined)) {
      log.debug(
        { pid: connection.backendPid, ...lowered },
        'export : processus PostgreSQL abaissé en partie seulement',
      );
    }
    let closed: Promise<void> | undefined;
    // Idempotent: closed once the last batch is read, and again on the way out of a failure.
    return { db: connection.db, close: () => (closed ??= connection.close().catch(() => undefined)) };
  } catch (error) {
    log.warn({ err: error }, 'export : connexion dédiée impossible, lecture sur le pool');
    return pooled;
  }
}

/**
 * Where an export's render worker reads its batches itself (export-worker-read.ts): the same database, on a
 * connection the worker opens, its backend lowered as above on the embedded server (on an external PostgreSQL its
 * pid means nothing here: not lowered).
 */
export function exportSource(
  app: Pick<FastifyInstance, 'dbUrl' | 'dbInfo' | 'exportRenderPool'>,
  key: ReservationExportKey,
  body: ReservationExportBody,
): ExportSource {
  return {
    key,
    body,
    url: app.dbUrl,
    backendPriority: app.dbInfo.dataDir === undefined ? 'normal' : app.exportRenderPool.priority,
  };
}

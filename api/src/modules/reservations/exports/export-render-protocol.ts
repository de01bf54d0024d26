/** Messages between the API and its export render workers (export-render-pool.ts, export-render-worker.ts). */
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';
import type { ExportPriorityMode } from '../../../config-constants';
import type { Lowered } from '../../../lib/exports/export-priority';
import type { BatchRows, ExportTotals } from '../../../lib/exports/export-types';
import type { RenderSpec } from './export-render';

/** The worker's start-up data. */
export interface WorkerData {
  priority: ExportPriorityMode;
}

/**
 * An export whose worker reads its own batches (export-render-pool.ts `read`, export-worker-read.ts): the rows go
 * from PostgreSQL to the worker, never through the API's main thread.
 */
export interface ExportSource {
  key: ReservationExportKey;
  body: ReservationExportBody;
  /** The database's connection string (the worker opens a connection of its own). */
  url: string;
  /** How the worker lowers its connection's backend: the export priority when the backend is a process of this
   * host (the embedded server), `normal` otherwise (export-reader.ts `exportSource`). */
  backendPriority: ExportPriorityMode;
  /** Rows per batch (export-rows.ts EXPORT_BATCH_SIZE when left out). */
  batchSize?: number | undefined;
}

export type ToWorker =
  | { type: 'start'; spec: RenderSpec }
  /** Starts an export the worker reads itself: it opens its connection and reads the first batch ahead. */
  | { type: 'read'; spec: RenderSpec; source: ExportSource }
  /** `read` only: render the batch read ahead (and read the next), or finish the document after the last. */
  | { type: 'next' }
  | { type: 'rows'; rows: BatchRows }
  | { type: 'finish'; totals?: ExportTotals | undefined }
  | { type: 'abort' }
  | { type: 'stat' };

export type ToParent =
  | { type: 'bytes'; bytes: Uint8Array }
  /** The last rows (or next) message is rendered: the next may come; `count` = its rows (`read`). */
  | { type: 'rendered'; count?: number | undefined }
  /** `read`: the backend the worker reads on, and how it was lowered. */
  | ({ type: 'backend'; pid: number } & Lowered)
  /** The document is complete; `cpuMs` is the worker thread's CPU time so far (Linux). */
  | { type: 'finished'; cpuMs?: number | undefined }
  | { type: 'failed'; message: string }
  /** Sent once, before anything else: how the worker lowered its own thread (export-priority.ts). */
  | ({ type: 'lowered' } & Lowered)
  | {
      type: 'stat';
      tid?: number | undefined;
      nice?: number | undefined;
      policy?: number | undefined;
      cpuMs?: number | undefined;
    };

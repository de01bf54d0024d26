/** Messages between the API and its export render workers (export-render-pool.ts, export-render-worker.ts). */
import type { ExportPriorityMode, Lowered } from './export-priority';
import type { BatchRows, RenderSpec } from './export-render';
import type { ExportTotals } from './export-rows';

/** The worker's start-up data. */
export interface WorkerData {
  priority: ExportPriorityMode;
}

export type ToWorker =
  | { type: 'start'; spec: RenderSpec }
  | { type: 'rows'; rows: BatchRows }
  | { type: 'finish'; totals?: ExportTotals | undefined }
  | { type: 'abort' }
  | { type: 'stat' };

export type ToParent =
  | { type: 'bytes'; bytes: Uint8Array }
  /** The last rows message is rendered: the next may come. */
  | { type: 'rendered' }
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

/**
 * Messages between the API and its export render workers (export-render-pool.ts, export-render-worker.ts), and what
 * a module hands the engine to render its exports there. The engine knows neither the documents nor their rows: a
 * `Spec` (what one export renders, data that crosses a thread or process boundary) and a `Source` (where a worker
 * reads the export's batches itself) are the module's; it hands in the renderer that turns a spec into a writer and
 * the reader that opens a source (RenderKit), and names the worker entry that serves them (export-render-hosts.ts).
 */
import type { Writable } from 'node:stream';
import type { ExportPriorityMode } from '../../config-constants';
import type { Lowered } from './export-priority';
import type { BatchRows, ExportRow, ExportTotals } from './export-types';

/** The worker's start-up data. */
export interface WorkerData {
  priority: ExportPriorityMode;
}

/** A writer of one export on an output, in the thread that calls it. */
export interface ExportRenderer {
  addRows(rows: ExportRow[]): void;
  /** Ends the document (with its totals, when it has some) and resolves once the output has it all. */
  finish(totals?: ExportTotals): Promise<void>;
  /** Stops producing (client gone). */
  abort(): void;
}

/** One export's batches read by its render worker on a connection of its own (message `read`). */
export interface WorkerReader {
  /** The PostgreSQL backend it reads on, and how it was lowered (told to the API: logs, tests). */
  readonly backendPid: number;
  readonly lowered: Lowered;
  /** The next batch (undefined after the last). */
  next(): Promise<{ rows: BatchRows; count: number } | undefined>;
  /** The document's totals, once every batch was taken (undefined when it has none). */
  documentTotals(): Promise<ExportTotals | undefined>;
  /** Idempotent; a batch being read ahead is dropped. */
  close(): Promise<void>;
}

/** What a module hands the engine, on both sides of the boundary (the inline renderer and its worker's entry). */
export interface RenderKit<Spec, Source> {
  startRenderer(spec: Spec, output: Writable): ExportRenderer;
  /** Opens the reading of one export in the worker (export-render-pool.ts `read`). */
  openReader?: ((source: Source) => Promise<WorkerReader>) | undefined;
}

export type ToWorker<Spec = unknown, Source = unknown> =
  | { type: 'start'; spec: Spec }
  /** Starts an export the worker reads itself: it opens its connection and reads the first batch ahead. */
  | { type: 'read'; spec: Spec; source: Source }
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

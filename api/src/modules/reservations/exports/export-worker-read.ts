/**
 * An export's batches read by its render worker itself (reservation-render-worker.ts, message `read`): a connection of
 * its own, lowered like the API's export readers (export-reader.ts), the same batches, order and totals as the
 * API's own reading (export-rows.ts). The API's main thread then neither decodes the rows that come from PostgreSQL
 * nor copies them to the worker — what an all_data export still cost it at normal priority (docs/performance.md
 * « The worker reads its rows »). One batch is read ahead while the previous one is rendered.
 */
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';
import type { ExportPriorityMode } from '../../../config-constants';
import { openDedicatedConnection, type DedicatedConnection } from '../../../db/dedicated-connection';
import { lowerProcess, type Lowered } from '../../../lib/exports/export-priority';
import type { WorkerReader } from '../../../lib/exports/export-render-protocol';
import { batchOptionsFor, exportBatches, TotalsAccumulator, type ExportBatch } from './export-rows';
import { type ExportTotals } from '../../../lib/exports/export-types';

/**
 * An export whose worker reads its own batches (export-render-pool.ts `read`): the rows go from PostgreSQL to the
 * worker, never through the API's main thread.
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

export class WorkerRead implements WorkerReader {
  private readonly batches: AsyncGenerator<ExportBatch>;
  private ahead: Promise<IteratorResult<ExportBatch>>;
  private readonly totals: TotalsAccumulator | undefined;
  private closed: Promise<void> | undefined;

  private constructor(
    private readonly connection: DedicatedConnection,
    source: ExportSource,
    /** How the backend was lowered (told to the API: logs, tests). */
    readonly lowered: Lowered,
  ) {
    const { key } = source;
    this.batches = exportBatches(connection.db, source.body, {
      ...batchOptionsFor(key),
      ...(source.batchSize === undefined ? {} : { batchSize: source.batchSize }),
    });
    this.totals = key === 'pdfResaAll' ? new TotalsAccumulator() : undefined;
    this.ahead = this.readAhead();
  }

  /** Opens the connection, lowers its backend, and starts reading the first batch. */
  static async open(source: ExportSource): Promise<WorkerRead> {
    const connection = await openDedicatedConnection(source.url);
    try {
      const lowered = await lowerProcess(connection.backendPid, source.backendPriority);
      return new WorkerRead(connection, source, lowered);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  get backendPid(): number {
    return this.connection.backendPid;
  }

  /** The batch read ahead (undefined after the last), and the reading of the next one started. */
  async next(): Promise<ExportBatch | undefined> {
    const result = await this.ahead;
    if (result.done) return undefined;
    this.totals?.add(result.value);
    this.ahead = this.readAhead();
    return result.value;
  }

  /** pdfResaAll: the document totals (one SQL over the partial sums), once every batch was taken. */
  async documentTotals(): Promise<ExportTotals | undefined> {
    return this.totals?.finish(this.connection.db);
  }

  /** Idempotent; a batch being read ahead is dropped. */
  close(): Promise<void> {
    this.closed ??= this.connection.close().catch(() => undefined);
    return this.closed;
  }

  private readAhead(): Promise<IteratorResult<ExportBatch>> {
    const ahead = this.batches.next();
    // A read interrupted by close() (export abandoned) is nobody's failure; next() still sees it.
    ahead.catch(() => undefined);
    return ahead;
  }
}

/**
 * Reservation exports (spec §7 Exports): POST with the list's filter body (page and pageSize ignored), answer = the
 * file, streamed while the rows are read in batches. 400 for invalid filters and beyond MAX_EXPORT_ROWS (counted
 * before anything is sent). A client that goes away stops the reading at the next batch. Beyond app.exportTaskThreshold
 * rows the export is a task instead (202, export-task.ts). See docs/api.md.
 */
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as delay } from 'node:timers/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorBody,
  RESERVATION_EXPORTS,
  ReservationExportBody,
  TaskQueuedAnswer,
  type ReservationExportKey,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import type { Executor } from '../../../db/client';
import {
  ALL_DATA_COLUMNS,
  LIST_COLUMNS,
  PDF_ALL_DATA_COLUMNS,
  PROLONGER_COLUMNS,
  type ExportRow,
} from './export-columns';
import { startExcelExport } from './export-excel';
import { EXPORT_CONTENT_TYPES, exportFileName, filtersSummary, parisDateTime } from './export-format';
import { startPdfExport } from './export-pdf';
import { countExportRows, exportBatches, splitExportBody, TotalsAccumulator } from './export-rows';

/** Bytes a renderer may have waiting for a slow client before the next batch is read. */
const MAX_BUFFERED = 1024 * 1024;

/** Rows rendered between two turns of the event loop: the API is one thread, so a list request waits at most for
 * one chunk of rendering, not for a whole batch. */
const RENDER_CHUNK = 100;

export async function renderInChunks<R = ExportRow>(
  rows: R[],
  render: (rows: R[]) => void,
  stopped: () => boolean,
): Promise<void> {
  for (let start = 0; start < rows.length && !stopped(); start += RENDER_CHUNK) {
    await nextTurn();
    render(rows.slice(start, start + RENDER_CHUNK));
  }
}

/** Resolves once fewer than MAX_BUFFERED bytes wait, or the client is gone. */
export async function waitForRoom(buffered: () => number, stopped: () => boolean): Promise<void> {
  while (!stopped() && buffered() > MAX_BUFFERED) await delay(5);
}

export interface ExportRun {
  db: Executor;
  body: ReservationExportBody;
  total: number;
  output: PassThrough;
  /** Told the rows of each batch once rendered (an export task's progress). */
  onRows?: ((count: number) => void) | undefined;
}

async function writePdf(key: 'pdfResa' | 'pdfResaAll', run: ExportRun): Promise<void> {
  const { db, body, output } = run;
  const allData = key === 'pdfResaAll';
  const pdf = startPdfExport(output, {
    title: allData ? 'Réservations — données complètes' : 'Liste des réservations',
    summary: filtersSummary(body),
    generatedAt: parisDateTime(),
    columns: allData ? PDF_ALL_DATA_COLUMNS : LIST_COLUMNS,
    totalRows: run.total,
    withTotals: allData,
    fontSize: allData ? 6 : 7,
  });
  const stopped = () => output.destroyed;
  const totals = allData ? new TotalsAccumulator() : undefined;
  const batches = exportBatches(db, body, {
    amounts: allData,
    stopped,
    beforeBatch: () => waitForRoom(pdf.buffered, stopped),
  });
  for await (const batch of batches) {
    await renderInChunks(batch.rows, pdf.addRows, stopped);
    totals?.add(batch);
    run.onRows?.(batch.rows.length);
  }
  if (stopped()) return pdf.abort();
  await pdf.finish(await totals?.finish(db));
}

async function writeExcel(key: 'excelResaAll' | 'excelProlonger', run: ExportRun): Promise<void> {
  const { db, body, output } = run;
  const prolonger = key === 'excelProlonger';
  const excel = startExcelExport(
    output,
    prolonger ? 'À prolonger' : 'Réservations',
    prolonger ? PROLONGER_COLUMNS : ALL_DATA_COLUMNS,
  );
  const stopped = () => output.destroyed;
  const buffered = () => output.writableLength + output.readableLength;
  const batches = exportBatches(db, body, {
    amounts: !prolonger,
    limits: prolonger,
    stopped,
    beforeBatch: () => waitForRoom(buffered, stopped),
  });
  for await (const batch of batches) {
    await renderInChunks(batch.rows, excel.addRows, stopped);
    run.onRows?.(batch.rows.length);
  }
  if (stopped()) return;
  await excel.finish();
}

/** Writes the file of `key` into run.output; never throws (a failure ends the stream with the error). */
export async function writeExport(
  key: ReservationExportKey,
  run: ExportRun,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    if (key === 'pdfResa' || key === 'pdfResaAll') await writePdf(key, run);
    else await writeExcel(key, run);
  } catch (error) {
    if (run.output.destroyed) return;
    log.error({ err: error }, `export ${key} interrompu`);
    run.output.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [key, exported] of Object.entries(RESERVATION_EXPORTS) as [
    ReservationExportKey,
    (typeof RESERVATION_EXPORTS)[ReservationExportKey],
  ][]) {
    app.post(
      exported.path,
      // The 200 is a file stream (no schema); the errors are { message } from the one error handler.
      {
        schema: {
          body: ReservationExportBody,
          response: { 202: TaskQueuedAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        // 429 beyond the caps (plugins/export-slots.ts); the slot is held until the file is sent or abandoned.
        const release = await app.exportSlots.reserve(request.user.id);
        let total: number;
        try {
          total = await countExportRows(app.db, splitExportBody(request.body).filters);
        } catch (error) {
          release();
          throw error;
        }
        if (total > app.exportTaskThreshold) {
          // Too long to wait for: prepared as a task, downloaded later from « Tâches » (export-task.ts). Queued
          // tasks count against the user's cap (429 beyond, plugins/export-slots.ts).
          let id: number;
          try {
            await app.exportSlots.assertTaskRoom(app.db, request.user.id, 'export_reservations');
            id = await app.tasks.enqueue(app.db, 'export_reservations', {
              parametres: { key, body: request.body },
              createdBy: request.user.id,
              actor: actorOf(request),
            });
          } finally {
            release();
          }
          app.tasks.kick();
          return reply.status(202).send({
            message: `L'export porte sur ${total.toLocaleString('fr-FR')} réservations : il est préparé en arrière-plan (tâche n° ${id}). Vous le téléchargerez depuis « Tâches » ; une notification vous préviendra.`,
            task_id: id,
          });
        }
        const output = new PassThrough();
        // 'close' follows the last byte sent, a client gone away and a failure alike.
        output.on('close', release);
        // Errors after the headers are logged by writeExport; the listener keeps a late one from crashing.
        output.on('error', () => undefined);
        reply
          .header('content-type', EXPORT_CONTENT_TYPES[exported.extension])
          .header('content-disposition', `attachment; filename="${exportFileName(key)}"`)
          .header('cache-control', 'no-store');
        void writeExport(key, { db: app.db, body: request.body, total, output }, request.log);
        // A stream is piped as is, never serialised: the error schemas above do not apply to it.
        return reply.send(output as never);
      },
    );
  }
};

export default exportRoutes;

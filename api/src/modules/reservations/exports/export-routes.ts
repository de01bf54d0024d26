/**
 * Reservation exports (spec §7 Exports): POST with the list's filter body (page and pageSize ignored), answer = the
 * file, streamed while the rows are read in batches. 400 for invalid filters and beyond MAX_EXPORT_ROWS (counted
 * before anything is sent). A client that goes away stops the reading at the next batch. Beyond app.exportTaskThreshold
 * rows the export is a task instead (202, export-task.ts). See docs/api.md.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorBody,
  EXPORT_ID_HEADER,
  EXPORT_ID_PATTERN,
  EXPORT_PROGRESS_PATH,
  EXPORT_TOTAL_HEADER,
  ExportProgressAnswer,
  ExportProgressParams,
  FileAnswer,
  FILE_MEDIA_TYPES,
  RESERVATION_EXPORTS,
  ReservationExportBody,
  TaskQueuedAnswer,
  type ReservationExportKey,
} from 'shared/contract';
import { actorOf } from '../../../db/audit';
import { Type } from 'typebox';
import { waitForRoom } from '../../../lib/exports/export-pacing';
import { ExportProgress } from '../../../lib/exports/export-progress';
import type { Executor } from '../../../db/client';
import { filterNames } from '../../../lib/exports/export-filter-names';
import { exportFileName, filtersSummary, parisDateTime } from '../../../lib/exports/export-format';
import { exportSource, openExportReader, type ExportReader } from './export-reader';
import type { ExportSource } from './export-worker-read';
import type { ReservationRenderPool } from './reservation-render-pool';
import {
  batchOptionsFor,
  countExportRows,
  exportBatches,
  splitExportBody,
  TotalsAccumulator,
} from './export-rows';

export interface ExportRun {
  db: Executor;
  body: ReservationExportBody;
  total: number;
  output: PassThrough;
  /** Where the file is written (app.exportRenderPool). */
  renderer: ReservationRenderPool;
  /** The connection the batches are read on by the main thread (export-reader.ts); `db` when left out. */
  openReader?: (() => Promise<ExportReader>) | undefined;
  /**
   * Where the render worker reads the batches itself (export-reader.ts `exportSource`): used whenever a worker
   * renders (the default), so the rows never pass through the main thread; `openReader` / `db` otherwise.
   */
  source?: ExportSource | undefined;
  /** Told the rows of each batch once rendered (an export task's progress). */
  onRows?: ((count: number) => void) | undefined;
  /**
   * A small export (at most app.exportInlineRows rows): read on the pool and rendered on the main thread at normal
   * priority, as an interactive answer — not left to a lowered worker that gets the CPU only when the other users
   * leave it free (docs/performance.md « Small exports at normal priority »).
   */
  onMainThread?: boolean | undefined;
}

/**
 * Has `run.renderer` write the file (off the main thread by default): its worker reads the batches itself when it
 * has a `run.source`; otherwise they are read here and handed to the renderer batch after batch.
 */
async function writeRows(key: ReservationExportKey, run: ExportRun): Promise<void> {
  const { body, output } = run;
  const summary = filtersSummary(body, await filterNames(run.db, body));
  const spec = { key, summary, generatedAt: parisDateTime(), totalRows: run.total };
  const stopped = () => output.destroyed;
  const buffered = () => output.writableLength + output.readableLength;
  if (!run.onMainThread && run.source !== undefined && run.renderer.readsInWorker) {
    return run.renderer.read(spec, run.source, output, {
      stopped,
      beforeBatch: () => waitForRoom(buffered, stopped),
      onRows: run.onRows,
    });
  }
  const reader = run.onMainThread || run.openReader === undefined ? undefined : await run.openReader();
  const db = reader?.db ?? run.db;
  const job = run.onMainThread ? run.renderer.renderHere(spec, output) : run.renderer.start(spec, output);
  const totals = key === 'pdfResaAll' ? new TotalsAccumulator() : undefined;
  const batches = exportBatches(db, body, {
    ...batchOptionsFor(key),
    stopped,
    beforeBatch: () => waitForRoom(buffered, stopped),
  });
  try {
    for await (const batch of batches) {
      await job.addRows(batch.rows);
      totals?.add(batch);
      run.onRows?.(batch.count);
    }
    if (stopped()) return job.abort();
    const documentTotals = await totals?.finish(db);
    await reader?.close();
    await job.finish(documentTotals);
  } catch (error) {
    job.abort();
    throw error;
  } finally {
    await reader?.close();
  }
}

/** Writes the file of `key` into run.output; never throws (a failure ends the stream with the error). */
export async function writeExport(
  key: ReservationExportKey,
  run: ExportRun,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await writeRows(key, run);
  } catch (error) {
    if (run.output.destroyed) return;
    log.error({ err: error }, `export ${key} interrompu`);
    run.output.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

const EXPORT_ID = new RegExp(EXPORT_ID_PATTERN);

const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const progress = new ExportProgress();

  app.get(
    `${EXPORT_PROGRESS_PATH}/:id`,
    {
      schema: {
        params: ExportProgressParams,
        // Not an error when unknown: a screen polls until its file is in, and its last poll may come after.
        response: { 200: ExportProgressAnswer, 204: Type.Null(), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const entry = progress.read(request.user.id, request.params.id);
      if (entry === undefined) return reply.code(204).send(null);
      return entry;
    },
  );

  for (const [key, exported] of Object.entries(RESERVATION_EXPORTS) as [
    ReservationExportKey,
    (typeof RESERVATION_EXPORTS)[ReservationExportKey],
  ][]) {
    app.post(
      exported.path,
      // The 200 is the file, streamed; the errors are { message } from the one error handler.
      {
        schema: {
          body: ReservationExportBody,
          response: {
            200: FileAnswer(exported.extension),
            202: TaskQueuedAnswer,
            400: ErrorBody,
            401: ErrorBody,
            429: ErrorBody,
          },
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
        const exportId = request.headers[EXPORT_ID_HEADER];
        const tracked =
          typeof exportId === 'string' && EXPORT_ID.test(exportId)
            ? progress.start(request.user.id, exportId, total)
            : undefined;
        // 'close' follows the last byte sent, a client gone away and a failure alike.
        output.on('close', () => {
          tracked?.end();
          release();
        });
        // Errors after the headers are logged by writeExport; the listener keeps a late one from crashing.
        output.on('error', () => undefined);
        reply
          .header('content-type', FILE_MEDIA_TYPES[exported.extension])
          .header('content-disposition', `attachment; filename="${exportFileName(key)}"`)
          .header('cache-control', 'no-store')
          .header(EXPORT_TOTAL_HEADER, String(total));
        void writeExport(
          key,
          {
            db: app.db,
            body: request.body,
            total,
            output,
            renderer: app.exportRenderPool,
            openReader: () => openExportReader(app, request.log, app.exportRenderPool.priority),
            source: exportSource(app, key, request.body),
            onMainThread: total <= app.exportInlineRows,
            onRows: tracked?.add,
          },
          request.log,
        );
        // A stream is piped as is, never serialised: the error schemas above do not apply to it.
        return reply.send(output as never);
      },
    );
  }
};

export default exportRoutes;

/**
 * Large exports as tasks (docs/api.md « Tâches »): beyond `threshold` rows the export route queues the task
 * `export_reservations` { key, body } and answers 202; the runner writes the same file as the streamed answer into
 * memory (at most MAX_EXPORT_ROWS rows, a few MB), reporting progress per batch, and keeps it in `task_fichiers`.
 */
import { PassThrough } from 'node:stream';
import fp from 'fastify-plugin';
import {
  EXPORT_TASK_THRESHOLD,
  RESERVATION_EXPORTS,
  type ReservationExportBody,
  type ReservationExportKey,
  FILE_MEDIA_TYPES,
  TASK_ROUTE_MESSAGES,
} from 'shared/contract';
import { BadRequestError } from '../../../errors';
import { exportFileName } from '../../../lib/exports/export-format';
import type { ExportPriorityMode, ExportRenderMode } from '../../../config-constants';
import { exportSource, openExportReader } from './export-reader';
import { ReservationRenderPool } from './reservation-render-pool';
import { writeExport } from './export-routes';
import { countExportRows, splitExportBody } from './export-rows';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exports of more rows than this become tasks (202); EXPORT_TASK_THRESHOLD unless buildApp says otherwise. */
    exportTaskThreshold: number;
    /** Where export files are rendered (reservation-render-pool.ts): worker threads at a low priority by default. */
    exportRenderPool: ReservationRenderPool;
    /**
     * Streamed exports of at most this many rows are read on the pool and rendered on the main thread at normal
     * priority (export-routes.ts `onMainThread`); 0 unless buildApp says otherwise: every export through the pool.
     */
    exportInlineRows: number;
  }
}

export interface ExportTaskParams {
  key: ReservationExportKey;
  body: ReservationExportBody;
}

export const exportTaskPlugin = fp<{
  threshold?: number | undefined;
  render?: ExportRenderMode | undefined;
  /** Streamed exports of at most this many rows rendered on the main thread (EXPORT_INLINE_ROWS); 0 by default. */
  inlineRows?: number | undefined;
  /** How the exports' render threads and PostgreSQL backends are lowered (export-priority.ts; EXPORT_PRIORITY). */
  priority?: ExportPriorityMode | undefined;
  /** Batches rendered at once over all the exports (lib/exports/export-render-pool.ts; EXPORT_RENDER_CAP). */
  renderCap?: number | undefined;
  /** Starts one render worker when the app is ready (server.ts): the first export does not wait for it. */
  prewarm?: boolean | undefined;
}>(
  async (app, options) => {
    app.decorate('exportTaskThreshold', options.threshold ?? EXPORT_TASK_THRESHOLD);
    app.decorate('exportInlineRows', options.inlineRows ?? 0);
    const pool = new ReservationRenderPool(options.render ?? 'worker', undefined, {
      priority: options.priority,
      renderCap: options.renderCap,
      log: app.log,
    });
    app.decorate('exportRenderPool', pool);
    app.addHook('onClose', () => pool.close());
    if (options.prewarm) app.addHook('onReady', () => pool.prewarm());
    app.tasks.define('export_reservations', {
      run: async ({ db, parametres, progress, log }) => {
        const { key, body } = parametres as unknown as ExportTaskParams;
        const exported = RESERVATION_EXPORTS[key];
        if (exported === undefined) throw new BadRequestError(TASK_ROUTE_MESSAGES.unknownExport);
        // Counted again: the stays may have changed since the request was queued.
        const total = await countExportRows(db, splitExportBody(body).filters);
        const output = new PassThrough();
        const chunks: Buffer[] = [];
        output.on('data', (chunk: Buffer) => chunks.push(chunk));
        const ended = new Promise<void>((resolve, reject) => {
          output.on('end', resolve);
          output.on('error', reject);
        });
        let done = 0;
        await writeExport(
          key,
          {
            db,
            body,
            total,
            output,
            renderer: app.exportRenderPool,
            openReader: () => openExportReader(app, log, app.exportRenderPool.priority),
            source: exportSource(app, key, body),
            onRows: (count) => {
              done += count;
              // 95 at most: rendering the end of the file and saving it are left.
              void progress(total === 0 ? 95 : Math.min(95, (done / total) * 95)).catch(() => undefined);
            },
          },
          log,
        );
        await ended;
        return {
          message: TASK_ROUTE_MESSAGES.exportReady(total),
          details: { lignes: total },
          fichier: {
            nom: exportFileName(key),
            typeContenu: FILE_MEDIA_TYPES[exported.extension],
            contenu: Buffer.concat(chunks),
          },
        };
      },
    });
  },
  { name: 'export-task', dependencies: ['db', 'tasks'] },
);

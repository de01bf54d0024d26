/**
 * The reservations' export render worker (lib/exports/export-render-worker.ts): their PDF and Excel writers
 * (export-render.ts) and the reading of their batches (export-worker-read.ts), served to the API's render pool
 * (reservation-render-pool.ts). Compiled, it is the bundle dist/export-render-worker.js (api/scripts/build.mjs).
 */
import { serveExportRenders } from '../../../lib/exports/export-render-worker';
import { startRenderer, type RenderSpec } from './export-render';
import { WorkerRead, type ExportSource } from './export-worker-read';

serveExportRenders<RenderSpec, ExportSource>({
  startRenderer,
  openReader: (source) => WorkerRead.open(source),
});

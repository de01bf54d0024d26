/**
 * The render pool of the reservations' exports (lib/exports/export-render-pool.ts): their writers inline, and their
 * worker entry (reservation-render-worker.ts) — from the sources its TypeScript, compiled the bundle
 * dist/export-render-worker.js beside dist/server.js, where this file is bundled (api/scripts/build.mjs names it).
 */
import type { ExportRenderMode } from '../../../config-constants';
import { ExportRenderPool, type ExportRenderPoolOptions } from '../../../lib/exports/export-render-pool';
import { startRenderer, type RenderSpec } from './export-render';
import type { ExportSource } from './export-worker-read';

const WORKER_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./reservation-render-worker.ts', import.meta.url)
  : new URL('./export-render-worker.js', import.meta.url);

export class ReservationRenderPool extends ExportRenderPool<RenderSpec, ExportSource> {
  /** As ExportRenderPool's, the kit and the worker entry the reservations'. */
  constructor(
    mode?: ExportRenderMode,
    keepIdle?: number,
    options: Omit<ExportRenderPoolOptions, 'entry'> = {},
  ) {
    super({ startRenderer }, { ...options, entry: WORKER_ENTRY }, mode, keepIdle);
  }
}

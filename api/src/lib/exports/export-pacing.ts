/**
 * How a streamed export gives the main thread back: rendered in chunks between turns of the event loop, and paused
 * while the client has not taken what was written (reservation, rooming and stats exports alike).
 */
import { setImmediate as nextTurn, setTimeout as delay } from 'node:timers/promises';
import type { ExportRow } from './export-types';

/** Bytes a renderer may have waiting for a slow client before the next batch is read. */
const MAX_BUFFERED = 1024 * 1024;

/** Resolves once fewer than MAX_BUFFERED bytes wait, or the client is gone. */
export async function waitForRoom(buffered: () => number, stopped: () => boolean): Promise<void> {
  while (!stopped() && buffered() > MAX_BUFFERED) await delay(5);
}

/** Rows rendered between two turns of the event loop when rendering on the main thread (inline mode, rooming
 * exports): a list request waits at most for one chunk of rendering, not for a whole batch. */
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

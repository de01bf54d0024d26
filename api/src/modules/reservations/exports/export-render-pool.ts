/**
 * Export rendering off the API's main thread (docs/performance.md « Exports off the main thread »). The rows are
 * still read here (SQL batches), but the PDF or Excel writer — most of an export's CPU — runs in a worker thread
 * that lowered its own priority to nice 19 (export-render-worker.ts): while exports run, a list request on the main
 * thread no longer waits behind them for the CPU. One worker per export running at once (the export caps,
 * plugins/export-slots.ts, bound how many), kept idle for the next one; memory stays bounded because one batch of
 * rows is in the worker at a time and its bytes come back before the next is read (the caller's backpressure).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportRow } from './export-columns';
import { renderInChunks, startRenderer, type RenderSpec } from './export-render';
import type { ToParent, ToWorker } from './export-render-protocol';
import type { ExportTotals } from './export-rows';

/** Where exports are rendered: `worker` (default, off the main thread at a low priority) or `inline` (the main
 * thread, as before; kept for comparison in bench/reservation-exports.ts and for systems without threads). */
export type ExportRenderMode = 'worker' | 'inline';

/** One export being rendered. */
export interface RenderJob {
  /** Renders a batch; resolves once the previous batch is rendered (one batch in the worker at a time). */
  addRows(rows: ExportRow[]): Promise<void>;
  /** Ends the document; resolves once its last byte is written to the output. */
  finish(totals?: ExportTotals): Promise<void>;
  /** Client gone: the worker drops the document and becomes free. */
  abort(): void;
}

/** The worker is TypeScript like the rest of the API: its entry registers tsx first. */
const WORKER_ENTRY = new URL('./export-render-worker-boot.mjs', import.meta.url);

class RenderWorker {
  readonly worker = new Worker(WORKER_ENTRY, { name: 'export-render' });
  private listener: ((message: ToParent) => void) | undefined;
  private failure: ((error: Error) => void) | undefined;
  dead = false;

  constructor() {
    this.worker.on('message', (message: ToParent) => this.listener?.(message));
    const fail = (error: Error) => {
      this.dead = true;
      this.failure?.(error);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`export render worker exited (${code})`)));
  }

  post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  attach(listener: (message: ToParent) => void, failure: (error: Error) => void): void {
    this.listener = listener;
    this.failure = failure;
  }

  detach(): void {
    this.listener = undefined;
    this.failure = undefined;
  }

  /** The worker's nice value and thread CPU time (Linux), for tests and benches. */
  async stat(): Promise<{ nice?: number | undefined; cpuMs?: number | undefined }> {
    const answer = new Promise<ToParent>((resolve) => this.attach(resolve, () => resolve({ type: 'stat' })));
    this.post({ type: 'stat' });
    const message = await answer;
    this.detach();
    return message.type === 'stat' ? { nice: message.nice, cpuMs: message.cpuMs } : {};
  }
}

export class ExportRenderPool {
  private readonly idle: RenderWorker[] = [];
  private readonly all = new Set<RenderWorker>();
  private closed = false;

  /**
   * @param mode `inline` renders on the calling thread (no worker).
   * @param keepIdle workers kept for the next exports once theirs is done (the overall export cap).
   */
  constructor(
    readonly mode: ExportRenderMode = 'worker',
    private readonly keepIdle = 4,
  ) {}

  start(spec: RenderSpec, output: Writable): RenderJob {
    if (this.mode === 'inline' || this.closed) return inlineJob(spec, output);
    const worker = this.take();
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    let failed: Error | undefined;
    let done = false;
    const wait = () =>
      new Promise<void>((resolve, reject) => {
        if (failed !== undefined) reject(failed);
        else settle = { resolve, reject };
      });
    let rendered: Promise<void> = Promise.resolve();
    const release = () => {
      if (done) return;
      done = true;
      worker.detach();
      this.give(worker);
    };
    worker.attach(
      (message) => {
        if (message.type === 'bytes') {
          if (!output.destroyed) output.write(message.bytes);
          return;
        }
        if (message.type === 'failed') failed = new Error(message.message);
        const current = settle;
        settle = undefined;
        if (failed === undefined) current?.resolve();
        else current?.reject(failed);
      },
      (error) => {
        failed = error;
        settle?.reject(error);
        settle = undefined;
      },
    );
    worker.post({ type: 'start', spec });
    return {
      addRows: async (rows) => {
        await rendered;
        if (failed !== undefined) throw failed;
        rendered = wait();
        // Rejections are taken by the next addRows or finish.
        rendered.catch(() => undefined);
        worker.post({ type: 'rows', rows });
      },
      finish: async (totals) => {
        try {
          await rendered;
          const finished = wait();
          worker.post({ type: 'finish', totals });
          await finished;
        } finally {
          release();
        }
        output.end();
        if (!output.writableFinished) await once(output, 'finish');
      },
      abort: () => {
        if (done) return;
        worker.post({ type: 'abort' });
        // The worker takes messages in order: a batch still rendering is dropped before the next export starts.
        release();
      },
    };
  }

  /** Starts an idle worker (its module loading takes a few hundred ms of CPU, at nice 19). */
  prewarm(): void {
    if (this.mode === 'worker' && !this.closed && this.idle.length === 0) this.give(this.take());
  }

  /** The nice value and thread CPU time of one worker (a new one if none is idle). */
  async workerStat(): Promise<{ nice?: number | undefined; cpuMs?: number | undefined }> {
    const worker = this.take();
    try {
      return await worker.stat();
    } finally {
      this.give(worker);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((entry) => entry.worker.terminate()));
  }

  private take(): RenderWorker {
    let worker = this.idle.pop();
    while (worker?.dead) worker = this.idle.pop();
    if (worker === undefined) {
      worker = new RenderWorker();
      this.all.add(worker);
    }
    worker.worker.ref();
    return worker;
  }

  private give(worker: RenderWorker): void {
    if (worker.dead || this.closed) return;
    if (this.idle.length >= this.keepIdle) {
      this.all.delete(worker);
      void worker.worker.terminate();
      return;
    }
    // An idle worker does not keep the process alive.
    worker.worker.unref();
    this.idle.push(worker);
  }
}

/** The same renderer on the calling thread. */
function inlineJob(spec: RenderSpec, output: Writable): RenderJob {
  const renderer = startRenderer(spec, output);
  return {
    addRows: (rows) => renderInChunks(rows, renderer.addRows, () => output.destroyed),
    finish: (totals) => renderer.finish(totals),
    abort: () => renderer.abort(),
  };
}

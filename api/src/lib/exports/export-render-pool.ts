/**
 * Export rendering off the API's main thread (docs/performance.md « Exports off the main thread », « Render
 * processes », « The worker reads its rows »). The PDF or Excel writer — most of an export's CPU — runs in a render
 * worker lowered to SCHED_IDLE (export-render-hosts.ts: a child process of its own session by default, or a worker
 * thread): while exports run, a list request on the main thread no longer waits behind them for the CPU. By default
 * the worker also reads the SQL batches itself, on a connection of its own (`read`, export-worker-read.ts): the main
 * thread lets each batch go and passes the file's bytes on; `start` takes batches read by the caller (kept for the
 * tests and for readers that are not the reservations' batches). One worker per export running at once (the export
 * caps, plugins/export-slots.ts, bound how many), kept idle for the next one; memory stays bounded because one batch
 * of rows is in the worker at a time (and one read ahead) and its bytes come back before the next is let go (the
 * caller's backpressure).
 */
import { once } from 'node:events';
import os from 'node:os';
import type { Writable } from 'node:stream';
import type { ExportPriorityMode, ExportRenderMode } from '../../config-constants';
import { renderInChunks } from './export-pacing';
import { rowsFrom, type BatchRows, type ExportTotals } from './export-types';
import {
  ProcessRenderHost,
  ThreadRenderHost,
  type RenderHost,
  type RenderHostOptions,
  type WorkerStat,
} from './export-render-hosts';
import type { ExportRenderer, RenderKit, ToParent, ToWorker } from './export-render-protocol';

export type { WorkerStat } from './export-render-hosts';

/** One export being rendered. */
export interface RenderJob {
  /** Renders a batch; resolves once the previous batch is rendered (one batch in the worker at a time). */
  addRows(rows: BatchRows): Promise<void>;
  /** Ends the document; resolves once its last byte is written to the output. */
  finish(totals?: ExportTotals): Promise<void>;
  /** Client gone: the worker drops the document and becomes free. */
  abort(): void;
}

/** What `read` asks of its caller, batch after batch. */
export interface ReadHooks {
  /** Awaited before each batch: room in the output (a slow client). */
  beforeBatch?: (() => Promise<void>) | undefined;
  /** Checked before each batch: true abandons the export (client gone). */
  stopped?: (() => boolean) | undefined;
  /** Told the rows of each batch once rendered (an export task's progress). */
  onRows?: ((count: number) => void) | undefined;
  /** Told the backend the worker reads on, and how it was lowered (tests, benches). */
  onBackend?: ((backend: Extract<ToParent, { type: 'backend' }>) => void) | undefined;
}

/** One export's hold on a worker (export-render-pool.ts). */
interface WorkerLink<Spec, Source> {
  post(message: ToWorker<Spec, Source>): void;
  /** Posts a message and resolves with the worker's answer (rejects with its failure). */
  ask(message: ToWorker<Spec, Source>): Promise<ToParent>;
  takeTurn(): Promise<void>;
  giveTurn(): void;
  /** Neither released nor failed. */
  usable(): boolean;
  throwIfFailed(): void;
  readonly released: boolean;
  /** Gives the worker back to the pool (and the turn held, if any). */
  release(): void;
  /** Client gone: the worker drops the document and becomes free. */
  abort(): void;
}

export interface ExportRenderPoolOptions extends RenderHostOptions {
  /**
   * Batches rendered at once over all the exports (EXPORT_RENDER_CAP); the others wait their turn, in order (never
   * refused: the export caps of plugins/export-slots.ts stay the only 429). Default: one core left to the list,
   * max(1, cores − 1).
   */
  renderCap?: number | undefined;
}

/** Turns to render a batch, handed out in order of asking. */
class RenderTurns {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly cap: number) {}

  /** Batches rendering now, and exports waiting for their turn (tests, benches). */
  get state(): { rendering: number; waiting: number } {
    return { rendering: this.busy, waiting: this.waiting.length };
  }

  async take(): Promise<void> {
    if (this.busy < this.cap) {
      this.busy += 1;
      return;
    }
    // The turn passes straight from give() to the first waiting: busy stays the same.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.busy -= 1;
    else next();
  }
}

/** The default render cap: every core but one, at least one. */
export const defaultRenderCap = (): number => Math.max(1, os.availableParallelism() - 1);

/**
 * The render workers of one module's exports: `kit` renders its specs inline (and reads nothing there), `entry` —
 * in the options — is its worker entry serving the same kit (export-render-worker.ts `serveExportRenders`).
 */
export class ExportRenderPool<Spec, Source> {
  private readonly idle: RenderHost[] = [];
  private readonly all = new Set<RenderHost>();
  private closed = false;
  private readonly turns: RenderTurns;

  /**
   * @param kit the module's renderer (inline mode, small exports).
   * @param options its worker entry (serving the same kit), the priority, the render cap.
   * @param mode `inline` renders on the calling thread (no worker).
   * @param keepIdle workers kept for the next exports once theirs is done (the overall export cap; processes:
   *   at most 2, ~120 MB each).
   */
  constructor(
    private readonly kit: RenderKit<Spec, Source>,
    private readonly options: ExportRenderPoolOptions,
    readonly mode: ExportRenderMode = 'process',
    private readonly keepIdle = 4,
  ) {
    const cap = options.renderCap ?? defaultRenderCap();
    if (!(Number.isInteger(cap) && cap >= 1))
      throw new RangeError('The render cap must be a positive integer.');
    this.turns = new RenderTurns(cap);
  }

  /** Batches rendered at once over all the exports. */
  get renderCap(): number {
    return this.turns.cap;
  }

  /** Batches rendering now and exports waiting for their turn. */
  get renderTurns(): { rendering: number; waiting: number } {
    return this.turns.state;
  }

  /** How the exports' threads and backends are lowered (export-priority.ts). */
  get priority(): ExportPriorityMode {
    return this.options.priority ?? 'idle';
  }

  start(spec: Spec, output: Writable): RenderJob {
    if (this.mode === 'inline' || this.closed) return this.renderHere(spec, output);
    const link = this.link(output);
    link.post({ type: 'start', spec });
    let rendered: Promise<unknown> = Promise.resolve();
    return {
      addRows: async (rows) => {
        await rendered;
        link.throwIfFailed();
        await link.takeTurn();
        // Aborted or failed while waiting for the turn.
        if (!link.usable()) {
          link.giveTurn();
          return link.throwIfFailed();
        }
        rendered = link.ask({ type: 'rows', rows });
        // Rejections are taken by the next addRows or finish.
        rendered.catch(() => undefined);
      },
      finish: async (totals) => {
        try {
          await rendered;
          await link.takeTurn();
          // Aborted while waiting for the turn: the worker is no longer this export's.
          if (link.released) return;
          await link.ask({ type: 'finish', totals });
        } finally {
          link.release();
        }
        await endOutput(output);
      },
      abort: () => link.abort(),
    };
  }

  /** Whether `read` is available: a worker renders (the inline mode reads on the main thread, `start`). */
  get readsInWorker(): boolean {
    return this.mode !== 'inline' && !this.closed;
  }

  /**
   * Writes an export whose worker reads its own batches on a connection of its own (export-worker-read.ts): the
   * main thread only lets each batch go — after `beforeBatch` (room in the output) and a render turn — and passes
   * the file's bytes on. Resolves once the last byte is in `output` (ended); stops, without error, when `stopped()`.
   */
  async read(spec: Spec, source: Source, output: Writable, hooks: ReadHooks = {}): Promise<void> {
    const link = this.link(output, hooks.onBackend);
    link.post({ type: 'read', spec, source });
    try {
      for (;;) {
        await hooks.beforeBatch?.();
        if (hooks.stopped?.()) return link.abort();
        await link.takeTurn();
        if (!link.usable()) {
          link.giveTurn();
          return link.throwIfFailed();
        }
        const answer = await link.ask({ type: 'next' });
        if (answer.type === 'finished') break;
        if (answer.type === 'rendered') hooks.onRows?.(answer.count ?? 0);
      }
    } catch (error) {
      link.abort();
      throw error;
    }
    link.release();
    await endOutput(output);
  }

  /** Takes a worker for one export writing into `output`: its answers, its render turns, its release. */
  private link(output: Writable, onBackend?: ReadHooks['onBackend']): WorkerLink<Spec, Source> {
    const worker = this.take();
    let settle: { resolve: (message: ToParent) => void; reject: (error: Error) => void } | undefined;
    let failed: Error | undefined;
    let released = false;
    // A render turn (the cap) is held from posting a batch (or the finish) until the worker answers.
    let holding = false;
    const giveTurn = () => {
      if (!holding) return;
      holding = false;
      this.turns.give();
    };
    const release = () => {
      giveTurn();
      if (released) return;
      released = true;
      worker.detach();
      this.give(worker);
    };
    worker.attach(
      (message) => {
        if (message.type === 'bytes') {
          if (!output.destroyed) output.write(message.bytes);
          return;
        }
        if (message.type === 'backend') {
          if (!message.idle && message.reason !== 'EXPORT_PRIORITY=normal')
            this.options.log?.debug(
              { pid: message.pid, nice: message.nice, idle: message.idle, reason: message.reason },
              'export : processus PostgreSQL abaissé en partie seulement',
            );
          return onBackend?.(message);
        }
        if (message.type === 'failed') failed = new Error(message.message);
        giveTurn();
        const current = settle;
        settle = undefined;
        if (failed === undefined) current?.resolve(message);
        else current?.reject(failed);
      },
      (error) => {
        failed = error;
        giveTurn();
        settle?.reject(error);
        settle = undefined;
      },
    );
    return {
      post: (message) => worker.post(message),
      ask: (message) => {
        const answer = new Promise<ToParent>((resolve, reject) => {
          if (failed !== undefined) reject(failed);
          else settle = { resolve, reject };
        });
        if (failed === undefined) worker.post(message);
        return answer;
      },
      takeTurn: async () => {
        await this.turns.take();
        holding = true;
      },
      giveTurn,
      usable: () => !released && failed === undefined,
      throwIfFailed: () => {
        if (failed !== undefined) throw failed;
      },
      get released() {
        return released;
      },
      release,
      abort: () => {
        if (released) return;
        worker.post({ type: 'abort' });
        // The worker takes messages in order: a batch still rendering is dropped before the next export starts.
        release();
      },
    };
  }

  /** The same renderer on the calling thread, in chunks between turns of the event loop (inline mode, small exports). */
  renderHere(spec: Spec, output: Writable): RenderJob {
    return inChunks(this.kit.startRenderer(spec, output), output);
  }

  /** Starts an idle worker (its module loading takes a few hundred ms of CPU, at idle priority). */
  prewarm(): void {
    if (this.mode !== 'inline' && !this.closed && this.idle.length === 0) this.give(this.take());
  }

  /** The scheduling and thread CPU time of one worker (a new one if none is idle). */
  async workerStat(): Promise<WorkerStat> {
    const worker = this.take();
    try {
      return await worker.stat();
    } finally {
      this.give(worker);
    }
  }

  /** The render processes running now, busy or idle (mode `process`; tests and benches). */
  get processIds(): number[] {
    if (this.mode !== 'process') return [];
    return [...this.all].flatMap((host) => (host.pid === undefined || host.dead ? [] : [host.pid]));
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((entry) => entry.terminate()));
  }

  private take(): RenderHost {
    let worker = this.idle.pop();
    while (worker?.dead) worker = this.idle.pop();
    if (worker === undefined) {
      worker =
        this.mode === 'process' ? new ProcessRenderHost(this.options) : new ThreadRenderHost(this.options);
      this.all.add(worker);
    }
    worker.keepAlive(true);
    return worker;
  }

  private give(worker: RenderHost): void {
    if (worker.dead || this.closed) {
      this.all.delete(worker);
      return;
    }
    const keepIdle = this.mode === 'process' ? Math.min(this.keepIdle, 2) : this.keepIdle;
    if (this.idle.length >= keepIdle) {
      this.all.delete(worker);
      void worker.terminate();
      return;
    }
    // An idle worker does not keep the process alive.
    worker.keepAlive(false);
    this.idle.push(worker);
  }
}

/** Ends `output` and resolves once it has taken every byte. */
async function endOutput(output: Writable): Promise<void> {
  output.end();
  if (!output.writableFinished) await once(output, 'finish');
}

/** A renderer run on the calling thread, in chunks between turns of the event loop. */
function inChunks(renderer: ExportRenderer, output: Writable): RenderJob {
  return {
    addRows: (rows) => renderInChunks(rowsFrom(rows), renderer.addRows, () => output.destroyed),
    finish: (totals) => renderer.finish(totals),
    abort: () => renderer.abort(),
  };
}

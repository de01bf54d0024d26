/**
 * Where an export render worker (export-render-worker.ts) runs, for export-render-pool.ts:
 *
 * - `process` (default): a child process of its own session (detached: setsid), lowered whole by the API as it
 *   starts — SCHED_IDLE on every thread and its session's autogroup at nice 19 (export-priority.ts). On Linux with
 *   autogroup the CPU is shared between sessions first: a render thread inside the API's session was charged to the
 *   session the list's main thread belongs to, and its isolate's garbage collection ran on the API's V8 platform
 *   threads at normal priority. A separate session weighs on the API's share as little as the exports' PostgreSQL
 *   backends do (docs/performance.md « Render processes »). The price: ~120 MB per process, a start of about 2 s of
 *   CPU at idle priority (one is started when the API is ready), rows and bytes copied through a pipe.
 * - `worker`: a worker thread of the API that lowers its own thread (nice 19, SCHED_IDLE).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportPriorityMode } from '../../config-constants';
import { lowerProcess } from './export-priority';
import type { ToParent, ToWorker, WorkerData } from './export-render-protocol';

/** From the sources (tsx, vitest), registers tsx before loading the worker entry's TypeScript (its last argument). */
const BOOT = new URL('./export-render-worker-boot.mjs', import.meta.url);

/** What to start for a worker entry: the boot and the entry's path as its argument for TypeScript, else the entry. */
function startOf(entry: URL): { file: URL; argv: string[] } {
  return entry.pathname.endsWith('.ts')
    ? { file: BOOT, argv: [fileURLToPath(entry)] }
    : { file: entry, argv: [] };
}

/** A render worker's scheduling and CPU time (Linux; undefined elsewhere), for tests and benches. */
export interface WorkerStat {
  /** The process the worker runs in (the API's own for a thread). */
  pid?: number | undefined;
  tid?: number | undefined;
  nice?: number | undefined;
  /** 5: SCHED_IDLE, 0: SCHED_OTHER (export-priority.ts). */
  policy?: number | undefined;
  cpuMs?: number | undefined;
}

export interface RenderHostOptions {
  /**
   * The module's worker entry (export-render-worker.ts `serveExportRenders` with its kit): its TypeScript file from
   * the sources, its bundle when compiled (api/scripts/build.mjs).
   */
  entry: URL;
  /** How the worker is lowered (export-priority.ts): SCHED_IDLE besides nice 19 by default. */
  priority?: ExportPriorityMode | undefined;
  /** Told (debug) when a worker could not be lowered fully. */
  log?: Pick<FastifyBaseLogger, 'debug'> | undefined;
}

/** One render worker, whatever runs it: messages in order, one listener (the export it renders) at a time. */
export abstract class RenderHost {
  private listener: ((message: ToParent) => void) | undefined;
  private failure: ((error: Error) => void) | undefined;
  dead = false;

  abstract post(message: ToWorker): void;
  /** Whether the worker keeps the API's event loop alive (an idle one does not). */
  abstract keepAlive(alive: boolean): void;
  abstract terminate(): Promise<void>;
  /** The process it runs in. */
  abstract get pid(): number | undefined;

  protected receive(message: ToParent): void {
    this.listener?.(message);
  }

  protected fail(error: Error): void {
    this.dead = true;
    this.failure?.(error);
  }

  attach(listener: (message: ToParent) => void, failure: (error: Error) => void): void {
    this.listener = listener;
    this.failure = failure;
  }

  detach(): void {
    this.listener = undefined;
    this.failure = undefined;
  }

  async stat(): Promise<WorkerStat> {
    const answer = new Promise<ToParent>((resolve) => this.attach(resolve, () => resolve({ type: 'stat' })));
    this.post({ type: 'stat' });
    const message = await answer;
    this.detach();
    if (message.type !== 'stat') return {};
    const { type: _type, ...stat } = message;
    return { pid: this.pid, ...stat };
  }
}

export class ThreadRenderHost extends RenderHost {
  private readonly worker: Worker;

  constructor({ entry, priority = 'idle', log }: RenderHostOptions) {
    super();
    const workerData: WorkerData = { priority };
    const { file, argv } = startOf(entry);
    this.worker = new Worker(file, { name: 'export-render', workerData, argv });
    this.worker.on('message', (message: ToParent) => {
      if (message.type !== 'lowered') return this.receive(message);
      if (!message.idle && message.reason !== 'EXPORT_PRIORITY=normal')
        log?.debug(
          { nice: message.nice, reason: message.reason },
          'export : fil de rendu en nice 19 seulement (SCHED_IDLE non appliqué)',
        );
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`export render worker exited (${code})`)));
  }

  get pid(): number {
    return process.pid;
  }

  post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  keepAlive(alive: boolean): void {
    if (alive) this.worker.ref();
    else this.worker.unref();
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

export class ProcessRenderHost extends RenderHost {
  private readonly child: ChildProcess;

  constructor({ entry, priority = 'idle', log }: RenderHostOptions) {
    super();
    const { file, argv } = startOf(entry);
    this.child = fork(fileURLToPath(file), argv, {
      // Its own session, hence its own autogroup, which the lowering below sets to nice 19.
      detached: true,
      // Rows carry dates, bytes come back as Uint8Array: structured clone, as between threads.
      serialization: 'advanced',
      // Not the API's flags (vitest's, --inspect…): from the sources, the entry registers tsx itself.
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { pid } = this.child;
    if (pid !== undefined && priority !== 'normal')
      void lowerProcess(pid, priority, { allThreads: true }).then((lowered) => {
        if (!lowered.idle || lowered.reason !== undefined)
          log?.debug(
            { pid, nice: lowered.nice, idle: lowered.idle, reason: lowered.reason },
            'export : processus de rendu abaissé en partie seulement',
          );
      });
    this.child.on('message', (message: ToParent) => this.receive(message));
    this.child.on('error', (error) => this.fail(error));
    this.child.on('exit', (code, signal) =>
      this.fail(new Error(`export render process exited (${signal ?? code})`)),
    );
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  post(message: ToWorker): void {
    if (this.child.connected) this.child.send(message);
    else this.fail(new Error('export render process: channel closed'));
  }

  keepAlive(alive: boolean): void {
    if (alive) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }

  async terminate(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}

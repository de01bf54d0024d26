/**
 * The export render worker (export-render-pool.ts, export-render-hosts.ts): one export at a time, its rows in, the
 * file's bytes out. A module's worker entry calls `serveExportRenders` with its kit (the renderer of its specs, the
 * reader of its sources): the engine here knows neither its documents nor its rows. It runs either as a child process of its own session, which the API lowered as a whole
 * (SCHED_IDLE on every thread, its autogroup at nice 19 — the default), or as a worker thread of the API that first
 * lowers its own thread (export-priority.ts: nice 19, then SCHED_IDLE; on Linux both apply to this thread only).
 * Either way the API's main thread (the list requests) keeps its priority, and rendering takes the CPU only when
 * nothing else wants it — and gives it back at once when a list request wakes the main thread.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { ExportPriorityMode } from '../../config-constants';
import { lowerOwnThread, schedulingOf } from './export-priority';
import type {
  ExportRenderer,
  RenderKit,
  ToParent,
  ToWorker,
  WorkerData,
  WorkerReader,
} from './export-render-protocol';
import { rowsFrom, type ExportTotals } from './export-types';

/** This thread's id, nice value, policy and CPU time (ms), from /proc/thread-self/stat (Linux); undefined elsewhere. */
function threadStat(): { tid: number; nice: number; policy: number; cpuMs: number } | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after « (comm) »: state is field 3, utime 14, stime 15.
    const fields = stat.split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    const scheduling = schedulingOf('self');
    if (scheduling === undefined) return undefined;
    return { tid: Number(stat.slice(0, stat.indexOf(' '))), ...scheduling, cpuMs: (ticks * 1000) / 100 };
  } catch {
    return undefined;
  }
}

/**
 * Serves the API's render messages with a module's kit, in this worker (a thread or a child process) until the API
 * goes. Called once, by the module's worker entry.
 */
export function serveExportRenders<Spec, Source>(kit: RenderKit<Spec, Source>): void {
  /** The way to the API: the thread's port, or the child process's IPC channel (`advanced` serialisation). */
  const channel = parentPort ?? (process.send === undefined ? undefined : process);
  if (channel === undefined)
    throw new Error('export-render-worker: neither a parent port nor an IPC channel');

  const send = (message: ToParent, transfer: ArrayBuffer[] = []) => {
    if (parentPort !== null) parentPort.postMessage(message, transfer);
    else process.send?.(message);
  };

  if (parentPort !== null) {
    const mode: ExportPriorityMode = (workerData as WorkerData | undefined)?.priority ?? 'idle';
    // Before any rendering; the pool logs a fallback to nice 19 alone (debug level). A child process was lowered
    // whole by the API when it started it (export-render-hosts.ts).
    send({ type: 'lowered', ...lowerOwnThread(mode) });
  } else {
    // The API is gone (even killed): nothing to render for any more.
    process.on('disconnect', () => process.exit(0));
  }

  /** The export this worker writes now: its renderer, the output's end, and its own reading (message `read`). */
  interface Current {
    renderer: ExportRenderer;
    written: Promise<void>;
    read?: Promise<WorkerReader> | undefined;
  }

  let current: Current | undefined;

  channel.on('message', (message: ToWorker<Spec, Source>) => {
    void handle(message);
  });

  /** A failure of `export_`, told to the API while it is still the export being written (an abandoned export's
   * reading fails when its connection is closed, and a message arriving after its export failed belongs to no
   * export: nobody's failure — the API was told once, and the next export must not hear it). */
  function fail(export_: Current | undefined, error: unknown): void {
    if (export_ === undefined || export_ !== current) return;
    current = undefined;
    void abandon(export_);
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }

  /** A renderer writing into an output whose bytes go to the API. */
  function begin(spec: Spec): Current {
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        // A copy the worker gives away: pdfkit and exceljs may hand out views of pooled buffers.
        const bytes = new Uint8Array(chunk);
        send({ type: 'bytes', bytes }, [bytes.buffer]);
        callback();
      },
    });
    const written = finished(output);
    // A failure is reported by the finish that awaits it.
    written.catch(() => undefined);
    return { renderer: kit.startRenderer(spec, output), written };
  }

  /** Opens the reading of `source` with the kit's reader. */
  function openReader(source: Source): Promise<WorkerReader> {
    if (kit.openReader === undefined)
      return Promise.reject(new Error('export-render-worker: no reader in the kit'));
    return kit.openReader(source);
  }

  async function abandon(export_: Current | undefined): Promise<void> {
    export_?.renderer.abort();
    await (await export_?.read?.catch(() => undefined))?.close();
  }

  /** Ends the document (with its totals, if any) and tells the API, once its last bytes are sent; the worker is
   * then free (a failure meanwhile is still this export's). */
  async function complete(export_: Current, totals?: ExportTotals): Promise<void> {
    await export_.renderer.finish(totals);
    // exceljs resolves its commit before the archive's last bytes reach the output: the bytes go first.
    await export_.written;
    if (current === export_) current = undefined;
    send({ type: 'finished', cpuMs: threadStat()?.cpuMs });
  }

  async function handle(message: ToWorker<Spec, Source>): Promise<void> {
    const export_ = current;
    try {
      switch (message.type) {
        case 'start':
          current = begin(message.spec);
          return;
        case 'read':
          current = { ...begin(message.spec), read: openReader(message.source) };
          return await opened(current);
        case 'rows':
          export_?.renderer.addRows(rowsFrom(message.rows));
          send({ type: 'rendered' });
          return;
        case 'next':
          return await renderNext(export_);
        case 'finish':
          if (export_ !== undefined) await complete(export_, message.totals);
          else send({ type: 'finished', cpuMs: threadStat()?.cpuMs });
          return;
        case 'abort':
          current = undefined;
          return await abandon(export_);
        case 'stat': {
          const stat = threadStat();
          send({ type: 'stat', tid: stat?.tid, nice: stat?.nice, policy: stat?.policy, cpuMs: stat?.cpuMs });
          return;
        }
      }
    } catch (error) {
      fail(message.type === 'start' || message.type === 'read' ? current : export_, error);
    }
  }

  /** `read`: tells the API which backend the export reads on, and how it was lowered. */
  async function opened(export_: Current): Promise<void> {
    try {
      const read = await export_.read;
      if (read !== undefined) send({ type: 'backend', pid: read.backendPid, ...read.lowered });
    } catch (error) {
      fail(export_, error);
    }
  }

  /** `next`: renders the batch read ahead (the next one is read meanwhile), or ends the document after the last. */
  async function renderNext(export_: Current | undefined): Promise<void> {
    // The export failed before this `next` arrived (its reading could not connect: `failed` was sent) or was
    // abandoned: nothing to render.
    if (export_ === undefined) return;
    const read = await export_.read;
    if (read === undefined) throw new Error('export-render-worker: next without read');
    const batch = await read.next();
    // Abandoned meanwhile (message `abort`): nothing more to write, nor to say.
    if (current !== export_) return;
    if (batch !== undefined) {
      export_.renderer.addRows(rowsFrom(batch.rows));
      send({ type: 'rendered', count: batch.count });
      return;
    }
    const totals = await read.documentTotals();
    await read.close();
    await complete(export_, totals);
  }
}

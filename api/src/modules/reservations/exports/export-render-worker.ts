/**
 * The export render worker (export-render-pool.ts, export-render-hosts.ts): one export at a time, its rows in, the
 * file's bytes out. It runs either as a child process of its own session, which the API lowered as a whole
 * (SCHED_IDLE on every thread, its autogroup at nice 19 — the default), or as a worker thread of the API that first
 * lowers its own thread (export-priority.ts: nice 19, then SCHED_IDLE; on Linux both apply to this thread only).
 * Either way the API's main thread (the list requests) keeps its priority, and rendering takes the CPU only when
 * nothing else wants it — and gives it back at once when a list request wakes the main thread.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerOwnThread, schedulingOf, type ExportPriorityMode } from './export-priority';
import { rowsFrom, startRenderer, type ExportRenderer } from './export-render';
import type { ToParent, ToWorker, WorkerData } from './export-render-protocol';

/** The way to the API: the thread's port, or the child process's IPC channel (`advanced` serialisation). */
const channel = parentPort ?? (process.send === undefined ? undefined : process);
if (channel === undefined) throw new Error('export-render-worker: neither a parent port nor an IPC channel');

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

let renderer: ExportRenderer | undefined;
let written: Promise<void> = Promise.resolve();

channel.on('message', (message: ToWorker) => {
  void handle(message).catch((error: unknown) => {
    renderer = undefined;
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
});

async function handle(message: ToWorker): Promise<void> {
  switch (message.type) {
    case 'start': {
      const output = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          // A copy the worker gives away: pdfkit and exceljs may hand out views of pooled buffers.
          const bytes = new Uint8Array(chunk);
          send({ type: 'bytes', bytes }, [bytes.buffer as ArrayBuffer]);
          callback();
        },
      });
      renderer = startRenderer(message.spec, output);
      written = finished(output);
      // A failure is reported by the finish that awaits it.
      written.catch(() => undefined);
      return;
    }
    case 'rows':
      renderer?.addRows(rowsFrom(message.rows));
      send({ type: 'rendered' });
      return;
    case 'finish': {
      const current = renderer;
      renderer = undefined;
      await current?.finish(message.totals);
      // exceljs resolves its commit before the archive's last bytes reach the output: the bytes go first.
      await written;
      send({ type: 'finished', cpuMs: threadStat()?.cpuMs });
      return;
    }
    case 'abort':
      renderer?.abort();
      renderer = undefined;
      return;
    case 'stat': {
      const stat = threadStat();
      send({ type: 'stat', tid: stat?.tid, nice: stat?.nice, policy: stat?.policy, cpuMs: stat?.cpuMs });
      return;
    }
  }
}

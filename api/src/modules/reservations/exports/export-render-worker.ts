/**
 * The export render worker (export-render-pool.ts): one export at a time, its rows in, the file's bytes out. It
 * first lowers its own thread's scheduling priority (nice 19): on Linux setpriority on « process 0 » from a thread
 * applies to that thread only, so the API's main thread (the list requests) keeps its priority and rendering takes
 * the CPU only when nothing else wants it.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort } from 'node:worker_threads';
import { startRenderer, type ExportRenderer } from './export-render';
import type { ToParent, ToWorker } from './export-render-protocol';

const port = parentPort;
if (port === null) throw new Error('export-render-worker: no parent port');

/** This thread's nice value and CPU time (ms), from /proc/thread-self/stat (Linux); undefined elsewhere. */
function threadStat(): { nice: number; cpuMs: number } | undefined {
  try {
    // Fields after « (comm) »: state is field 3, utime 14, stime 15, nice 19.
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { nice: Number(fields[16]), cpuMs: (ticks * 1000) / 100 };
  } catch {
    return undefined;
  }
}

const send = (message: ToParent, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted on this system: the worker still keeps rendering off the main thread.
}

let renderer: ExportRenderer | undefined;
let written: Promise<void> = Promise.resolve();

port.on('message', (message: ToWorker) => {
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
      renderer?.addRows(message.rows);
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
    case 'stat':
      send({ type: 'stat', nice: threadStat()?.nice, cpuMs: threadStat()?.cpuMs });
      return;
  }
}

// The autocannon loader of load.ts run in a child process: its own event loop, so that the latencies it measures are
// not inflated by the benchmark's other work (a generator and sockets in the parent). Same machine, same cores: no
// load leaves the measure, only the timing of the measured requests leaves the busy event loop. (Not a worker thread:
// autocannon takes a worker for one of its own and answers it differently.)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loader, type Row } from './load';

interface Job {
  options: { connections: number; requests: number };
  label: string;
  url: string;
  headers: Record<string, string>;
  body: object | undefined;
}

const self = fileURLToPath(import.meta.url);

if (process.argv[1] === self && process.argv[2] !== undefined) {
  const job = JSON.parse(process.argv[2]) as Job;
  const row = await loader(job.options)(job.label, job.url, job.headers, job.body);
  process.stdout.write(JSON.stringify(row));
}

/** Like `loader`, each run in a child process (node with tsx). */
export function loaderInChild(options: { connections: number; requests: number }) {
  return (label: string, url: string, headers: Record<string, string> = {}, body?: object): Promise<Row> =>
    new Promise<Row>((done, fail) => {
      const job: Job = { options, label, url, headers, body };
      const child = spawn(process.execPath, ['--import', 'tsx', self, JSON.stringify(job)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', fail);
      child.once('exit', (code) =>
        code === 0 ? done(JSON.parse(out) as Row) : fail(new Error(`chargeur de liste : code ${code}`)),
      );
    });
}

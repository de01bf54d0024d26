// An export render worker's boot from the sources (export-render-hosts.ts): worker threads do not honour
// `--import tsx` in execArgv, so the boot registers tsx itself before loading the worker entry's TypeScript, whose
// path is its last argument (the same under `tsx src/server.ts` and vitest).
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const entry = process.argv.at(-1);
if (entry === undefined || !entry.endsWith('.ts'))
  throw new Error('export-render-worker-boot: the worker entry (a .ts file) is its last argument');
register();
await import(pathToFileURL(entry).href);

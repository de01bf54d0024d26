// The export render worker's entry (export-render-pool.ts): worker threads do not honour `--import tsx` in execArgv,
// so the worker registers tsx itself before loading its TypeScript (the same under `tsx src/server.ts` and vitest).
import { register } from 'tsx/esm/api';

register();
await import('./export-render-worker.ts');

// `pnpm registry <command>` (registry-command.ts): on DATABASE_URL, else the embedded PostgreSQL of DATA_DIR, as the
// server does. While `npm start` runs, its embedded server holds DATA_DIR: the command reaches that server through its
// socket instead of starting its own.
import { readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { runningServerUrl } from '../db/embedded-postgres';
import { EXIT, runRegistryCommand } from './registry-command';

async function open(): Promise<DatabaseHandle> {
  const config = loadConfig();
  if (config.databaseUrl !== undefined) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  try {
    return await openDatabase({ kind: 'embedded', dataDir: config.dataDir });
  } catch (error) {
    const url = error instanceof DataDirLockedError ? runningServerUrl(config.dataDir) : undefined;
    if (url === undefined) throw error;
    return openDatabase({ kind: 'postgres', url });
  }
}

const actor = { kind: 'cli', name: `cli:${userInfo().username}@${hostname()}` } as const;
let code: number = EXIT.failed;
try {
  const handle = await open();
  try {
    code = await runRegistryCommand(process.argv.slice(2), handle.db, actor, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      readFile: (path) => readFileSync(path, 'utf8'),
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`Base de données inaccessible : ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(code);

// The database of a command line tool (`pnpm registry`, `pnpm release`): DATABASE_URL, else the embedded PostgreSQL
// of DATA_DIR, as the server does. While `npm start` runs, its embedded server holds DATA_DIR: the command reaches
// that server through its socket instead of starting its own.
import { hostname, userInfo } from 'node:os';
import type { AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { runningServerUrl } from '../db/embedded-postgres';

export async function openCliDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  try {
    return await openDatabase({ kind: 'embedded', dataDir: config.dataDir });
  } catch (error) {
    const url = error instanceof DataDirLockedError ? runningServerUrl(config.dataDir) : undefined;
    if (url === undefined) throw error;
    return openDatabase({ kind: 'postgres', url });
  }
}

/** Who a command's registry changes are audited as: the user and machine that ran it. */
export const cliActor = () => ({ kind: 'cli', name: `cli:${userInfo().username}@${hostname()}` }) as const;

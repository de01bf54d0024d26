// `pnpm registry <command>` (registry-command.ts) on the database of open-database.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { openReleaseStore } from '../lib/release-store/open-release-store';
import { cliActor, openCliDatabase } from './open-database';
import { EXIT, runRegistryCommand } from './registry-command';

/** The builds' root when WEB_ROOT does not name one: this repository's (the folder `npm start` serves). */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let code: number = EXIT.failed;
try {
  const config = loadConfig();
  const handle = await openCliDatabase(config);
  try {
    code = await runRegistryCommand(process.argv.slice(2), handle.db, cliActor(), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      readFile: (path) => readFileSync(path, 'utf8'),
      cwd: process.env.INIT_CWD ?? process.cwd(),
      openStore: () => openReleaseStore(config.releaseStore),
      webRoot: config.webRoot ?? repoRoot,
    });
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`Base de données inaccessible : ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(code);

// `npm start`'s release step (scripts/start.sh): see release-built-command.ts and docs/deployment.md « Livrer un module ».
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '../config';
import { openReleaseStore } from '../lib/release-store/open-release-store';
import { createReleasesService } from '../modules/releases';
import { cliActor, openCliDatabase } from './open-database';
import { releaseBuilt } from './release-built-command';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The commit checked out; a copy without git gets a fixed one (the ids still follow the bytes). */
async function checkedOutCommit(): Promise<{ hash: string; date: Date }> {
  try {
    const { stdout } = await promisify(execFile)('git', ['log', '-1', '--format=%H %cI'], { cwd: repoRoot });
    const [hash = '', date = ''] = stdout.trim().split(' ');
    if (/^[0-9a-f]{40}$/.test(hash)) return { hash, date: new Date(date) };
  } catch {
    // No git, or not a repository: the fixed commit below.
  }
  return { hash: '0'.repeat(40), date: new Date(0) };
}

let code = 0;
try {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const handle = await openCliDatabase(config);
  try {
    await releaseBuilt({
      repoRoot,
      store: openReleaseStore(config.releaseStore),
      registry: createReleasesService(handle.db),
      actor: cliActor(),
      commit: await checkedOutCommit(),
      print: (line) => console.log(line),
    });
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(
    `La mise en version de la construction a échoué : ${error instanceof Error ? error.message : String(error)}`,
  );
  code = 1;
}
process.exit(code);

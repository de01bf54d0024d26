// `pnpm release <module> [--skip-checks]`: see release-command.ts and docs/deployment.md « Livrer un module ».
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig, type AppConfig } from '../config';
import { openReleaseStore } from '../lib/release-store/open-release-store';
import { createReleasesService } from '../modules/releases';
import { cliActor, openCliDatabase } from './open-database';
import { RELEASE_EXIT, runRelease, type ReleaseSteps } from './release-command';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const git = async (...args: string[]) =>
  (await promisify(execFile)('git', args, { cwd: repoRoot })).stdout.trim();

let config: AppConfig;

const steps: ReleaseSteps = {
  run: (command, args) =>
    new Promise((resolve) => {
      const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => resolve(code === 0));
    }),
  async commit(path) {
    const [hash, date, status] = await Promise.all([
      git('rev-parse', 'HEAD'),
      git('log', '-1', '--format=%cI'),
      git('status', '--porcelain', '--untracked-files=no', '--', path),
    ]);
    return { hash, date: new Date(date), dirty: status !== '' };
  },
  async register(manifest) {
    const handle = await openCliDatabase(config);
    try {
      const release = { ...manifest, routes: [...manifest.routes], menu: [...manifest.menu] };
      return (await createReleasesService(handle.db).register(release, cliActor())).message;
    } finally {
      await handle.close();
    }
  },
};

let code: number;
try {
  // Relative paths (RELEASE_STORE=./versions) are the caller's, not api/'s where pnpm runs this.
  config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  code = await runRelease(process.argv.slice(2), {
    repoRoot,
    store: openReleaseStore(config.releaseStore),
    steps,
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  code = RELEASE_EXIT.error;
}
process.exit(code);

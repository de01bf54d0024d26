// `pnpm release <module> [--skip-checks]`: see release-command.ts and docs/deployment.md « Livrer un module ».
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '../config';
import { openReleaseStore } from '../lib/release-store/open-release-store';
import { RELEASE_EXIT, runRelease, type ReleaseSteps } from './release-command';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const git = async (...args: string[]) =>
  (await promisify(execFile)('git', args, { cwd: repoRoot })).stdout.trim();

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
};

let code: number;
try {
  // Relative paths (RELEASE_STORE=./versions) are the caller's, not api/'s where pnpm runs this.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
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

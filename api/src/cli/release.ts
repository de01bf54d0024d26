// `pnpm release <module> [--skip-checks]`: see release-command.ts and docs/deployment.md « Livrer un module ».
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig, type AppConfig } from '../config';
import { openReleaseStore } from '../lib/release-store/open-release-store';
import { createReleasesService } from '../modules/releases';
import { openApiOperations, unmetByHost } from '../modules/releases/compatibility';
import { cliActor, openCliDatabase } from './open-database';
import { RELEASE_EXIT, runRelease, type ReleaseSteps } from './release-command';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const git = async (...args: string[]) =>
  (await promisify(execFile)('git', args, { cwd: repoRoot })).stdout.trim();

let config: AppConfig;

/** The running API's operations from its OpenAPI document (EBAS3_API_URL, else this machine's API), or why not. */
async function runningApiOperations(): Promise<string[] | string> {
  const url = `${process.env.EBAS3_API_URL ?? `http://localhost:${config.port}`}/api/openapi.json`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return `${url} a répondu ${response.status}`;
    return openApiOperations((await response.json()) as Parameters<typeof openApiOperations>[0]);
  } catch {
    return `API injoignable à ${url}`;
  }
}

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
  async compatibility(requirements) {
    const operations = await runningApiOperations();
    const handle = await openCliDatabase(config);
    try {
      const outcome = await unmetByHost(handle.db, requirements, {
        hostBuildDir: () => join(repoRoot, 'host-shell', 'dist'),
        apiOperations: () => (typeof operations === 'string' ? undefined : operations),
      });
      return { ...outcome, ...(typeof operations === 'string' && { apiUnchecked: operations }) };
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

import { spawn } from 'node:child_process';
import { freePort, ROOT } from './product';

/** The two ways a team runs a remote alone (README « Développer un remote seul »): its package scripts. */
export type StandaloneScript = 'dev' | 'preview';

export interface StandaloneRemote {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Where the standalone servers proxy `/api` (EBAS3_DEV_API, shared/src/federation/rsbuild-config.ts): a closed
 * port, so only the MSW mocks can answer the page, never an API another run left on 8080.
 */
const NO_API = 'http://127.0.0.1:9';

/** A dev compile or a standalone build per remote, several at once on 2 cores beside other suites. */
const START_TIMEOUT_MS = Number(process.env.E2E_STANDALONE_START_TIMEOUT_MS) || 300_000;

/**
 * `pnpm --filter ./<dir> <script> --port <free port>`, as a developer types it; resolves once the server answers
 * the remote's manifest (the dev server after its first compile, `preview` after its build).
 */
export async function startStandaloneRemote(
  dir: string,
  script: StandaloneScript,
): Promise<StandaloneRemote> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, EBAS3_DEV_API: NO_API };
  // Each command picks its own mode (development for dev, production for build and preview).
  delete env.NODE_ENV;
  const child = spawn('pnpm', ['--filter', `./${dir}`, script, '--port', String(port)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: pnpm, the script's shell and rsbuild stop together.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGTERM');
    }
    await exited;
  };
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`« ${script} » de ${dir} s'est arrêté :\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`« ${script} » de ${dir} ne répond pas sur ${url} :\n${output}`);
      const ready = await fetch(`${url}/mf-manifest.json`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ready) return { url, stop };
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

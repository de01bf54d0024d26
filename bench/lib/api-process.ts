// Starting the API under test and preparing its data directory, shared by the API benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const API = join(ROOT, 'api');

/** Command-line arguments of the running script, without pnpm's `--` separators. */
export const cliArgs = (): string[] => process.argv.slice(2).filter((arg) => arg !== '--');

/** A random port in 20000–29999 for the API. */
export const randomPort = (): number => 20_000 + Math.floor(Math.random() * 10_000);

/**
 * How the API runs: `compiled` as `npm start` runs it (api/dist, built by `pnpm build`), `sources` through tsx as
 * `pnpm dev` and the tests do (and `npm start` did before it was compiled).
 */
export const API_COMMANDS = {
  compiled: ['dist/server.js'],
  sources: ['--import', 'tsx', 'src/server.ts'],
} as const;
export type ApiCommand = keyof typeof API_COMMANDS;

/** The compiled API's entry; a clear error when it has not been built. */
export function requireCompiledApi(): void {
  if (!existsSync(join(API, API_COMMANDS.compiled[0])))
    throw new Error(
      'api/dist/server.js manquant : lancez « pnpm build » (ou « pnpm --filter ./api build »).',
    );
}

/** The API process on `dataDir` and `port`, demo mode, warnings only; not waited for. */
export function spawnApi(
  command: ApiCommand,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, ...API_COMMANDS[command]], {
    cwd: API,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts the API (`src/server.ts` through tsx unless `command` says `compiled`) in demo mode on 127.0.0.1:`port`
 * and waits (up to 2 minutes) for /api/health. `env`: extra settings (e.g. MAX_CONNECTIONS_PER_ADDRESS for many
 * sockets from one address); `nodeArgs`: extra options of node (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 */
export async function startApi(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  command: ApiCommand = 'sources',
): Promise<ChildProcess> {
  if (command === 'compiled') requireCompiledApi();
  const api = spawnApi(command, dataDir, port, env, nodeArgs);
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return api;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  api.kill();
  throw new Error("L'API n'a pas démarré");
}

const DEMO_LOGINS = {
  agent: { email: 'agent@ebas3.fr', password: 'Agent!2023' },
  admin: { email: 'admin@ebas3.fr', password: 'Admin!2023' },
} as const;

/** Logs in as a demo user (the agent by default) on the API at `base` (`http://host:port/api`); the bearer token. */
export async function agentToken(base: string, who: keyof typeof DEMO_LOGINS = 'agent'): Promise<string> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGINS[who]),
  });
  const { token } = (await login.json()) as { token: string };
  return token;
}

/** Runs the demo generator with the `large` preset into `dataDir`; resolves to the last line it printed. */
function generateLarge(dataDir: string, today?: string): Promise<string> {
  const args = ['--import', 'tsx', 'src/demo/cli.ts', '--preset', 'large'];
  if (today !== undefined) args.push('--today', today);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: API,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0
        ? done(out.trim().split('\n').pop() ?? '')
        : fail(new Error(`node ${args.join(' ')} : code ${code}`)),
    );
  });
}

export interface LargeData {
  dataDir: string;
  /** The generator's summary line, or « réutilisée » for a reused directory. */
  generation: string;
  /** Removes the generated directory (nothing for a reused one). */
  cleanup: () => void;
}

/** The `reuse` data directory as is, or a fresh `large` data set generated in a temporary directory. */
export async function largeData(reuse: string | undefined, today?: string): Promise<LargeData> {
  if (reuse) return { dataDir: reuse, generation: 'réutilisée', cleanup: () => {} };
  const workDir = mkdtempSync(join(tmpdir(), 'ebas3-bench-'));
  const dataDir = join(workDir, 'data');
  return {
    dataDir,
    generation: await generateLarge(dataDir, today),
    cleanup: () => rmSync(workDir, { recursive: true, force: true }),
  };
}

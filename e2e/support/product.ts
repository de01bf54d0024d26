import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runClockEnv } from './clock';
import { startStaticServer } from './static-server';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export const REMOTE_DIRS = {
  mf_reservations: 'mf-reservations',
  mf_demandes: 'mf-demandes',
  mf_rooming_pointage: 'mf-rooming-pointage',
  mf_referentiel: 'mf-referentiel',
  mf_stats: 'mf-stats',
} as const;
export type RemoteName = keyof typeof REMOTE_DIRS;

export const DEMO_ADMIN = { email: 'admin@ebas3.fr', password: 'Admin!2023', name: 'Camille Martin' };
export const DEMO_AGENT = { email: 'agent@ebas3.fr', password: 'Agent!2023', name: 'Julien Bernard' };

function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/**
 * A free port below Linux's ephemeral range (32768+): a stopped remote server must be able to take its port
 * back, which fails if the browser's own outgoing sockets picked it up in the meantime.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('Aucun port libre trouvé entre 20000 et 32000');
}

/**
 * How long the API may take to start (demo data generated into a fresh database: ~50 s on 2 cores at load 16).
 * E2E_API_START_TIMEOUT_MS raises it on a machine loaded by others' suites.
 */
const API_START_TIMEOUT_MS = Number(process.env.E2E_API_START_TIMEOUT_MS) || 60_000;

export async function waitForHealth(url: string, api: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + API_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`L'API s'est arrêtée au démarrage :\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`L'API ne répond pas sur ${url} :\n${output()}`);
}

/**
 * The environment variable naming a data directory whose demo data every product of the run starts from
 * (`support/with-demo-data.ts` generates it once): a copy takes 0.1 s where generating takes ≈ 15 s.
 */
export const DEMO_DATA_TEMPLATE = 'E2E_DEMO_DATA_TEMPLATE';

/** The compiled API, as `npm start` runs it (api/scripts/build.mjs, run by `pnpm build`). */
const API_ENTRY = 'dist/server.js';

/**
 * The API in demo mode, as the product runs it — compiled (`env` adds PORT, DATA_DIR…); its output goes to `log`.
 */
export function spawnDemoApi(env: Record<string, string>, log: (text: string) => void): ChildProcess {
  if (!existsSync(join(ROOT, 'api', API_ENTRY))) {
    throw new Error(`api/${API_ENTRY} manquant : lancez « pnpm build » avant les tests navigateur.`);
  }
  const child = spawn(process.execPath, [API_ENTRY], {
    cwd: join(ROOT, 'api'),
    env: {
      ...process.env,
      ...runClockEnv(),
      HOST: '127.0.0.1',
      DEMO_MODE: '1',
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString()));
  return child;
}

/** SIGTERM (the API's clean shutdown: its embedded database stopped, its lock released), then its exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export interface RemoteServer {
  url: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

export interface Product {
  baseUrl: string;
  /** The API's data directory (its embedded PostgreSQL's cluster and socket). */
  dataDir: string;
  /** The folder of the release store the API serves `/releases/` from (RELEASE_STORE). */
  releaseStore: string;
  remotes: Record<RemoteName, RemoteServer>;
  stop: () => Promise<void>;
  /** Stops the API process (its socket server and embedded database with it); the remotes' servers stay up. */
  stopApi: () => Promise<void>;
  /** Starts the API again on the same port, data and secret (the sessions stay valid); resolves once healthy. */
  startApi: () => Promise<void>;
}

export interface ProductOptions {
  /**
   * Extra environment of the API process (docs/deployment.md), e.g. `{ SMTP_URL }` to send the e-mails to a test
   * SMTP server instead of keeping them in the local outbox.
   */
  env?: Record<string, string>;
  /**
   * `/runtime-config.json` served from the registry of releases, as `npm start` and a deployment serve it (no
   * RUNTIME_CONFIG_FILE): a remote with no live release keeps its build's entry (`/remotes/<dir>/`).
   */
  fromRegistry?: boolean;
}

/** A product serving `/runtime-config.json` from the registry: no static server of its own for the remotes. */
export type RegistryProduct = Omit<Product, 'remotes'>;

/** Each remote's build on a static server of its own (its own origin). */
async function startRemoteServers(): Promise<Record<RemoteName, RemoteServer>> {
  const remotes = {} as Record<RemoteName, RemoteServer>;
  for (const [name, dir] of Object.entries(REMOTE_DIRS) as [RemoteName, string][]) {
    const port = await freePort();
    let server = await startStaticServer(join(ROOT, dir, 'dist'), { port });
    remotes[name] = {
      url: server.url,
      port,
      stop: () => server.close(),
      start: async () => {
        server = await startStaticServer(join(ROOT, dir, 'dist'), { port });
      },
    };
  }
  return remotes;
}

/**
 * The production build as deployed: the API serving the host on one origin, each remote on its own static
 * server (its own origin), wired through a runtime registry file. A fresh embedded database in demo mode: a copy of
 * the run's demo data template when there is one (DEMO_DATA_TEMPLATE), else generated at start.
 *
 * `fromRegistry`: the registry of releases names the remotes (their releases, or their builds served by the API
 * under `/remotes/<dir>/`), so no static server is started for them.
 */
export async function startProduct(
  options: ProductOptions & { fromRegistry: true },
): Promise<RegistryProduct>;
export async function startProduct(options?: ProductOptions & { fromRegistry?: false }): Promise<Product>;
export async function startProduct(options: ProductOptions = {}): Promise<Product | RegistryProduct> {
  for (const dir of ['host-shell', ...Object.values(REMOTE_DIRS)]) {
    if (!existsSync(join(ROOT, dir, 'dist', 'index.html'))) {
      throw new Error(`${dir}/dist manquant : lancez « pnpm build » avant les tests navigateur.`);
    }
  }
  const workDir = mkdtempSync(join(tmpdir(), 'ebas3-e2e-'));
  const remotes = options.fromRegistry ? undefined : await startRemoteServers();
  const registry = join(workDir, 'runtime-config.json');
  if (remotes)
    writeFileSync(
      registry,
      JSON.stringify({
        apiBaseUrl: '/api',
        remotes: Object.fromEntries(
          Object.entries(remotes).map(([name, r]) => [name, `${r.url}/mf-manifest.json`]),
        ),
      }),
    );

  const port = await freePort();
  const template = process.env[DEMO_DATA_TEMPLATE];
  const dataDir = join(workDir, 'data');
  const releaseStore = join(workDir, 'releases');
  // `cp -a` keeps the database files' owner (the embedded server's own system user when run as root) and modes.
  if (template) execFileSync('cp', ['-a', template, dataDir]);
  let output = '';
  const spawnApi = () =>
    spawnDemoApi(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_ROOT: ROOT,
        RELEASE_STORE: releaseStore,
        ...(remotes && { RUNTIME_CONFIG_FILE: registry }),
        ...options.env,
      },
      (text) => (output += text),
    );
  let api = spawnApi();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stopApi = () => stopProcess(api);
  const stop = async () => {
    await Promise.all(Object.values(remotes ?? {}).map((r) => r.stop().catch(() => undefined)));
    await stopApi();
    rmSync(workDir, { recursive: true, force: true });
  };
  const startApi = async () => {
    await stopApi();
    api = spawnApi();
    await waitForHealth(`${baseUrl}/api/health`, api, () => output);
  };
  try {
    await waitForHealth(`${baseUrl}/api/health`, api, () => output);
  } catch (error) {
    // An API that never answers must not leave the remotes' servers holding the test process open.
    await stop();
    throw error;
  }
  const product = { baseUrl, dataDir, releaseStore, stop, stopApi, startApi };
  return remotes ? { ...product, remotes } : product;
}

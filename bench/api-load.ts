// Times the large demo generation, then loads the main list endpoints with a counted number of requests
// (autocannon on 127.0.0.1) beside a bare node:http baseline measured in the same run. Prints markdown tables.
// Usage: pnpm bench:api [-- --reuse /path/to/data-dir]   (a reused dir skips the generation)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const API = join(ROOT, 'api');
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    reuse: { type: 'string' },
    requests: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '8' },
  },
});
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const TODAY = '2026-11-21';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: API,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? done(out) : fail(new Error(`${command} ${args.join(' ')} : code ${code}`)),
    );
  });
}

async function startApi(dataDir: string, port: number): Promise<ChildProcess> {
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

interface Row {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function load(label: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers });
  return {
    label,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Completed requests over the run's duration (autocannon's per-second average saturates on short runs).
    rps: Math.round(result.requests.total / result.duration),
    errors: result.errors + result.non2xx,
  };
}

const workDir = mkdtempSync(join(tmpdir(), 'ebas3-bench-'));
const dataDir = values.reuse ?? join(workDir, 'data');
let generation = 'réutilisée';
if (!values.reuse) {
  const out = await run(
    'node',
    ['--import', 'tsx', 'src/demo/cli.ts', '--preset', 'large', '--today', TODAY],
    {
      DATA_DIR: dataDir,
    },
  );
  generation = out.trim().split('\n').pop() ?? '';
}

const baseline = createServer((_req, res) => {
  const body = JSON.stringify({ data: [{ id: 1, nom: 'Hôtel du Parc' }], total: 1 });
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
const baselinePort = (baseline.address() as { port: number }).port;

const port = 20_000 + Math.floor(Math.random() * 10_000);
const api = await startApi(dataDir, port);
const rows: Row[] = [];
try {
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agent@ebas3.fr', password: 'Agent!2023' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const base = `http://127.0.0.1:${port}/api`;
  rows.push(await load('node:http nu (référence)', `http://127.0.0.1:${baselinePort}/`));
  rows.push(await load('GET /api/health', `${base}/health`));
  rows.push(await load('GET /api/etablissements (page 1, 50)', `${base}/etablissements?pageSize=50`, auth));
  rows.push(
    await load('GET /api/etablissements?ville=lyon', `${base}/etablissements?pageSize=50&ville=lyon`, auth),
  );
  rows.push(await load('GET /api/clients (page 1, 50)', `${base}/clients?pageSize=50`, auth));
  rows.push(await load('GET /api/pensionnaires (page 1, 50)', `${base}/pensionnaires?pageSize=50`, auth));
  rows.push(
    await load(
      'GET /api/pensionnaires?nom=dia (recherche)',
      `${base}/pensionnaires?pageSize=50&nom=dia`,
      auth,
    ),
  );
  rows.push(
    await load(
      'GET /api/pensionnaires page 100 tri prénom',
      `${base}/pensionnaires?pageSize=50&page=100&sort=prenom`,
      auth,
    ),
  );
} finally {
  api.kill('SIGTERM');
  baseline.close();
  if (!values.reuse) rmSync(workDir, { recursive: true, force: true });
}

console.info(`Génération « large » : ${generation}`);
console.info(`\n${REQUESTS} requêtes par ligne, ${CONNECTIONS} connexions, 127.0.0.1\n`);
console.info('| Requête | p50 (ms) | p99 (ms) | req/s | erreurs |');
console.info('|---|---:|---:|---:|---:|');
for (const row of rows)
  console.info(`| ${row.label} | ${row.p50} | ${row.p99} | ${row.rps} | ${row.errors} |`);

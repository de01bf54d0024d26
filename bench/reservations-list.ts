// Loads POST /api/reservations (page of 50) with realistic filter bodies on the "large" demo data (≈100,000
// stays, 1.9 M nights), beside a bare node:http baseline measured in the same run. Target: p99 ≤ 25 ms at one
// connection. Prints a markdown table (docs/performance.md, "Reservations list").
// Usage: pnpm --filter bench exec tsx reservations-list.ts --reuse /tmp/ebas3-large [--requests 300]
//        [--connections 1]   (without --reuse, the large data set is generated first: about 5 minutes)
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
    requests: { type: 'string', default: '300' },
    connections: { type: 'string', default: '1' },
  },
});
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function generate(dataDir: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/demo/cli.ts', '--preset', 'large'], {
      cwd: API,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? done(out.trim().split('\n').pop() ?? '') : fail(new Error(`code ${code}`)),
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
  total?: number;
}

async function load(
  label: string,
  url: string,
  headers: Record<string, string> = {},
  body?: object,
): Promise<Row> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: REQUESTS,
    ...(body === undefined
      ? { headers }
      : {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { ...headers, 'content-type': 'application/json' },
        }),
  });
  return {
    label,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.total / result.duration),
    errors: result.errors + result.non2xx,
  };
}

const workDir = mkdtempSync(join(tmpdir(), 'ebas3-bench-'));
const dataDir = values.reuse ?? join(workDir, 'data');
const generation = values.reuse ? 'réutilisée' : await generate(dataDir);

const baseline = createServer((_req, res) => {
  const body = JSON.stringify({ reservations: [{ id: 1, statut: 'confirmee' }], total: 1 });
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
  const list = `http://127.0.0.1:${port}/api/reservations`;
  const post = async (body: object) => {
    const response = await fetch(list, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return (await response.json()) as { total: number; reservations: { client_id: number }[] };
  };
  const sample = await post({ pageSize: 1 });
  const clientId = sample.reservations[0]?.client_id ?? 1;

  const bodies: [string, object][] = [
    ['sans filtre (page 1)', {}],
    ['client_id', { client_id: clientId }],
    [
      'statut confirmée|en cours + dates (30 j)',
      { statut: ['confirmee', 'en_cours'], start_date: today, end_date: addDays(today, 30) },
    ],
    ['recherche pensionnaire « dia »', { pensionnaire: 'dia' }],
    ['etat = prolongable', { etat: 'prolongable' }],
    ['tableau de bord « à prolonger »', { jours: 'a_prolonger', etat: 'prolongable' }],
    ['tri pensionnaire, page 200', { sort: 'pensionnaire', page: 200 }],
  ];
  rows.push(await load('node:http nu (référence)', `http://127.0.0.1:${baselinePort}/`));
  for (const [label, body] of bodies) {
    const { total } = await post({ ...body, pageSize: 50 });
    rows.push({ ...(await load(label, list, auth, { ...body, pageSize: 50 })), total });
  }
} finally {
  api.kill('SIGTERM');
  baseline.close();
  if (!values.reuse) rmSync(workDir, { recursive: true, force: true });
}

console.info(`Données « large » : ${generation}`);
console.info(
  `\nPOST /api/reservations, pageSize 50 : ${REQUESTS} requêtes par ligne, ${CONNECTIONS} connexion(s), 127.0.0.1\n`,
);
console.info('| Corps | lignes (total) | p50 (ms) | p99 (ms) | req/s | erreurs |');
console.info('|---|---:|---:|---:|---:|---:|');
for (const row of rows)
  console.info(
    `| ${row.label} | ${row.total ?? '—'} | ${row.p50} | ${row.p99} | ${row.rps} | ${row.errors} |`,
  );

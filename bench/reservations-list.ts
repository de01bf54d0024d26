// Loads POST /api/reservations (page of 50) with realistic filter bodies on the "large" demo data (≈100,000
// stays, 1.9 M nights), beside a bare node:http baseline measured in the same run. Target: p99 ≤ 25 ms at one
// connection. Prints a markdown table (docs/performance.md, "Reservations list") with, per body, the CPU time per
// request of the API process and of the PostgreSQL processes it started (/proc: load-robust, unlike latency).
// Usage: pnpm --filter bench exec tsx reservations-list.ts --reuse /tmp/ebas3-large [--requests 300]
//        [--connections 1] [--cpu-prof DIR]   (without --reuse, the large data set is generated first: about
//        5 minutes; --cpu-prof writes the API's V8 CPU profile into DIR when it stops)
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { agentToken, cliArgs, largeData, randomPort, startApi } from './lib/api-process';
import { startBaseline } from './lib/baseline';
import { cpuTree } from './lib/cpu';
import { addDays, parisToday } from './lib/dates';
import { loader, printTable, type Row } from './lib/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string' },
    requests: { type: 'string', default: '300' },
    connections: { type: 'string', default: '1' },
    'cpu-prof': { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const load = loader({ connections: CONNECTIONS, requests: REQUESTS });

const today = parisToday();

const { dataDir, generation, cleanup } = await largeData(values.reuse);
const baseline = await startBaseline({ reservations: [{ id: 1, statut: 'confirmee' }], total: 1 });

const port = randomPort();
const profileDir = values['cpu-prof'];
const api = await startApi(
  dataDir,
  port,
  {},
  profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
);
const rows: (Row & { total?: number; apiCpu?: string; dbCpu?: string })[] = [];
try {
  const base = `http://127.0.0.1:${port}/api`;
  const auth = { authorization: `Bearer ${await agentToken(base)}` };
  const list = `${base}/reservations`;
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
    ['tri client (décroissant), page 200', { sort: 'client', order: 'desc', page: 200 }],
    ['tri établissement, page 200', { sort: 'etablissement', page: 200 }],
    ['tri date de fin, page 200', { sort: 'date_fin', page: 200 }],
    ['sans filtre, page 2 000 (dernière)', { page: 2000 }],
  ];
  rows.push(await load('node:http nu (référence)', baseline.url));
  for (const [label, body] of bodies) {
    const { total } = await post({ ...body, pageSize: 50 });
    const before = cpuTree(api.pid as number);
    const row = await load(label, list, auth, { ...body, pageSize: 50 });
    const after = cpuTree(api.pid as number);
    const perRequest = (ms: number) => (ms / REQUESTS).toFixed(2);
    rows.push({
      ...row,
      total,
      apiCpu: perRequest(after.self - before.self),
      dbCpu: perRequest(after.descendants - before.descendants),
    });
  }
} finally {
  const exited = once(api, 'exit');
  api.kill('SIGTERM');
  if (profileDir !== undefined) await exited;
  baseline.close();
  cleanup();
}

console.info(`Données « large » : ${generation}`);
console.info(
  `\nPOST /api/reservations, pageSize 50 : ${REQUESTS} requêtes par ligne, ${CONNECTIONS} connexion(s), 127.0.0.1\n`,
);
printTable(
  [
    'Corps',
    'lignes (total)',
    'p50 (ms)',
    'p99 (ms)',
    'req/s',
    'erreurs',
    'CPU API (ms/req)',
    'CPU PostgreSQL (ms/req)',
  ],
  rows.map((row) => [
    row.label,
    row.total ?? '—',
    row.p50,
    row.p99,
    row.rps,
    row.errors,
    row.apiCpu ?? '—',
    row.dbCpu ?? '—',
  ]),
);

// Times the large demo generation, then loads the main list endpoints with a counted number of requests
// (autocannon on 127.0.0.1) beside a bare node:http baseline measured in the same run. Prints markdown tables.
// Usage: pnpm bench:api [-- --reuse /path/to/data-dir]   (a reused dir skips the generation)
import { parseArgs } from 'node:util';
import { agentToken, cliArgs, largeData, randomPort, startApi } from './lib/api-process';
import { startBaseline } from './lib/baseline';
import { loader, printTable, type Row } from './lib/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string' },
    requests: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '8' },
  },
});
const REQUESTS = Number(values.requests);
const CONNECTIONS = Number(values.connections);
const TODAY = '2026-11-21';
const load = loader({ connections: CONNECTIONS, requests: REQUESTS });

const { dataDir, generation, cleanup } = await largeData(values.reuse, TODAY);
const baseline = await startBaseline({ data: [{ id: 1, nom: 'Hôtel du Parc' }], total: 1 });

const port = randomPort();
const api = await startApi(dataDir, port);
const rows: Row[] = [];
try {
  const base = `http://127.0.0.1:${port}/api`;
  const auth = { authorization: `Bearer ${await agentToken(base)}` };
  rows.push(await load('node:http nu (référence)', baseline.url));
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
  cleanup();
}

console.info(`Génération « large » : ${generation}`);
console.info(`\n${REQUESTS} requêtes par ligne, ${CONNECTIONS} connexions, 127.0.0.1\n`);
printTable(
  ['Requête', 'p50 (ms)', 'p99 (ms)', 'req/s', 'erreurs'],
  rows.map((row) => [row.label, row.p50, row.p99, row.rps, row.errors]),
);

// Times GET /api/stats/pax, /stats/mois and /stats/ca on the "large" demo data (≈100,000 stays, 1.9 M nights),
// beside a bare node:http baseline. Cold = every call a query never asked before (random period of 1–24 months,
// sometimes a client or a hotel); warm = one query asked again and again. Target (issue 13): p95 ≤ 300 ms cold,
// ≤ 50 ms warm. Prints a markdown table (docs/performance.md, "Statistics").
// Usage: pnpm --filter bench exec tsx stats.ts --reuse DATA_DIR [--calls 40]
//        (without --reuse, the large data set is generated first: about 5 minutes)
import { parisToday } from 'shared/contract';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { agentToken, cliArgs, largeData, randomPort, startApi } from './lib/api-process';
import { startBaseline } from './lib/baseline';
import { printTable } from './lib/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: { reuse: { type: 'string' }, calls: { type: 'string', default: '40' } },
});
const CALLS = Number(values.calls);

const monthIndex = (mois: string) => Number(mois.slice(0, 4)) * 12 + Number(mois.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const thisMonth = monthIndex(parisToday().slice(0, 7));

// A small deterministic generator: the same run asks the same queries.
let seed = 13;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

function coldQueries(count: number, clients: number[], hotels: number[]): Record<string, string>[] {
  const seen = new Set<string>();
  const queries: Record<string, string>[] = [];
  while (queries.length < count) {
    const fin = thisMonth + int(-12, 3);
    const query: Record<string, string> = { debut: monthOf(fin - int(0, 23)), fin: monthOf(fin) };
    const roll = random();
    if (roll < 0.25) query.clientId = String(clients[int(0, clients.length - 1)]);
    else if (roll < 0.5) query.etablissementId = String(hotels[int(0, hotels.length - 1)]);
    const key = JSON.stringify(query);
    if (!seen.has(key)) {
      queries.push(query);
      seen.add(key);
    }
  }
  return queries;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const { dataDir, generation, cleanup } = await largeData(values.reuse);
const baseline = await startBaseline({ periode: {}, totaux: { pax: 1 } });
const port = randomPort();
const api = await startApi(dataDir, port);
const rows: (string | number)[][] = [];
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
try {
  const base = `http://127.0.0.1:${port}/api`;
  const auth = { authorization: `Bearer ${await agentToken(base)}` };
  const timed = async (url: string, headers: Record<string, string> = auth) => {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status} ${url}`);
    return performance.now() - start;
  };
  const ids = async (path: string) =>
    (
      (await (await fetch(`${base}${path}?page=1&pageSize=200`, { headers: auth })).json()) as {
        data: { id: number }[];
      }
    ).data.map((row) => row.id);
  const clients = await ids('/clients');
  const hotels = await ids('/etablissements');

  const baselineTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) baselineTimes.push(await timed(baseline.url, {}));
  rows.push([
    'node:http nu (référence)',
    '—',
    percentile(baselineTimes, 50).toFixed(1),
    percentile(baselineTimes, 95).toFixed(1),
  ]);

  for (const vue of ['pax', 'mois', 'ca'] as const) {
    const cold: number[] = [];
    for (const query of coldQueries(CALLS, clients, hotels))
      cold.push(await timed(`${base}/stats/${vue}?${new URLSearchParams(query).toString()}`));
    rows.push([
      `GET /stats/${vue}`,
      'froid',
      percentile(cold, 50).toFixed(1),
      percentile(cold, 95).toFixed(1),
    ]);
    const twelve = new URLSearchParams({
      debut: monthOf(thisMonth - 11),
      fin: monthOf(thisMonth),
    }).toString();
    const warm: number[] = [];
    await timed(`${base}/stats/${vue}?${twelve}`);
    for (let i = 0; i < CALLS; i++) warm.push(await timed(`${base}/stats/${vue}?${twelve}`));
    rows.push([
      `GET /stats/${vue} (12 mois)`,
      'chaud',
      percentile(warm, 50).toFixed(1),
      percentile(warm, 95).toFixed(1),
    ]);
  }
} finally {
  api.kill('SIGTERM');
  baseline.close();
  cleanup();
}

console.info(`Données « large » : ${generation} ; charge moyenne au départ : ${load}`);
console.info(`\n${CALLS} appels par ligne, un à la fois, 127.0.0.1\n`);
printTable(['Appel', 'cache', 'p50 (ms)', 'p95 (ms)'], rows);

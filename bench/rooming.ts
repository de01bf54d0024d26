// Issue 11 on the large dataset: rooming-etab (one hotel × one month) and rooming-client (one client × one month),
// page of 50 + totals, p99 beside a bare node:http baseline; each of the six rooming/pointage Excel and PDF exports of
// about 10,000 rows (time, extra RSS of the API process); the list's p99 while an export runs.
// Usage: pnpm --filter ./bench exec tsx rooming.ts --reuse DATA_DIR [--requests 300] [--month 2026-10]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { agentToken, cliArgs, randomPort, startApi } from './lib/api-process';
import { startBaseline } from './lib/baseline';
import { loader, printTable } from './lib/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string', default: '/tmp/ebas3-large' },
    requests: { type: 'string', default: '300' },
    month: { type: 'string', default: '2026-10' },
  },
});
const load = loader({ connections: 1, requests: Number(values.requests) });

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

const month = values.month;
const [year = 0, monthNumber = 0] = month.split('-').map(Number);
const start_date = `${month}-01`;
const end_date = new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 10);
const loadStart = os.loadavg()[0]?.toFixed(1);
const port = randomPort();
const base = `http://127.0.0.1:${port}/api`;
const api = await startApi(values.reuse, port);
const pid = api.pid ?? 0;
const baseline = await startBaseline({ data: [{ id: 1 }], total: 1 });

try {
  const auth = { authorization: `Bearer ${await agentToken(base)}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const roomingUrl = (path: string, filters: object, pageSize = 50) =>
    `${base}${path}?page=1&pageSize=${pageSize}&filters=${encodeURIComponent(JSON.stringify(filters))}`;
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(url, { headers: auth });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  // The busiest hotel and client of the month (most rows), from the rooming itself.
  const all = await get<{ reservations: { etablissement_id: number; client_id: number }[]; total: number }>(
    roomingUrl('/reservationsRoomingPens', { start_date, end_date }, 200),
  );
  const busiest = (key: 'etablissement_id' | 'client_id') => {
    const counts = new Map<number, number>();
    for (const row of all.reservations) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 1;
  };
  const hotel = { start_date, end_date, etablissement_id: busiest('etablissement_id') };
  const client = { start_date, end_date, client_id: busiest('client_id') };
  const hotelTotal = (await get<{ total: number }>(roomingUrl('/reservationsRoomingEtab', hotel))).total;
  const clientTotal = (await get<{ total: number }>(roomingUrl('/reservationsRoomingClient', client))).total;
  console.info(
    `Mois ${month} : ${all.total} séjours ; hôtel ${hotel.etablissement_id} : ${hotelTotal} ; client ${client.client_id} : ${clientTotal}`,
  );

  await load('échauffement', roomingUrl('/reservationsRoomingEtab', hotel), auth);
  const bare = await load('node:http nu (référence)', baseline.url);
  const etab = await load(
    'rooming-etab 1 hôtel × 1 mois',
    roomingUrl('/reservationsRoomingEtab', hotel),
    auth,
  );
  const cli = await load(
    'rooming-client 1 client × 1 mois',
    roomingUrl('/reservationsRoomingClient', client),
    auth,
  );

  /** A period from `start_date` whose rooming has about 10,000 rows (bisection on its length in days). */
  async function tenThousand(): Promise<{ body: object; rows: number }> {
    let low = 1;
    let high = 120;
    let best = { body: {}, rows: 0 };
    while (low <= high) {
      const days = Math.floor((low + high) / 2);
      const body = {
        start_date,
        end_date: new Date(Date.parse(start_date) + days * 86_400_000).toISOString().slice(0, 10),
      };
      const rows = (await get<{ total: number }>(roomingUrl('/reservationsRoomingPens', body, 1))).total;
      if (Math.abs(rows - 10_000) < Math.abs(best.rows - 10_000)) best = { body, rows };
      if (rows < 10_000) low = days + 1;
      else high = days - 1;
    }
    return best;
  }
  const rooming = await tenThousand();
  // Pointage exports: the stays of a period of about 10,000 stays too (the list's overlap filter).
  const pointage = rooming.body;

  async function timedExport(path: string, body: object) {
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    const ms = performance.now() - started;
    clearInterval(sampler);
    return { ms, bytes, extra: Math.max(peak, rssMb(pid)) - before };
  }

  const exportsTable: (string | number)[][] = [];
  for (const name of [
    'RoomingEtab',
    'RoomingClient',
    'RoomingPens',
    'PointagePres',
    'PointagePaf',
    'PointageCaf',
  ])
    for (const kind of ['exel', 'Pdf']) {
      const path = `/reservations/generate_${kind}_${name}`;
      const body = name.startsWith('Rooming') ? rooming.body : pointage;
      const r = await timedExport(path, body);
      exportsTable.push([
        path,
        rooming.rows,
        (r.ms / 1000).toFixed(2),
        (r.bytes / 1024 / 1024).toFixed(1),
        r.extra.toFixed(0),
      ]);
    }

  let exporting = true;
  const background = (async () => {
    while (exporting) await timedExport('/reservations/generate_exel_RoomingEtab', rooming.body);
  })();
  await new Promise((r) => setTimeout(r, 300));
  const during = await load(
    'rooming-etab pendant un export Excel',
    roomingUrl('/reservationsRoomingEtab', hotel),
    auth,
  );
  exporting = false;
  await background;

  console.info('');
  printTable(
    ['Mesure', 'p50 (ms)', 'p99 (ms)', 'req/s', 'erreurs'],
    [bare, etab, cli, during].map((r) => [r.label, r.p50, r.p99, r.rps, r.errors]),
  );
  console.info('');
  printTable(['Export', 'Lignes', 'Temps (s)', 'Taille (MB)', 'RSS en plus (MB)'], exportsTable);
  console.info(`\nCharge moyenne (1 min) : ${loadStart} au début, ${os.loadavg()[0]?.toFixed(1)} à la fin`);
} finally {
  api.kill();
  baseline.close();
}

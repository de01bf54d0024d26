// A day's mixed load (issue 9 §5): N simulated staff members, each with their own account, repeat what a booking
// centre does all day — reservation lists with filters, stay cards, histories, the dashboard counters, resident
// searches, reference lists and now and then an Excel export — with a think time between two actions. Prints the
// latency of every request (p50 / p95 / p99 / max, per action and overall), the errors (network, 5xx, unexpected
// 4xx; an export refused with 429 by the caps is counted apart), the throughput, the API's peak RSS and the load
// average, beside a bare node:http server measured in the same run. The load generator shares the machine's cores.
// `--writes P`: P % of the steps (default 0, as in the earlier runs) are a write instead — the APEC mark of a stay
// set or removed, a real write with its history entry — each of which drops every answer the API keeps between
// writes (the counters, the list's pages, the statistics).
// Usage: pnpm --filter ./bench mixed-load -- --reuse DATA_DIR [--users 100] [--seconds 180] [--think 1000]
//        [--writes 0] [--accept-encoding identity]
import { parisToday, addDays } from 'shared/contract';
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
    users: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '180' },
    think: { type: 'string', default: '1000' },
    writes: { type: 'string', default: '0' },
    'accept-encoding': { type: 'string' },
  },
});
/**
 * The Accept-Encoding of every request: by default fetch's own (gzip, deflate, br: the answers compressed, as a
 * browser gets them, api/src/plugins/compression.ts); `identity` for uncompressed answers.
 */
const ACCEPT_ENCODING = values['accept-encoding'];
const USERS = Number(values.users);
const DURATION_MS = Number(values.seconds) * 1000;
const THINK_MS = Number(values.think);
const WRITE_PERCENT = Number(values.writes);
const PASSWORD = 'Banc-de-charge-2026!';

type Method = 'GET' | 'POST' | 'PUT';
interface Sample {
  action: string;
  ms: number;
  error: boolean;
  refused: boolean;
}

const samples: Sample[] = [];
const randomOf = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
/** Think time: uniform in [0.5, 1.5] × THINK_MS. */
const think = () => new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const loadStart = os.loadavg()[0]?.toFixed(1);
const port = randomPort();
const base = `http://127.0.0.1:${port}/api`;
const api = await startApi(values.reuse, port);
const baseline = await startBaseline({ data: [{ id: 1 }], total: 1 });

try {
  const bare = await loader({ connections: 1, requests: 500 })('node:http nu (référence)', baseline.url);
  const admin = { authorization: `Bearer ${await agentToken(base, 'admin')}` };

  // One account per simulated staff member (created once; kept in the data directory for the next runs).
  const tokens: string[] = [];
  for (let index = 1; index <= USERS; index++) {
    const email = `banc-${String(index).padStart(3, '0')}@ebas3.fr`;
    const created = await fetch(`${base}/users`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        nom: `Banc ${index}`,
        prenom: 'Agent',
        role: 'agent',
        password: PASSWORD,
      }),
    });
    if (created.status !== 201 && created.status !== 409)
      throw new Error(`compte ${email} : ${created.status}`);
    for (;;) {
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (login.status === 503) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      if (!login.ok) throw new Error(`connexion ${email} : ${login.status}`);
      tokens.push(((await login.json()) as { token: string }).token);
      break;
    }
  }

  // What the staff will open: stays of the first pages, some clients, residents' name fragments.
  const firstPages = await Promise.all(
    [1, 2, 3, 4].map(async (page) => {
      const response = await fetch(`${base}/reservations`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ page, pageSize: 50 }),
      });
      return ((await response.json()) as { reservations: { id: number }[] }).reservations;
    }),
  );
  const stayIds = firstPages.flat().map((stay) => stay.id);
  const clients = (
    (await (await fetch(`${base}/clients?pageSize=50`, { headers: admin })).json()) as {
      data: { id: number }[];
    }
  ).data.map((client) => client.id);
  const fragments = ['dia', 'mar', 'ben', 'lef', 'ka', 'dup', 'tra', 'ngu', 'mou', 'ber'];
  const today = parisToday();

  const listBodies = (): object => {
    const page = 1 + Math.floor(Math.random() * 4);
    return randomOf([
      { page, pageSize: 50 },
      { page, pageSize: 50, client_id: randomOf(clients) },
      {
        page,
        pageSize: 50,
        statut: ['confirmee', 'en_cours'],
        start_date: today,
        end_date: addDays(today, 30),
      },
      { page, pageSize: 50, pensionnaire: randomOf(fragments) },
      { page: 1, pageSize: 50, etat: 'prolongable' },
    ]);
  };

  async function timed(
    token: string,
    action: string,
    method: Method,
    path: string,
    body?: object,
    { refusable = false } = {},
  ): Promise<void> {
    const started = performance.now();
    let error: boolean;
    let refused = false;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(ACCEPT_ENCODING === undefined ? {} : { 'accept-encoding': ACCEPT_ENCODING }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      await response.arrayBuffer();
      refused = refusable && response.status === 429;
      error = !response.ok && !refused;
      if (error) console.error(`${action} ${path} → ${response.status}`);
    } catch (failure) {
      error = true;
      console.error(`${action} ${path} → ${String(failure)}`);
    }
    samples.push({ action, ms: performance.now() - started, error, refused });
  }

  /** One step of a staff member's day, drawn by weight. */
  async function step(token: string): Promise<void> {
    const stay = randomOf(stayIds);
    if (Math.random() * 100 < WRITE_PERCENT)
      return timed(token, 'APEC d’un séjour (écriture)', 'PUT', `/reservations/apec/${stay}`, {
        apec: Math.random() < 0.5,
      });
    const draw = Math.random() * 100;
    if (draw < 30)
      return timed(token, 'liste des réservations (filtres)', 'POST', '/reservations', listBodies());
    if (draw < 48) return timed(token, 'fiche séjour', 'GET', `/reservations/${stay}`);
    if (draw < 58) return timed(token, 'historique', 'GET', `/reservations/historiques/${stay}`);
    if (draw < 73) {
      // The dashboard sends its four counters at once.
      await Promise.all(
        [
          { jours: 'a_prolonger', etat: 'prolongable' },
          { jours: 'commence_h' },
          { status_caf: true, etat_payment_caf: 'a_verifier' },
          { status_paf: true, etat_payment_paf: 'a_verifier' },
        ].map((body) => timed(token, 'compteurs du tableau de bord', 'POST', '/reservationsNumber', body)),
      );
      return;
    }
    if (draw < 88) {
      return timed(token, 'recherche de pensionnaire', 'GET', `/pensionnaires?nom=${randomOf(fragments)}`);
    }
    if (draw < 99) {
      const path = randomOf([
        '/clients?pageSize=50',
        '/etablissements?pageSize=50',
        '/types-chambre?pageSize=50',
      ]);
      return timed(token, 'listes de référence', 'GET', path);
    }
    return timed(
      token,
      'export Excel (~1 mois, 1 client)',
      'POST',
      '/reservations/generate_Excel_Resa/all_data',
      { client_id: randomOf(clients), start_date: addDays(today, -30), end_date: today },
      { refusable: true },
    );
  }

  let peakRss = rssMb(api.pid ?? 0);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(api.pid ?? 0))), 250);
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    tokens.map(async (token) => {
      await new Promise((r) => setTimeout(r, Math.random() * THINK_MS)); // staggered arrivals
      while (performance.now() < deadline) {
        await step(token);
        await think();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);

  const rows: (string | number)[][] = [];
  const summarise = (label: string, set: Sample[]) => {
    const sorted = set.map((s) => s.ms).sort((a, b) => a - b);
    rows.push([
      label,
      set.length,
      percentile(sorted, 50).toFixed(0),
      percentile(sorted, 95).toFixed(0),
      percentile(sorted, 99).toFixed(0),
      (sorted.at(-1) ?? 0).toFixed(0),
      set.filter((s) => s.error).length,
      set.filter((s) => s.refused).length,
    ]);
  };
  for (const action of [...new Set(samples.map((s) => s.action))].sort()) {
    summarise(
      action,
      samples.filter((s) => s.action === action),
    );
  }
  summarise('**toutes les requêtes**', samples);

  console.info(
    `\n${USERS} agents, réflexion ${THINK_MS} ms ± 50 %, écritures ${WRITE_PERCENT} % des étapes, Accept-Encoding ${ACCEPT_ENCODING ?? 'de fetch'}, ${elapsed.toFixed(0)} s, ${(samples.length / elapsed).toFixed(0)} requêtes/s, ` +
      `RSS de l'API au pic ${peakRss.toFixed(0)} Mo\n`,
  );
  printTable(
    ['Action', 'Requêtes', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'max (ms)', 'erreurs', 'refus 429'],
    rows,
  );
  console.info(`\n${bare.label} : p50 ${bare.p50} ms, p99 ${bare.p99} ms, ${bare.rps} req/s`);
  console.info(
    `Charge de la machine (load average 1 min) au début / à la fin : ${loadStart} / ${os.loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  api.kill('SIGTERM');
  baseline.close();
}

// Times POST /api/demandes_hebergement (a page of 50, with the screen's filters) on the "large" demo data
// (≈30,000 requests), one request at a time, beside a bare node:http baseline; then the generation of a request's
// confirmation PDF through the product's path (POST /communication/send_communication/:id with `envoyer: false`:
// data read, document built, PDF rendered by pdfkit, stored with its audit row). Targets (issue 10 §5): list
// p99 ≤ 25 ms, PDF p95 ≤ 100 ms. Prints markdown tables (docs/performance.md, "Accommodation requests").
// The PDF part writes: each call adds a `preparee` communication to a treated request of the reused directory.
// Beside the latencies, the CPU each list call cost the API process and PostgreSQL (read from /proc: load-robust,
// where the latencies of a shared machine are not); `--search-texts` adds rows for other « recherche » texts (short,
// long, matching nothing), to check them, not targets.
// `--warmup N` sends N untimed calls of each body before its measure (as the reservation list bench's): the first
// body otherwise also times the API's first compilations and the pool's first connections.
// Usage: pnpm --filter ./bench exec tsx demandes.ts --reuse DATA_DIR [--calls 200] [--pdfs 60]
//          [--search-texts] [--warmup 0]
import { parisToday } from 'shared/contract';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { DemandeListAnswer, DemandeListBody } from 'shared/contract';
import { agentToken, cliArgs, largeData, randomPort, startApi } from './lib/api-process';
import { startBaseline } from './lib/baseline';
import { printTable } from './lib/load';
import { cpuSnapshot, cpuSpent } from './lib/proc-cpu';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string' },
    calls: { type: 'string', default: '200' },
    pdfs: { type: 'string', default: '60' },
    'search-texts': { type: 'boolean', default: false },
    warmup: { type: 'string', default: '0' },
  },
});
const CALLS = Number(values.calls);
const WARMUP = Number(values.warmup);
const PDFS = Number(values.pdfs);

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const { dataDir, generation, cleanup } = await largeData(values.reuse);
const baseline = await startBaseline({ demandes: [], total: 0 });
const port = randomPort();
const api = await startApi(dataDir, port);
const loadAtStart = load();
const listRows: (string | number)[][] = [];
const pdfRows: (string | number)[][] = [];
try {
  const base = `http://127.0.0.1:${port}/api`;
  const auth = { authorization: `Bearer ${await agentToken(base)}`, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown, headers: Record<string, string> = auth) => {
    const start = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${response.status} ${url} ${text}`);
    return { ms: performance.now() - start, text };
  };
  const list = async (body: DemandeListBody) =>
    JSON.parse((await post(`${base}/demandes_hebergement`, body)).text) as DemandeListAnswer;

  const today = parisToday();
  const sample = await list({ page: 1, pageSize: 50 });
  const client = sample.demandes[0]?.client_id;
  const bodies: [string, Partial<DemandeListBody>][] = [
    ['none (page 1, newest first)', {}],
    ['action « Traitement de la demande »', { action: 'traitement' }],
    ['action « Prolongation de la demande »', { action: 'prolongation' }],
    ["action « Confirmation d'annulation »", { action: 'annulation' }],
    ['client_id + état à traiter', { client_id: client, statut: 'a_traiter' }],
    [
      'période ± 30 jours + urgente',
      { start_date: shift(today, -30), end_date: shift(today, 30), urgente: true },
    ],
    ["recherche 'mar' (résident ou référent)", { recherche: 'mar' }],
    ['sorted by client, page 100', { sort: 'client', order: 'asc' }],
  ];
  if (values['search-texts'])
    bodies.push(
      ["recherche 'ma' (contrôle)", { recherche: 'ma' }],
      ["recherche 'a' (contrôle)", { recherche: 'a' }],
      ["recherche 'marie' (contrôle)", { recherche: 'marie' }],
      ["recherche 'dupo', aucune (contrôle)", { recherche: 'dupo' }],
    );

  const baselineTimes: number[] = [];
  for (let i = 0; i < WARMUP; i++) await post(baseline.url, {}, {});
  for (let i = 0; i < CALLS; i++) baselineTimes.push((await post(baseline.url, {}, {})).ms);
  listRows.push([
    'node:http nu (référence)',
    '—',
    percentile(baselineTimes, 50).toFixed(1),
    percentile(baselineTimes, 99).toFixed(1),
    '—',
    '—',
  ]);
  for (const [label, filters] of bodies) {
    const body: DemandeListBody = { page: label.endsWith('page 100') ? 100 : 1, pageSize: 50, ...filters };
    const { total } = await list(body);
    for (let i = 0; i < WARMUP; i++) await post(`${base}/demandes_hebergement`, body);
    const times: number[] = [];
    const before = cpuSnapshot();
    for (let i = 0; i < CALLS; i++) times.push((await post(`${base}/demandes_hebergement`, body)).ms);
    const cpu = cpuSpent(before, cpuSnapshot());
    listRows.push([
      label,
      total.toLocaleString('en'),
      percentile(times, 50).toFixed(1),
      percentile(times, 99).toFixed(1),
      (cpu.api / CALLS).toFixed(2),
      (cpu.postgres / CALLS).toFixed(2),
    ]);
  }

  // Treated new-stay requests: their confirmation can be generated (stays booked).
  const treated = (
    await list({ page: 1, pageSize: 100, type: 'nouvelle', statut: 'traitee' })
  ).demandes.filter((d) => d.nombre_reservations > 0);
  if (treated.length === 0)
    console.warn('Aucune demande « nouvelle » traitée dans ces données : pas de PDF.');
  const pdfTimes: number[] = [];
  let bytes = 0;
  // Some treated requests of the demo data have no stay left to confirm (409): they are skipped, not timed.
  const usable = new Set(treated.map((d) => d.id));
  for (let i = 0; pdfTimes.length < PDFS && usable.size > 0; i++) {
    const demande = treated[i % treated.length]!;
    if (!usable.has(demande.id)) continue;
    const start = performance.now();
    const response = await fetch(`${base}/communication/send_communication/${demande.id}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ type_document: 'confirmation', envoyer: false }),
    });
    const text = await response.text();
    const ms = performance.now() - start;
    if (response.status === 409) {
      usable.delete(demande.id);
      continue;
    }
    if (!response.ok) throw new Error(`${response.status} ${text}`);
    pdfTimes.push(ms);
    if (bytes === 0) {
      const { data } = JSON.parse(text) as { data: { id: number } };
      const pdf = await fetch(`${base}/demande/communication/${data.id}`, { headers: auth });
      bytes = (await pdf.arrayBuffer()).byteLength;
    }
  }
  if (pdfTimes.length > 0)
    pdfRows.push([
      'POST /communication/send_communication (confirmation, envoyer: false)',
      `${(bytes / 1024).toFixed(1)} kB`,
      percentile(pdfTimes, 50).toFixed(1),
      percentile(pdfTimes, 95).toFixed(1),
    ]);
} finally {
  api.kill('SIGTERM');
  baseline.close();
  cleanup();
}

console.info(`Données « large » : ${generation} (${dataDir})`);
console.info(`Charge moyenne (1, 5, 15 min) : au départ ${loadAtStart}, à la fin ${load()}`);
console.info(
  `\n${CALLS} appels par ligne${WARMUP > 0 ? ` (après ${WARMUP} non mesurés)` : ''}, un à la fois, 127.0.0.1, pageSize 50\n`,
);
printTable(
  ['Corps (pageSize 50)', 'Total', 'p50 (ms)', 'p99 (ms)', 'CPU API (ms/appel)', 'CPU PostgreSQL (ms/appel)'],
  listRows,
);
console.info(`\n${PDFS} générations, une à la fois\n`);
printTable(['Appel', 'PDF', 'p50 (ms)', 'p95 (ms)'], pdfRows);

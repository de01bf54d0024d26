// Issue 39 §4: « Préparer les factures du mois » for every client of the large data set ≤ 60 s, as the background
// task it is (POST /facturation/preparation), while the reservations list's p99 stays within 2× the list alone.
// The list (a page of 50, one connection) is measured alone, then again and again while the task runs; the task's
// time is its own (GET /tasks: started → finished) and the wall time from the request to its end. The drafts made are
// deleted afterwards (`--keep` leaves them), so the month can be prepared again on the same directory.
// Usage: pnpm --filter ./bench facturation-preparation -- --reuse DATA_DIR [--month YYYY-MM] [--requests 300] [--keep]
// The month defaults to the fifth before today's: past, whole, and not invoiced by the demo data (docs/invoicing.md).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, parisToday } from 'shared/contract';
import { agentToken, cliArgs, randomPort, startApi } from './lib/api-process';
import { loader, printTable, type Row } from './lib/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string', default: '/tmp/ebas3-large' },
    month: { type: 'string' },
    requests: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});

const TARGET_SECONDS = 60;
const TARGET_RATIO = 2;

function monthBefore(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 7);
}
const mois = values.month ?? monthBefore(parisToday(), 5);
const debut = `${mois}-01`;
const fin = addDays(`${monthBefore(`${mois}-01`, -1)}-01`, -1);

const load = loader({ connections: 1, requests: Number(values.requests) });
const loadStart = os.loadavg()[0]?.toFixed(1);
const port = randomPort();
const base = `http://127.0.0.1:${port}/api`;
const api = await startApi(values.reuse, port);

interface Task {
  id: number;
  statut: string;
  progression: number;
  erreur: string | null;
  resultat: { message: string } | null;
  started_at: string | null;
  finished_at: string | null;
}

try {
  const agent = { authorization: `Bearer ${await agentToken(base)}` };
  const admin = { authorization: `Bearer ${await agentToken(base, 'admin')}` };
  const get = async <T>(path: string, headers: Record<string, string>): Promise<T> => {
    const response = await fetch(`${base}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path} : ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const documentsOfMonth = (statut = '') =>
    get<{ data: { id: number }[]; total: number }>(
      `/facturation/factures?page=1&pageSize=200&periodeDebut=${debut}&periodeFin=${fin}${statut}`,
      agent,
    );
  // A month already prepared or invoiced has few nights left: the measure would be of nothing.
  const already = (await documentsOfMonth()).total;
  if (already > 0)
    throw new Error(
      `${mois} a déjà ${already} facture(s) ou brouillon(s) dans ${values.reuse} : choisissez un autre --month.`,
    );

  const loadList = (label: string) => load(label, `${base}/reservations`, agent, { page: 1, pageSize: 50 });
  await loadList('échauffement');
  const idle = await loadList('liste seule');

  const started = performance.now();
  const queued = await fetch(`${base}/facturation/preparation`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ mois }),
  });
  if (queued.status !== 202)
    throw new Error(`POST /facturation/preparation : ${queued.status} ${await queued.text()}`);
  const { task_id: taskId } = (await queued.json()) as { task_id: number };
  const taskOf = async (): Promise<Task> => {
    const { data } = await get<{ data: Task[] }>('/tasks?page=1&pageSize=50', admin);
    const task = data.find((t) => t.id === taskId);
    if (task === undefined) throw new Error(`tâche ${taskId} introuvable dans GET /tasks`);
    return task;
  };

  // The list measured again and again while the task runs; the task looked at between two measures.
  const during: Row[] = [];
  let task = await taskOf();
  while (task.statut === 'en_attente' || task.statut === 'en_cours') {
    during.push(await loadList(`pendant la préparation (${task.progression} %)`));
    task = await taskOf();
  }
  const wall = (performance.now() - started) / 1000;
  if (task.statut !== 'terminee') throw new Error(`tâche ${taskId} : ${task.statut} ${task.erreur ?? ''}`);
  const own =
    task.started_at && task.finished_at
      ? (Date.parse(task.finished_at) - Date.parse(task.started_at)) / 1000
      : Number.NaN;
  const drafts = await documentsOfMonth('&statut=brouillon');

  console.info('');
  printTable(
    ['Mesure', 'p50 (ms)', 'p99 (ms)', 'p99 exact (ms)', '× seule', 'req/s', 'erreurs'],
    [idle, ...during].map((r) => [
      r.label,
      r.p50,
      r.p99,
      r.exact.p99,
      (r.exact.p99 / idle.exact.p99).toFixed(2),
      r.rps,
      r.errors,
    ]),
  );
  const worst = Math.max(0, ...during.map((r) => r.exact.p99 / idle.exact.p99));
  console.info(
    `\nPréparation de ${mois} : ${task.resultat?.message ?? ''} (${drafts.total} brouillons) — ` +
      `tâche ${own.toFixed(1)} s, de la demande à la fin ${wall.toFixed(1)} s (cible ≤ ${TARGET_SECONDS} s : ` +
      `${own <= TARGET_SECONDS ? 'tenue' : 'manquée'}).`,
  );
  console.info(
    during.length === 0
      ? 'La tâche a fini avant la première mesure pendant : aucune mesure de la liste pendant.'
      : `Liste pendant : ${during.length} mesure(s), p99 au pire ${worst.toFixed(2)}× la liste seule ` +
          `(cible ≤ ${TARGET_RATIO}× : ${worst <= TARGET_RATIO ? 'tenue' : 'manquée'}).`,
  );

  if (!values.keep) {
    for (const draft of drafts.data) {
      const response = await fetch(`${base}/facturation/factures/${draft.id}`, {
        method: 'DELETE',
        headers: agent,
      });
      if (!response.ok) throw new Error(`DELETE brouillon ${draft.id} : ${response.status}`);
    }
    console.info(`${drafts.data.length} brouillon(s) supprimé(s) : le mois peut être préparé de nouveau.`);
  }
  console.info(`Charge moyenne (1 min) : ${loadStart} au début, ${os.loadavg()[0]?.toFixed(1)} à la fin`);
} finally {
  api.kill();
}

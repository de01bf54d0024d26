// Reservation exports on the large dataset (issue 4): Excel all_data of ~10,000 rows and PDF of ~5,000 rows (time,
// extra RSS of the API process sampled from /proc/<pid>/status), and the list's latency (POST /reservations, page
// of 50, autocannon, 1 connection) idle and while exports run, beside a bare node:http baseline in the same run.
// An export of more than EXPORT_TASK_THRESHOLD rows answers 202 and runs as a task: every export here is followed
// to its file (the task's end from the socket, then GET /tasks and its /tasks/:id/fichier) and timed whole.
// Load-robust figures beside the latencies: the CPU time of the API's main thread (where the list requests run) and of
// its other threads and render processes (the export render workers, lowered), and of PostgreSQL (postmaster and
// backends), per phase. `--render worker` starts the API with EXPORT_RENDER=worker (render threads, before render
// processes), `--render inline` with EXPORT_RENDER=inline (rendering on the main thread, as at first) to compare;
// `--priority nice` with EXPORT_PRIORITY=nice (nice 19 only, before SCHED_IDLE), `--renderCap N` with
// EXPORT_RENDER_CAP=N. The run-queue wait of the API's main thread and of PostgreSQL's normal-priority backends
// (/proc/…/schedstat) is printed per list request: the scheduler's share of the latency. `--rounds N` repeats the
// list measures (alone, then during exports) N times in one run; `--skipSingle` leaves out the single exports;
// A requester of a task learns that it ended from the socket's `tache` events, as the « Tâches » screen does
// (`--taskFollow poll`: by asking GET /tasks every `--taskPoll MS`, 100 ms by default, as the bench first did).
// The list's load generator runs in a child process (`--loader inline`: in this one, as it first did); PostgreSQL's CPU is split by role
// (normal-priority backends, the exports' lowered ones, helpers such as the walwriter, backends that ended) and this
// process's own CPU (the exporters' downloads and polls) is printed beside it. `--list-cache-mb 0` starts the API with
// LIST_CACHE_MB=0: every list request reads its page from PostgreSQL, beside the exports' reads (by default the
// list's repeated body is answered from the page kept between writes).
// Usage: pnpm --filter ./bench exec tsx reservation-exports.ts [--reuse DATA_DIR] [--requests 300]
//   [--render process|worker|inline] [--priority idle|nice] [--renderCap N] [--rounds N] [--skipSingle] [--taskPoll MS]
//   [--loader child|inline] [--taskFollow socket|poll] [--list-cache-mb N]
//   [--excelRows 10000] [--pdfRows 5000]
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { agentToken, cliArgs, randomPort, startApi } from './lib/api-process';
import { startBaseline } from './lib/baseline';
import { loader, printTable, type Row } from './lib/load';
import { loaderInChild } from './lib/load-child';
import { io, type Socket } from 'socket.io-client';
import { addDays, REALTIME_PATH, TASK_EVENT, type TaskEvent } from 'shared/contract';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    reuse: { type: 'string', default: '/tmp/ebas3-large' },
    requests: { type: 'string', default: '300' },
    excelRows: { type: 'string', default: '10000' },
    pdfRows: { type: 'string', default: '5000' },
    render: { type: 'string', default: 'process' },
    priority: { type: 'string', default: 'idle' },
    renderCap: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    skipSingle: { type: 'boolean', default: false },
    taskPoll: { type: 'string', default: '100' },
    taskFollow: { type: 'string', default: 'socket' },
    loader: { type: 'string', default: 'child' },
    'list-cache-mb': { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
/** How often a requester asks GET /tasks while its task runs (the screen re-reads it on each « tache » event). */
const TASK_POLL_MS = Number(values.taskPoll);
if (values.loader !== 'child' && values.loader !== 'inline') throw new Error('--loader child|inline');
if (values.taskFollow !== 'socket' && values.taskFollow !== 'poll')
  throw new Error('--taskFollow socket|poll');
/**
 * The list's load generator: in a child process of its own by default, so that the latencies it measures are not
 * those of this process's event loop, busy with the exporters' downloads and GET /tasks polls (the generator first ran in
 * this process — `--loader inline` keeps that for comparison).
 */
const load = (values.loader === 'child' ? loaderInChild : loader)({ connections: 1, requests: REQUESTS });

/** VmRSS of a process, in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** CPU seconds (user + system) the process has used so far (/proc/<pid>/stat, 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU ticks of the live children of `parent` (those named `comm` only, when given), from /proc. */
function liveChildrenTicks(parent: number, comm?: string): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      if (Number(fields[1]) !== parent || (comm !== undefined && !stat.includes(` (${comm}) `))) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/**
 * CPU seconds of the API's render processes (EXPORT_RENDER=process): its live `node` children, plus what its
 * children that ended have used (the API's cutime + cstime; the embedded PostgreSQL's postmaster, its other child,
 * lives throughout).
 */
function renderProcessCpuSeconds(pid: number): number {
  const own = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(own[13]) + Number(own[14]) + liveChildrenTicks(pid, 'node')) / 100;
}

/** CPU seconds of one thread of a process (/proc/<pid>/task/<tid>/stat; the main thread's tid is the pid). */
function threadCpuSeconds(pid: number, tid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Nanoseconds a thread has spent waiting on a run queue, runnable but not running (/proc/…/schedstat, field 2). */
function runQueueWaitNs(pid: number | string, tid: number | string = pid): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return 0;
  }
}

/** What a PostgreSQL process is, for the CPU split: a client backend at normal priority, a lowered one, or a helper. */
type PostgresRole = 'normal' | 'lowered' | 'helper';

interface PostgresProcess {
  role: PostgresRole;
  /** utime + stime, ticks. */
  ticks: number;
  /** Run-queue wait so far, ns (/proc/…/schedstat field 2). */
  waitNs: number;
}

/**
 * The embedded PostgreSQL's live children by pid, each with its role: a helper (checkpointer, walwriter, background
 * writer, autovacuum, …: its title is `postgres: <name>`, a client backend's `postgres: <user> <db> <address> …`),
 * a lowered backend (SCHED_IDLE or nice 19: the exports', export-reader.ts) or a normal one (the pool's, where the
 * list's queries run); plus the postmaster's own and reaped CPU (`ended`, ticks: the backends that exited).
 */
function postgresProcesses(dataDir: string): { byPid: Map<number, PostgresProcess>; ended: number } {
  const byPid = new Map<number, PostgresProcess>();
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(`${dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return { byPid, ended: 0 };
  }
  const own = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ended = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // Field 4 is the parent, 14/15 the CPU ticks, 19 the nice value, 41 the policy (5 = SCHED_IDLE).
      if (Number(fields[1]) !== postmaster) continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const client = /^postgres: \S+ \S+ (\S+\(\d+\)|\[local\])/.test(title);
      const lowered = Number(fields[16]) !== 0 || Number(fields[38]) === 5;
      byPid.set(Number(entry), {
        role: !client ? 'helper' : lowered ? 'lowered' : 'normal',
        ticks: Number(fields[11]) + Number(fields[12]),
        waitNs: runQueueWaitNs(entry),
      });
    } catch {
      // gone meanwhile
    }
  }
  return { byPid, ended };
}

/** CPU seconds per role between two readings (a process born meanwhile counts whole), and the normal backends' wait (ms). */
function postgresSpent(
  before: ReturnType<typeof postgresProcesses>,
  after: ReturnType<typeof postgresProcesses>,
): Record<PostgresRole | 'ended', number> & { normalWait: number } {
  const spent = {
    normal: 0,
    lowered: 0,
    helper: 0,
    ended: (after.ended - before.ended) / 100,
    normalWait: 0,
  };
  for (const [pid, now] of after.byPid) {
    const then = before.byPid.get(pid);
    spent[now.role] += (now.ticks - (then?.ticks ?? 0)) / 100;
    if (now.role === 'normal' && then !== undefined) spent.normalWait += (now.waitNs - then.waitNs) / 1e6;
  }
  // A process that ended meanwhile: its CPU since the first reading is in `ended` (the postmaster reaped it), with
  // what it had used before that reading, which is taken back here.
  for (const [pid, then] of before.byPid) if (!after.byPid.has(pid)) spent.ended -= then.ticks / 100;
  return spent;
}

interface CpuSplit {
  main: number;
  others: number;
  /** PostgreSQL by role (postgresSpent). */
  postgres: ReturnType<typeof postgresSpent>;
  /** This process and the children it reaped (the list's load generator): the exporters' downloads and polls. */
  bench: number;
  /** Run-queue wait of the API's main thread (ms). */
  mainWait: number;
}

/** CPU seconds of this process, its own and its reaped children's (/proc/self/stat). */
function benchCpuSeconds(): number {
  const own = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) / 100;
}

interface ExportTally {
  done: number;
  refused: number;
}

const loadStart = os.loadavg()[0]?.toFixed(1);
const port = randomPort();
const base = `http://127.0.0.1:${port}/api`;
if (!['process', 'worker', 'inline'].includes(values.render))
  throw new Error('--render process|worker|inline');
if (values.priority !== 'idle' && values.priority !== 'nice') throw new Error('--priority idle|nice');
const api = await startApi(values.reuse, port, {
  EXPORT_RENDER: values.render,
  EXPORT_PRIORITY: values.priority,
  ...(values.renderCap === undefined ? {} : { EXPORT_RENDER_CAP: values.renderCap }),
  ...(values['list-cache-mb'] === undefined ? {} : { LIST_CACHE_MB: values['list-cache-mb'] }),
});
const pid = api.pid ?? 0;
/** CPU used by the API's main thread, its other threads, PostgreSQL and this process while `work` runs. */
async function cpuSplitOf<T>(work: () => Promise<T>): Promise<{ result: T; cpu: CpuSplit }> {
  const before = {
    all: cpuSeconds(pid),
    renderProcesses: renderProcessCpuSeconds(pid),
    main: threadCpuSeconds(pid, pid),
    pg: postgresProcesses(values.reuse),
    bench: benchCpuSeconds(),
    mainWait: runQueueWaitNs(pid),
  };
  const result = await work();
  const main = threadCpuSeconds(pid, pid) - before.main;
  return {
    result,
    cpu: {
      main,
      others: cpuSeconds(pid) - before.all - main + renderProcessCpuSeconds(pid) - before.renderProcesses,
      postgres: postgresSpent(before.pg, postgresProcesses(values.reuse)),
      bench: benchCpuSeconds() - before.bench,
      mainWait: (runQueueWaitNs(pid) - before.mainWait) / 1e6,
    },
  };
}
const baseline = await startBaseline({ data: [{ id: 1 }], total: 1 });
let sockets: Socket[] = [];

try {
  const agent = await agentToken(base);
  const admin = await agentToken(base, 'admin');
  const auth = { authorization: `Bearer ${agent}` };
  const json = { ...auth, 'content-type': 'application/json' };
  // One socket per user, as one browser tab each: the ends of their tasks (`tache` events), for followTask.
  const ended = new Map<number, () => void>();
  const endedEarly = new Set<number>();
  const taskEnded = (id: number) =>
    new Promise<void>((resolve) => {
      if (endedEarly.delete(id)) return resolve();
      ended.set(id, resolve);
    });
  sockets = await Promise.all(
    [agent, admin].map(
      (token) =>
        new Promise<Socket>((resolve, fail) => {
          const socket = io(`http://127.0.0.1:${port}`, {
            path: REALTIME_PATH,
            transports: ['websocket'],
            auth: { token },
          });
          socket.on(TASK_EVENT, (event: TaskEvent) => {
            if (event.statut !== 'terminee' && event.statut !== 'echec') return;
            const waiter = ended.get(event.id);
            ended.delete(event.id);
            if (waiter === undefined) endedEarly.add(event.id);
            else waiter();
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', fail);
        }),
    ),
  );

  const count = async (body: object): Promise<number> => {
    const response = await fetch(`${base}/reservationsNumber`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { total: number }).total;
  };
  /** A period [start, start + days) whose overlapping stays number about `target` (bisection on its length). */
  async function periodFor(target: number, start: string): Promise<{ body: object; rows: number }> {
    let low = 1;
    let high = 1500;
    let best = { body: {}, rows: 0 };
    while (low <= high) {
      const middle = Math.floor((low + high) / 2);
      const body = { start_date: start, end_date: addDays(start, middle) };
      const rows = await count(body);
      if (Math.abs(rows - target) < Math.abs(best.rows - target)) best = { body, rows };
      if (rows < target) low = middle + 1;
      else high = middle - 1;
    }
    return best;
  }

  /**
   * The file of an export: the streamed answer, or — 202, a task — the task's file once it is done. Resolves to
   * undefined on 429 (the caps), with `tasks` counting the exports that went through a task.
   */
  async function exportFile(
    path: string,
    body: object,
    headers: Record<string, string>,
  ): Promise<{ bytes: number; task: boolean } | undefined> {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status === 429) {
      await response.arrayBuffer();
      return undefined;
    }
    if (response.status === 202) {
      const { task_id: id } = (await response.json()) as { task_id: number };
      const bytes = (await followTask(id, headers)).byteLength;
      return { bytes, task: true };
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return { bytes: (await response.arrayBuffer()).byteLength, task: false };
  }

  /** Task `id` as GET /tasks (newest first, the requester's own) has it. */
  async function taskOf(id: number, headers: Record<string, string>) {
    const response = await fetch(`${base}/tasks?page=1&pageSize=200`, { headers });
    if (!response.ok) throw new Error(`GET /tasks : ${response.status}`);
    const { data } = (await response.json()) as {
      data: { id: number; statut: string; erreur: string | null; resultat: { lien: string | null } | null }[];
    };
    const task = data.find((t) => t.id === id);
    if (task === undefined) throw new Error(`tâche ${id} introuvable dans GET /tasks`);
    return task;
  }

  /**
   * Waits for task `id` to end, then downloads its file. `--taskFollow socket` (default) does what the « Tâches »
   * screen does (host-shell `get-tasks.ts`): it learns from the socket's `tache` events that the task ended, and
   * reads GET /tasks once then (once before waiting too, for a task already ended); `--taskFollow poll` asks GET /tasks
   * every `--taskPoll` ms instead (as the bench first did: 10 requests a second per waiting requester).
   */
  async function followTask(id: number, headers: Record<string, string>): Promise<ArrayBuffer> {
    let task = await taskOf(id, headers);
    while (task.statut === 'en_attente' || task.statut === 'en_cours') {
      if (values.taskFollow === 'socket') await taskEnded(id);
      else await new Promise((r) => setTimeout(r, TASK_POLL_MS));
      task = await taskOf(id, headers);
    }
    if (task.statut === 'echec') throw new Error(`tâche ${id} en échec : ${task.erreur}`);
    if (task.resultat === null || task.resultat.lien === null)
      throw new Error(`tâche ${id} terminée sans fichier`);
    const file = await fetch(`${base}${task.resultat.lien}`, { headers });
    if (!file.ok) throw new Error(`${task.resultat.lien} : ${file.status}`);
    return file.arrayBuffer();
  }

  async function timedExport(
    path: string,
    body: object,
  ): Promise<{
    ms: number;
    cpu: number;
    mainCpu: number;
    bytes: number;
    peakMb: number;
    beforeMb: number;
    task: boolean;
  }> {
    const beforeMb = rssMb(pid);
    const cpuBefore = cpuSeconds(pid);
    const mainBefore = threadCpuSeconds(pid, pid);
    let peakMb = beforeMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 10);
    const started = performance.now();
    const file = await exportFile(path, body, json);
    if (file === undefined) throw new Error(`${path}: 429`);
    const ms = performance.now() - started;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(pid));
    return {
      ms,
      cpu: cpuSeconds(pid) - cpuBefore,
      mainCpu: threadCpuSeconds(pid, pid) - mainBefore,
      bytes: file.bytes,
      peakMb,
      beforeMb,
      task: file.task,
    };
  }

  const loadList = (label: string) => load(label, `${base}/reservations`, auth, { page: 1, pageSize: 50 });

  // Export tasks left waiting in a reused data directory (an earlier run, before the queued tasks counted against
  // the caps, queued 1,100 of them) would be rendered by the runner throughout this run: refuse to measure over them.
  const pending = await fetch(`${base}/tasks?page=1&pageSize=200`, {
    headers: { authorization: `Bearer ${await agentToken(base, 'admin')}` },
  });
  const waiting = ((await pending.json()) as { data: { statut: string }[] }).data.filter(
    (task) => task.statut === 'en_attente' || task.statut === 'en_cours',
  ).length;
  if (waiting > 0)
    throw new Error(
      `${waiting} tâche(s) en attente ou en cours dans ${values.reuse} : elles tourneraient pendant les mesures. Laissez-les finir, ou prenez une copie du dossier sans elles.`,
    );

  const excelSet = await periodFor(Number(values.excelRows), '2026-01-01');
  const pdfSet = await periodFor(Number(values.pdfRows), '2026-01-01');
  console.info(`Excel : ${JSON.stringify(excelSet.body)} → ${excelSet.rows} lignes`);
  console.info(`PDF : ${JSON.stringify(pdfSet.body)} → ${pdfSet.rows} lignes`);

  // Warm-up (JIT, page cache), not counted.
  await timedExport('/reservations/generate_Excel_Resa/all_data', {
    ...excelSet.body,
    end_date: '2026-01-03',
  });
  await loadList('échauffement');

  const exports: [string, string, object, number][] = [];
  const results: (string | number)[][] = [];
  for (let run = 1; run <= 2; run++) {
    exports.push([
      'Excel all_data',
      '/reservations/generate_Excel_Resa/all_data',
      excelSet.body,
      excelSet.rows,
    ]);
    exports.push(['PDF (liste)', '/reservations/generate_Pdf_Resa', pdfSet.body, pdfSet.rows]);
    exports.push(['PDF all_data', '/reservations/generate_Pdf_Resa/all_data', pdfSet.body, pdfSet.rows]);
  }
  for (const [label, path, body, rows] of values.skipSingle ? [] : exports) {
    const r = await timedExport(path, body);
    results.push([
      r.task ? `${label} (tâche)` : label,
      rows,
      (r.ms / 1000).toFixed(2),
      r.cpu.toFixed(2),
      r.mainCpu.toFixed(2),
      (r.bytes / 1024 / 1024).toFixed(1),
      r.beforeMb.toFixed(0),
      r.peakMb.toFixed(0),
      (r.peakMb - r.beforeMb).toFixed(0),
    ]);
  }

  const adminJson = {
    authorization: `Bearer ${admin}`,
    'content-type': 'application/json',
  };
  /**
   * Exports in a loop as one user until `running()` turns false, each followed to its file (a task's included);
   * counts the files and the 429 refusals.
   */
  async function exportLoop(
    path: string,
    body: object,
    headers: Record<string, string>,
    running: () => boolean,
    tally: ExportTally,
  ) {
    while (running()) {
      const file = await exportFile(path, body, headers);
      if (file === undefined) {
        tally.refused += 1;
        await new Promise((r) => setTimeout(r, 200));
      } else tally.done += 1;
    }
  }

  const bare = await load('node:http nu (référence)', baseline.url);

  /** The list alone, then during Excel exports back to back, 6 Excel requesters (tasks) and 6 PDF requesters. */
  async function measureRound() {
    const loadAtStart = os.loadavg()[0] ?? 0;
    const { result: idle, cpu: idleCpu } = await cpuSplitOf(() => loadList('liste seule'));
    // The same list load while Excel exports of ~10,000 rows run back to back.
    let exporting = true;
    let exportsDone = 0;
    const background = (async () => {
      while (exporting) {
        await timedExport('/reservations/generate_Excel_Resa/all_data', excelSet.body);
        exportsDone += 1;
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const { result: during, cpu: duringCpu } = await cpuSplitOf(() =>
      loadList('liste pendant les exports Excel'),
    );
    exporting = false;
    await background;
    const excelCrowd = await crowdPhase(
      '/reservations/generate_Excel_Resa/all_data',
      excelSet.body,
      'liste pendant 6 demandeurs d’exports Excel (tâches)',
    );
    const pdfCrowd = await crowdPhase(
      '/reservations/generate_Pdf_Resa/all_data',
      pdfSet.body,
      'liste pendant 6 demandeurs d’exports PDF (flux)',
    );
    return {
      load: `${loadAtStart.toFixed(1)} → ${os.loadavg()[0]?.toFixed(1)}`,
      idle,
      idleCpu,
      during,
      duringCpu,
      exportsDone,
      excelCrowd,
      pdfCrowd,
    };
  }

  // Issue 9 §2: users asking for more exports than the caps allow (2 per user, 4 per process). Six loops — three as
  // the agent, three as the administrator — each waiting for its file before asking again. Excel all_data (~10,000
  // rows) runs as a task (the runner takes one at a time); the PDF (~5,000 rows, under the task threshold) streams,
  // 4 at once under the caps, the rest refused with 429.
  async function crowdPhase(path: string, body: object, label: string) {
    let crowded = true;
    const tally: ExportTally = { done: 0, refused: 0 };
    const crowd = Array.from({ length: 6 }, (_, index) =>
      exportLoop(path, body, index % 2 === 0 ? json : adminJson, () => crowded, tally),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    const { result: row, cpu } = await cpuSplitOf(() => loadList(label));
    crowded = false;
    await Promise.all(crowd);
    return { row, tally, cpu };
  }

  const rounds: Awaited<ReturnType<typeof measureRound>>[] = [];
  for (let round = 0; round < Number(values.rounds); round += 1) rounds.push(await measureRound());

  if (!values.skipSingle) {
    console.info('');
    printTable(
      [
        'Export',
        'Lignes',
        'Temps (s)',
        'CPU API (s)',
        'dont fil principal (s)',
        'Taille (MB)',
        'RSS avant (MB)',
        'RSS pic (MB)',
        'En plus (MB)',
      ],
      results,
    );
  }
  for (const [
    index,
    { load: roundLoad, idle, idleCpu, during, duringCpu, exportsDone, excelCrowd, pdfCrowd },
  ] of rounds.entries()) {
    console.info(
      `\nTour ${index + 1} / ${rounds.length} (load average 1 min ${roundLoad}) — POST /api/reservations (page de 50), ${REQUESTS} requêtes, 1 connexion, exports : rendu ${values.render}, priorité ${values.priority}, rendus simultanés ${values.renderCap ?? `max(1, cœurs − 1) = ${Math.max(1, os.availableParallelism() - 1)}`}, chargeur de la liste ${values.loader === 'child' ? 'dans un processus à part' : 'dans le processus du banc'} :\n`,
    );
    // p50 / p99 at 0.01 ms (`Row.exact`): with the list at 1–5 ms, autocannon's whole milliseconds decided the ratio
    // (« 1 → 5 ms, 5.00× » for a list alone whose p99 rounded down to 1). Its whole-millisecond p99 stays beside.
    const exactRow = (label: string, row: Row, ratio: boolean) => [
      label,
      row.exact.p50.toFixed(2),
      row.exact.p99.toFixed(2),
      row.p99,
      row.errors,
      ratio ? `${(row.exact.p99 / idle.exact.p99).toFixed(2)}×` : '—',
    ];
    printTable(
      ['Charge', 'p50 (ms)', 'p99 (ms)', 'p99 en ms entières (autocannon)', 'erreurs', '× p99 seule'],
      [
        exactRow(bare.label, bare, false),
        exactRow(idle.label, idle, false),
        exactRow(`${during.label} (${exportsDone} exports)`, during, true),
        ...[excelCrowd, pdfCrowd].map(({ row, tally }) =>
          exactRow(`${row.label} (${tally.done} exports, ${tally.refused} refus 429)`, row, true),
        ),
      ],
    );
    console.info('\nCPU (s) et attente de CPU (file d’exécution) pendant chaque mesure de la liste :\n');
    printTable(
      [
        'Charge',
        'fil principal API',
        'autres fils API et processus de rendu',
        'PostgreSQL : backends nice 0',
        'backends abaissés',
        'processus auxiliaires',
        'backends terminés',
        'banc (demandeurs, chargeur)',
        'attente fil principal (ms / requête)',
        'attente backends PostgreSQL nice 0 (ms / requête)',
      ],
      [
        [idle.label, idleCpu],
        [during.label, duringCpu],
        [excelCrowd.row.label, excelCrowd.cpu],
        [pdfCrowd.row.label, pdfCrowd.cpu],
      ].map(([label, cpu]) => {
        const { main, others, postgres, bench, mainWait } = cpu as CpuSplit;
        return [
          label as string,
          main.toFixed(2),
          others.toFixed(2),
          postgres.normal.toFixed(2),
          postgres.lowered.toFixed(2),
          postgres.helper.toFixed(2),
          postgres.ended.toFixed(2),
          bench.toFixed(2),
          (mainWait / REQUESTS).toFixed(2),
          (postgres.normalWait / REQUESTS).toFixed(2),
        ];
      }),
    );
  }
  console.info(
    `\nCharge de la machine (load average 1 min) au début / à la fin : ${loadStart} / ${os.loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  for (const socket of sockets) socket.disconnect();
  api.kill('SIGTERM');
  baseline.close();
}

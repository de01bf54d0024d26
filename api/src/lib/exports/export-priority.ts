/**
 * How an export's work is kept out of the list's way on the CPU (docs/performance.md « Exports off the main thread »):
 * its render thread (export-render-worker.ts) and, on the embedded PostgreSQL, its backend process (export-reader.ts).
 *
 * - nice 19 (setpriority), as before: on Linux with autogroup a nice value only weighs against the tasks of the same
 *   session. The render threads share the API's session (a nice-19 thread against the main thread: right), but every
 *   PostgreSQL backend is a session of its own (the postmaster's children call setsid), so a backend's nice 19
 *   weighed against nothing.
 * - SCHED_IDLE (`chrt --idle -p 0 <tid>`, util-linux: Node has no sched_setscheduler): a CPU running only SCHED_IDLE
 *   tasks counts as idle when a normal task wakes (the list's main thread or its pool backend is placed there) and a
 *   waking normal task preempts a SCHED_IDLE one at once, instead of waiting for the scheduler's next decision. An
 *   unprivileged process may switch its own threads and processes to SCHED_IDLE, not back.
 * - For a backend, its session's autogroup at nice 19 (`/proc/<pid>/autogroup`): what its share weighs against the
 *   other sessions (the API, the pool's backends, other programs).
 *
 * When chrt is missing or refused, nice 19 stays (logged at debug level).
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { ExportPriorityMode } from '../../config-constants';

const NOT_LOWERED: Lowered = { nice: false, idle: false, reason: 'EXPORT_PRIORITY=normal' };

/** The kernel's SCHED_IDLE policy number (/proc/…/stat field 41, `policy` in /proc/…/sched). */
export const SCHED_IDLE = 5;

/** What a lowering did, for the logs and the tests. */
export interface Lowered {
  nice: boolean;
  idle: boolean;
  /** Why SCHED_IDLE was not set (mode `nice`, chrt missing or refused). */
  reason?: string | undefined;
}

const CHRT_TIMEOUT_MS = 5_000;
const AUTOGROUP_RETRY_MS = 110;

const chrtArgs = (id: number, allThreads = false) => [
  ...(allThreads ? ['--all-tasks'] : []),
  '--idle',
  '-p',
  '0',
  String(id),
];

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Sets a process's or thread's nice value; false when the system refuses (not ours, no permission, not Linux). */
export function lowerPriority(id: number, nice = os.constants.priority.PRIORITY_LOW): boolean {
  try {
    os.setPriority(id, nice);
    return true;
  } catch {
    return false;
  }
}

/** The calling thread's id (Linux: /proc/thread-self is `<pid>/task/<tid>`), undefined elsewhere. */
function ownThreadId(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const tid = Number(stat.slice(0, stat.indexOf(' ')));
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the calling thread (a render worker's first act): nice 19 (setpriority on « process 0 » from a thread
 * applies to that thread only on Linux), then SCHED_IDLE. Synchronous: nothing is rendered before it is done.
 */
export function lowerOwnThread(mode: ExportPriorityMode): Lowered {
  if (mode === 'normal') return NOT_LOWERED;
  const nice = lowerPriority(0);
  if (mode === 'nice') return { nice, idle: false, reason: 'EXPORT_PRIORITY=nice' };
  const tid = ownThreadId();
  if (tid === undefined) return { nice, idle: false, reason: 'identifiant du fil inconnu (hors Linux)' };
  try {
    execFileSync('chrt', chrtArgs(tid), { stdio: 'ignore', timeout: CHRT_TIMEOUT_MS });
    return { nice, idle: true };
  } catch (error) {
    return { nice, idle: false, reason: `chrt : ${reasonOf(error)}` };
  }
}

/**
 * Lowers another process (an export's PostgreSQL backend, a render process): nice 19, SCHED_IDLE, and its session's
 * autogroup at nice 19 when it leads a session of its own (never a session shared with other processes). nice and
 * SCHED_IDLE apply to its main thread, and to the threads it starts afterwards; `allThreads` puts the threads it
 * already runs (a Node process's V8 and libuv threads) under SCHED_IDLE too.
 */
export async function lowerProcess(
  pid: number,
  mode: ExportPriorityMode,
  { allThreads = false }: { allThreads?: boolean } = {},
): Promise<Lowered> {
  if (mode === 'normal') return NOT_LOWERED;
  const nice = lowerPriority(pid);
  if (mode === 'nice') return { nice, idle: false, reason: 'EXPORT_PRIORITY=nice' };
  const autogroup = await lowerAutogroup(pid);
  const idle = await new Promise<string | undefined>((resolve) => {
    execFile('chrt', chrtArgs(pid, allThreads), { timeout: CHRT_TIMEOUT_MS }, (error) =>
      resolve(error === null ? undefined : `chrt : ${reasonOf(error)}`),
    );
  });
  const reasons = [idle, autogroup].filter((reason) => reason !== undefined);
  return { nice, idle: idle === undefined, ...(reasons.length > 0 ? { reason: reasons.join(' ; ') } : {}) };
}

/**
 * Writes nice 19 to the autogroup of `pid` if it leads its own session; the reason when it did not. Without
 * CAP_SYS_ADMIN the kernel takes one such write every 100 ms on the whole host (EAGAIN otherwise): retried.
 */
async function lowerAutogroup(pid: number): Promise<string | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // Field 6 of /proc/<pid>/stat is the session id (fields after « (comm) »: state is field 3).
      const session = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[3]);
      if (session !== pid) return 'autogroup : le processus ne mène pas sa propre session';
      writeFileSync(`/proc/${pid}/autogroup`, String(os.constants.priority.PRIORITY_LOW));
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN' && attempt < 5) {
        await delay(AUTOGROUP_RETRY_MS);
        continue;
      }
      // No autogroup (kernel without it, or disabled) or refused: the backend keeps SCHED_IDLE and nice 19.
      return `autogroup : ${reasonOf(error)}`;
    }
  }
}

/** The scheduling of a thread (`tid`, the process itself when left out), from /proc; undefined off Linux. */
export function schedulingOf(
  pid: number | 'self',
  tid: number | 'self' = pid,
): { nice: number; policy: number } | undefined {
  try {
    const path =
      pid === 'self' && tid === 'self' ? '/proc/thread-self/stat' : `/proc/${pid}/task/${tid}/stat`;
    const fields = readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // Fields after « (comm) »: state is field 3, nice 19, policy 41.
    return { nice: Number(fields[16]), policy: Number(fields[38]) };
  } catch {
    return undefined;
  }
}

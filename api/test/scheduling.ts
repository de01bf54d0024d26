/**
 * How Linux schedules a process or thread, read from /proc (export-priority.ts lowers the exports' render workers
 * and PostgreSQL backends): for the tests that read the lowering back.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** A thread's policy (`tid`, the process's main thread when left out): 5 SCHED_IDLE, 0 SCHED_OTHER. */
export const policyOf = (pid: number, tid: number | string = pid): number =>
  Number(/^policy\s*:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/task/${tid}/sched`, 'utf8'))?.[1]);

/**
 * « /autogroup-12 nice 19 » → 19; undefined on a kernel without autogroup, and for a task still in the boot
 * session's default autogroup, whose file is empty (the kernel shows only the autogroups sessions created; CI
 * may run the tests in a session that never called setsid).
 */
export const autogroupNiceOf = (pid: number): number | undefined => {
  if (!existsSync(`/proc/${pid}/autogroup`)) return undefined;
  const shown = /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'));
  return shown === null ? undefined : Number(shown[1]);
};

/** A process's session, the nice value of its main thread and its threads' ids. */
export const processOf = (pid: number): { session: number; nice: number; threads: string[] } => {
  // Fields after « (comm) »: state is field 3, session 6, nice 19.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { session: Number(fields[3]), nice: Number(fields[16]), threads: readdirSync(`/proc/${pid}/task`) };
};

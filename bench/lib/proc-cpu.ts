// CPU time of the processes under test, read from /proc (Linux): load-robust figures (CPU seconds spent per unit of
// work do not grow with the other tenants of the machine the way latencies do).
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (CLK_TCK, 100 on Linux). */
const TICKS = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, ms. */
  own: number;
  /** cutime + cstime (the children it has reaped), ms. */
  reaped: number;
}

function readStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // comm is between the first '(' and the last ')': it may hold spaces.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17, ppid field 4.
  const at = (field: number) => Number(fields[field - 3]);
  return {
    pid,
    ppid: at(4),
    comm: text.slice(open + 1, close),
    own: ((at(14) + at(15)) * 1_000) / TICKS,
    reaped: ((at(16) + at(17)) * 1_000) / TICKS,
  };
}

function allStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.push(stat);
  }
  return stats;
}

export interface CpuSnapshot {
  /** The API node processes (descendants of this process named node), ms each, by pid. */
  api: Map<number, number>;
  /** Every postgres process among the descendants (the postmaster counts the backends it reaped), ms in all. */
  postgres: number;
  /** This process (the load generator and the receiving sockets), ms. */
  bench: number;
}

/** CPU used so far by this process, the API nodes it started and the PostgreSQL clusters below them. */
export function cpuSnapshot(): CpuSnapshot {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const api = new Map<number, number>();
  let postgres = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.comm === 'postgres') postgres += child.own + child.reaped;
      else if (child.comm.startsWith('node')) api.set(child.pid, child.own);
      walk(child.pid);
    }
  };
  walk(process.pid);
  const usage = process.cpuUsage();
  return { api, postgres, bench: (usage.user + usage.system) / 1_000 };
}

/** CPU ms spent between two snapshots: the API nodes together, PostgreSQL, this process. */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot) {
  let api = 0;
  for (const [pid, ms] of after.api) api += ms - (before.api.get(pid) ?? 0);
  return { api, postgres: after.postgres - before.postgres, bench: after.bench - before.bench };
}

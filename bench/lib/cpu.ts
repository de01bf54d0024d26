// CPU time of a process and of its descendants (the embedded PostgreSQL the API starts), read from /proc: a
// load-robust measure of service time — a request's CPU does not grow when other work queues for the same cores.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

interface Stat {
  ppid: number;
  /** utime + stime + cutime + cstime: its own CPU and that of its children already reaped, in ticks. */
  ticks: number;
}

function statOf(pid: number): Stat | undefined {
  try {
    // The command name may hold spaces or parentheses: the fields start after the last ') '.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    const at = (i: number) => Number(fields[i] ?? 0);
    // Fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return { ppid: at(1), ticks: at(11) + at(12) + at(13) + at(14) };
  } catch {
    return undefined;
  }
}

/** CPU milliseconds used so far by `pid` itself and by all its live descendants (the database server). */
export function cpuTree(pid: number): { self: number; descendants: number } {
  const stats = new Map<number, Stat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat !== undefined) stats.set(Number(entry), stat);
  }
  const children = new Map<number, number[]>();
  for (const [child, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), child]);
  let descendants = 0;
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    descendants += stats.get(next)?.ticks ?? 0;
    stack.push(...(children.get(next) ?? []));
  }
  const ms = 1000 / TICKS;
  return { self: (stats.get(pid)?.ticks ?? 0) * ms, descendants: descendants * ms };
}

/**
 * Scheduled jobs (docs/api.md « Scheduled jobs »): each job names the period it is due for (an hour, a Paris
 * day after 07:00…). Every API process checks every minute; under a transaction-scoped advisory lock, the first one
 * to see a period not yet recorded in `task_planifications` records it and queues the task in the same transaction.
 * So a job runs once per period however many processes run, and a process started mid-period catches up at once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TaskType } from 'shared/contract';
import { SYSTEM_ACTOR } from '../../db/audit';
import type { Database } from '../../db/client';
import { oneOf } from '../../db/raw';
import type { TaskRunner } from './task-runner';

export interface ScheduledJob {
  /** Key of `task_planifications` and of the advisory lock. */
  name: string;
  type: TaskType;
  /** The period `now` falls in (e.g. '2026-11-24T09' for an hourly job), or null when not due yet (before 07:00). */
  periodOf(now: Date): string | null;
}

export const SCHEDULE_CHECK_MS = 60_000;

/** Advisory-lock key space of the schedules (the migrations use their own key). */
const LOCK_NAMESPACE = 'ebas3:task-schedule:';

const parisParts = (now: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
};

/** Once an hour (UTC hours: a Paris clock change neither skips nor repeats one). */
export const hourly = (name: string, type: TaskType): ScheduledJob => ({
  name,
  type,
  periodOf: (now) => now.toISOString().slice(0, 13),
});

/** Once a Paris day, from `hour` o'clock (a process started later that day still runs it). */
export const dailyFrom = (name: string, type: TaskType, hour: number): ScheduledJob => ({
  name,
  type,
  periodOf: (now) => {
    const paris = parisParts(now);
    return paris.hour >= hour ? paris.day : null;
  },
});

/**
 * Queues `job` if its current period has not been queued by any process yet. Returns the task id, or null.
 */
export async function runIfDue(
  db: Database,
  runner: TaskRunner,
  job: ScheduledJob,
  now = new Date(),
): Promise<number | null> {
  const period = job.periodOf(now);
  if (period === null) return null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_NAMESPACE + job.name}))`);
    const last = await oneOf<{ dernier_creneau: string }>(
      tx,
      sql`select dernier_creneau from task_planifications where nom = ${job.name}`,
    );
    if (last?.dernier_creneau === period) return null;
    await tx.execute(
      sql`insert into task_planifications (nom, dernier_creneau) values (${job.name}, ${period})
          on conflict (nom) do update set dernier_creneau = excluded.dernier_creneau, derniere_execution = now()`,
    );
    return runner.enqueue(tx, job.type, { parametres: { creneau: period }, actor: SYSTEM_ACTOR });
  });
}

/** Checks the jobs now and every SCHEDULE_CHECK_MS; returns the function that stops it. */
export function startSchedules(
  db: Database,
  runner: TaskRunner,
  jobs: readonly ScheduledJob[],
  log: FastifyBaseLogger,
): () => void {
  const check = async () => {
    for (const job of jobs) {
      try {
        const id = await runIfDue(db, runner, job);
        if (id !== null) {
          log.info({ task: id, job: job.name }, 'tâche planifiée mise en file');
          runner.kick();
        }
      } catch (error) {
        log.error({ err: error, job: job.name }, 'tâche planifiée : mise en file en échec');
      }
    }
  };
  void check();
  const timer = setInterval(() => void check(), SCHEDULE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

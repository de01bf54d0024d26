/**
 * The task runner (issue 12 §3, docs/api.md « Tâches »): long work is a row of `tasks`, taken by whichever API
 * process is free with `FOR UPDATE SKIP LOCKED` (two runners never take the same task), run with a heartbeat and
 * progress, and finished as `terminee` (result, optional file) or `echec` (a French reason). A task left `en_cours`
 * by a process that died stops beating: any runner then fails it with a reason, so nothing is silently lost; a task
 * interrupted by a clean shutdown is failed at once. « Relancer » (POST /tasks/:id/retry) queues a copy.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TaskType } from 'shared/contract';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { oneOf, rowsOf } from '../../db/raw';
import { AppError } from '../../errors';
import { RepeatedFailureLog } from '../../lib/repeated-failure-log';

export const TASK_MESSAGES = {
  interrupted: "Tâche interrompue par l'arrêt du serveur : relancez-la.",
  abandoned: 'Tâche interrompue : le serveur qui la traitait a cessé de répondre. Relancez-la.',
  unexpected:
    'La tâche a échoué sur une erreur inattendue. Relancez-la ; si le problème persiste, prévenez un administrateur.',
  unknownType: (type: string) => `Ce serveur ne sait pas exécuter les tâches « ${type} ».`,
} as const;

/** What a finished task leaves: a French summary, data for the screens, and optionally a file to download. */
export interface TaskOutcome {
  message: string;
  details?: Record<string, unknown>;
  fichier?: { nom: string; typeContenu: string; contenu: Buffer };
}

export interface TaskContext {
  id: number;
  parametres: Record<string, unknown>;
  createdBy: number | null;
  db: Database;
  log: FastifyBaseLogger;
  /** Records the progress (0–100); cheap to call often (written when the whole percent changes). */
  progress(percent: number): Promise<void>;
}

export interface TaskDefinition {
  run(context: TaskContext): Promise<TaskOutcome>;
}

/** What the screens are told while a task moves (task-events.ts: the socket and the notifications). */
export interface TaskChange {
  id: number;
  type: string;
  createdBy: number | null;
  statut: 'en_cours' | 'terminee' | 'echec';
  progression: number;
}

export interface TaskListener {
  /** Claimed, progressed, finished or failed; not persisted, may be missed (the screen re-reads the list). */
  changed(change: TaskChange): void;
  /** Once the outcome is saved; its failure is only logged. */
  finished(task: FinishedTask): Promise<void>;
}

export interface FinishedTask {
  id: number;
  type: string;
  createdBy: number | null;
  statut: 'terminee' | 'echec';
  message: string;
}

export interface TaskRunnerOptions {
  /** Poll the table for work every … ms (other processes' tasks; this process's are started at once). */
  pollMs: number;
  /** A running task's heartbeat period. */
  heartbeatMs: number;
  /** A task `en_cours` whose heartbeat is older than this was left by a dead process: failed with a reason. */
  staleMs: number;
  /** Tasks this process runs at once. */
  concurrency: number;
  /** On shutdown, how long the tasks still running here may take to finish before they are failed. */
  stopGraceMs: number;
}

export const DEFAULT_TASK_RUNNER_OPTIONS: Readonly<TaskRunnerOptions> = Object.freeze({
  pollMs: 2_000,
  heartbeatMs: 5_000,
  staleMs: 30_000,
  concurrency: 1,
  stopGraceMs: 10_000,
});

interface ClaimedRow {
  id: number;
  type: string;
  parametres: Record<string, unknown>;
  created_by: number | null;
}

export class TaskRunner {
  readonly node = randomUUID();
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;
  /** The queue's poll failing every turn (the database down): logged once, then summed up once a minute. */
  readonly #queueFailures: RepeatedFailureLog;
  readonly #options: TaskRunnerOptions;
  readonly #definitions = new Map<string, TaskDefinition>();
  readonly #running = new Map<number, Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** Only a started runner takes work on kick(); one that is not (tests, a node that runs no task) is drained. */
  #started = false;
  #pumping: Promise<void> | undefined;
  #listener: TaskListener | undefined;

  constructor(db: Database, log: FastifyBaseLogger, options: Partial<TaskRunnerOptions> = {}) {
    this.#db = db;
    this.#log = log;
    this.#queueFailures = new RepeatedFailureLog(log, 'tâches : lecture de la file en échec');
    this.#options = { ...DEFAULT_TASK_RUNNER_OPTIONS, ...options };
  }

  define(type: TaskType | (string & {}), definition: TaskDefinition): void {
    if (this.#definitions.has(type)) throw new Error(`Task type ${type} defined twice.`);
    this.#definitions.set(type, definition);
  }

  /** The one listener of the task events (task-events.ts). */
  listen(listener: TaskListener): void {
    this.#listener = listener;
  }

  has(type: string): boolean {
    return this.#definitions.has(type);
  }

  /** Queues a task in `executor` (a caller's transaction: the task exists only if it commits). */
  async enqueue(
    executor: Executor,
    type: TaskType | (string & {}),
    values: {
      parametres?: Record<string, unknown>;
      createdBy?: number | null;
      relanceDe?: number;
      actor?: Actor;
    },
  ): Promise<number> {
    if (!this.#definitions.has(type)) throw new Error(`Task type ${type} is not defined.`);
    const row = await oneOf<{ id: number }>(
      executor,
      sql`insert into tasks (type, parametres, created_by, relance_de)
          values (${type}, ${JSON.stringify(values.parametres ?? {})}::jsonb, ${values.createdBy ?? null},
                  ${values.relanceDe ?? null})
          returning id`,
    );
    if (row === undefined) throw new Error('enqueue: no row returned');
    if (values.actor !== undefined)
      await recordAudit(executor, {
        entity: 'task',
        entityId: row.id,
        action: values.relanceDe === undefined ? 'creation' : 'relance',
        after: { type, relance_de: values.relanceDe ?? null },
        actor: values.actor,
      });
    return row.id;
  }

  /** Starts polling (the server; tests call drain()). A queued task of this process is started at once by kick(). */
  start(): void {
    this.#stopped = false;
    this.#started = true;
    const tick = () => {
      this.kick();
      this.#timer = setTimeout(tick, this.#options.pollMs);
      this.#timer.unref();
    };
    tick();
  }

  /** Looks for work now (after an enqueue committed). No-op once stopped or when not started. */
  kick(): void {
    if (!this.#started || this.#stopped || this.#pumping !== undefined) return;
    this.#pumping = this.#pump()
      .then(
        () => this.#queueFailures.succeeded(),
        (error: unknown) => this.#queueFailures.failed(error),
      )
      .finally(() => {
        this.#pumping = undefined;
      });
  }

  /** Fails the stale tasks, then runs queued tasks until none is left. Returns the ids this runner ran. */
  async drain(): Promise<number[]> {
    const ran: number[] = [];
    await this.failStale();
    for (;;) {
      const claimed = await this.#claim();
      if (claimed === undefined) break;
      ran.push(claimed.id);
      await this.#execute(claimed);
    }
    return ran;
  }

  /** Fails the tasks a dead process left `en_cours` (heartbeat older than staleMs). Returns their ids. */
  async failStale(): Promise<number[]> {
    const rows = await rowsOf<{ id: number; type: string; created_by: number | null }>(
      this.#db,
      sql`update tasks set statut = 'echec', erreur = ${TASK_MESSAGES.abandoned}, finished_at = now(), updated_at = now()
          where statut = 'en_cours'
            and coalesce(heartbeat_at, started_at, updated_at) < now() - make_interval(secs => ${this.#options.staleMs / 1000})
          returning id, type, created_by`,
    );
    for (const row of rows) {
      this.#log.warn({ task: row.id }, 'tâche abandonnée par un processus arrêté : marquée en échec');
      await this.#notify({ ...row, statut: 'echec', message: TASK_MESSAGES.abandoned });
    }
    return rows.map((row) => row.id);
  }

  /**
   * Stops taking work and gives the tasks still running here `stopGraceMs` to finish (a restart during a deploy does
   * not throw away an export about to end); those still running then are failed with a reason — the database is
   * about to close under them.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    // A claim in flight (committed, its task not yet among the running ones) counts too: wait for the pump to stop.
    await this.#pumping;
    if (this.#running.size === 0) return;
    this.#log.info(
      { taches: [...this.#running.keys()], delaiMs: this.#options.stopGraceMs },
      'arrêt : attente des tâches en cours',
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.#running.values()),
      new Promise((resolve) => (timer = setTimeout(resolve, this.#options.stopGraceMs))),
    ]);
    clearTimeout(timer);
    const ids = [...this.#running.keys()];
    if (ids.length === 0) return;
    await this.#db.execute(
      sql`update tasks set statut = 'echec', erreur = ${TASK_MESSAGES.interrupted}, finished_at = now(), updated_at = now()
          where statut = 'en_cours' and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }

  async #pump(): Promise<void> {
    await this.failStale();
    while (!this.#stopped && this.#running.size < this.#options.concurrency) {
      const claimed = await this.#claim();
      if (claimed === undefined) return;
      const run = this.#execute(claimed).finally(() => {
        this.#running.delete(claimed.id);
        this.kick();
      });
      this.#running.set(claimed.id, run);
    }
  }

  async #claim(): Promise<ClaimedRow | undefined> {
    const types = [...this.#definitions.keys()];
    if (types.length === 0) return undefined;
    return oneOf<ClaimedRow>(
      this.#db,
      sql`update tasks t set statut = 'en_cours', started_at = now(), heartbeat_at = now(), updated_at = now()
          from (select id from tasks where statut = 'en_attente' and type in (${sql.join(
            types.map((type) => sql`${type}`),
            sql`, `,
          )}) order by id limit 1 for update skip locked) c
          where t.id = c.id
          returning t.id, t.type, t.parametres, t.created_by`,
    );
  }

  async #execute(task: ClaimedRow): Promise<void> {
    const definition = this.#definitions.get(task.type);
    const log = this.#log.child({ task: task.id, type: task.type });
    let percent = 0;
    this.#changed(task, 'en_cours', 0);
    const beat = setInterval(() => {
      this.#db
        .execute(sql`update tasks set heartbeat_at = now() where id = ${task.id} and statut = 'en_cours'`)
        .catch((error: unknown) => log.warn({ err: error }, 'tâches : battement de cœur en échec'));
    }, this.#options.heartbeatMs);
    beat.unref();
    try {
      if (definition === undefined) throw new AppError(500, TASK_MESSAGES.unknownType(task.type));
      const outcome = await definition.run({
        id: task.id,
        parametres: task.parametres,
        createdBy: task.created_by,
        db: this.#db,
        log,
        progress: async (value) => {
          const next = Math.max(0, Math.min(99, Math.floor(value)));
          if (next <= percent) return;
          percent = next;
          await this.#db.execute(
            sql`update tasks set progression = ${next}, heartbeat_at = now(), updated_at = now()
                where id = ${task.id} and statut = 'en_cours'`,
          );
          this.#changed(task, 'en_cours', next);
        },
      });
      await this.#finish(task, outcome);
    } catch (error) {
      // Failed by stop() already; what broke is the database closing under it, not the task.
      if (this.#stopped && !(error instanceof AppError)) {
        log.info('tâche interrompue par l’arrêt du serveur');
        return;
      }
      const message = error instanceof AppError ? error.message : TASK_MESSAGES.unexpected;
      if (!(error instanceof AppError)) log.error({ err: error }, 'tâche en échec');
      const failed = await oneOf<{ id: number }>(
        this.#db,
        sql`update tasks set statut = 'echec', erreur = ${message}, finished_at = now(), updated_at = now()
            where id = ${task.id} and statut = 'en_cours' returning id`,
      ).catch((dbError: unknown) => {
        log.error({ err: dbError }, 'tâches : échec non enregistré');
        return undefined;
      });
      if (failed !== undefined) await this.#notify({ ...task, statut: 'echec', message });
    } finally {
      clearInterval(beat);
    }
  }

  async #finish(task: ClaimedRow, outcome: TaskOutcome): Promise<void> {
    const { fichier } = outcome;
    const resultat = {
      message: outcome.message,
      ...(outcome.details === undefined ? {} : { details: outcome.details }),
      ...(fichier === undefined ? {} : { fichier: fichier.nom, taille: fichier.contenu.length }),
    };
    const done = await this.#db.transaction(async (tx) => {
      // Only a task still ours: a stale one already failed by another runner keeps its reason.
      const row = await oneOf<{ id: number }>(
        tx,
        sql`update tasks set statut = 'terminee', progression = 100, resultat = ${JSON.stringify(resultat)}::jsonb,
                finished_at = now(), updated_at = now()
            where id = ${task.id} and statut = 'en_cours' returning id`,
      );
      if (row !== undefined && fichier !== undefined)
        await tx.execute(
          sql`insert into task_fichiers (task_id, nom, type_contenu, contenu)
              values (${task.id}, ${fichier.nom}, ${fichier.typeContenu}, ${fichier.contenu})`,
        );
      return row !== undefined;
    });
    if (done) await this.#notify({ ...task, statut: 'terminee', message: outcome.message });
  }

  #changed(task: ClaimedRow, statut: TaskChange['statut'], progression: number): void {
    try {
      this.#listener?.changed({
        id: task.id,
        type: task.type,
        createdBy: task.created_by,
        statut,
        progression,
      });
    } catch (error) {
      this.#log.warn({ err: error, task: task.id }, 'tâches : événement non émis');
    }
  }

  async #notify(task: {
    id: number;
    type: string;
    created_by: number | null;
    statut: 'terminee' | 'echec';
    message: string;
  }): Promise<void> {
    if (this.#listener === undefined) return;
    const row = { id: task.id, type: task.type, parametres: {}, created_by: task.created_by };
    this.#changed(row, task.statut, task.statut === 'terminee' ? 100 : 0);
    try {
      await this.#listener.finished({
        id: task.id,
        type: task.type,
        createdBy: task.created_by,
        statut: task.statut,
        message: task.message,
      });
    } catch (error) {
      this.#log.warn({ err: error, task: task.id }, 'tâches : notification de fin en échec');
    }
  }
}

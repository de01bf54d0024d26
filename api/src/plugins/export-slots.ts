import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Executor, Session } from '../db/client';
import { rowsOf } from '../db/raw';
import { TooManyRequestsError } from '../errors';

/**
 * Bounds the exports running at once (issue 9 §2): a file export reads thousands of rows and renders them on the
 * API's one thread, so a user clicking « Exporter » ten times, or a whole team exporting at 9 o'clock, must not
 * starve everyone's lists. Beyond the caps the export is refused at once with a French 429 and Retry-After (no
 * queue: a queued download would look like a frozen button; the user retries). Figures: docs/performance.md
 * « Exports ».
 *
 * Several API nodes on one PostgreSQL (docs/deployment.md): `reserve` holds the caps across all of them with
 * session advisory locks — a slot is a lock `(EXPORT_LOCK_TOTAL, i)`, i < total, and a user's slot a lock
 * `(EXPORT_LOCK_USER + j, userId)`, j < perUser — taken with pg_try_advisory_lock (never waits) on a connection of
 * the process's own. A node that dies loses its connection and the server frees its slots at once: no count to
 * repair. Each process also counts in memory (`acquire`), which refuses without a round trip when this node alone
 * is over a cap, and is the whole gate when the locking connection is lost (logged; it is reopened on the next
 * export). docs/security.md « Exports ».
 */
export interface ExportLimits {
  /** Exports one user may have running at once. */
  perUser: number;
  /** Exports running at once on this API process, all users together. */
  total: number;
}

export const DEFAULT_EXPORT_LIMITS: Readonly<ExportLimits> = Object.freeze({ perUser: 2, total: 4 });

/** Seconds a refused export is told to wait: an export of the usual size ends within a few seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

export const EXPORT_MESSAGES = {
  perUser: (running: number) =>
    `Vous avez déjà ${running} exports en cours : attendez qu'ils se terminent avant d'en lancer un autre.`,
  queued: (queued: number) =>
    `Vous avez déjà ${queued} exports en préparation (menu « Tâches ») : attendez qu'ils se terminent avant d'en lancer un autre.`,
  total: 'Le serveur prépare déjà plusieurs exports : réessayez dans quelques secondes.',
} as const;

export class ExportSlots {
  readonly #limits: ExportLimits;
  readonly #byUser = new Map<number, number>();
  #running = 0;

  constructor(limits: ExportLimits = DEFAULT_EXPORT_LIMITS) {
    if (!(Number.isInteger(limits.perUser) && limits.perUser >= 1 && Number.isInteger(limits.total))) {
      throw new RangeError('Export limits must be positive integers.');
    }
    if (limits.total < limits.perUser)
      throw new RangeError('The overall export cap must be ≥ the per-user cap.');
    this.#limits = { ...limits };
  }

  /** Exports running now (all users). */
  get running(): number {
    return this.#running;
  }

  runningFor(userId: number): number {
    return this.#byUser.get(userId) ?? 0;
  }

  /**
   * Takes a slot for `userId`, or throws TooManyRequestsError (429 + Retry-After). The returned function gives the
   * slot back; calling it more than once is harmless (a stream may both end and close).
   */
  acquire(userId: number): () => void {
    const mine = this.runningFor(userId);
    if (mine >= this.#limits.perUser) {
      throw new TooManyRequestsError(EXPORT_MESSAGES.perUser(mine), EXPORT_RETRY_AFTER_SECONDS);
    }
    if (this.#running >= this.#limits.total) {
      throw new TooManyRequestsError(EXPORT_MESSAGES.total, EXPORT_RETRY_AFTER_SECONDS);
    }
    this.#byUser.set(userId, mine + 1);
    this.#running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      const left = this.runningFor(userId) - 1;
      if (left > 0) this.#byUser.set(userId, left);
      else this.#byUser.delete(userId);
    };
  }
}

/** Advisory lock classes (first key) of the shared slots; arbitrary, away from the migrations' 4_242_003. */
export const EXPORT_LOCK_TOTAL = 4_242_100;
export const EXPORT_LOCK_USER = 4_242_101;

/** The export slots of every API node on one database: this process's counts, then the advisory locks. */
export class SharedExportSlots extends ExportSlots {
  readonly #perUser: number;
  readonly #total: number;
  readonly #openSession: () => Promise<Session>;
  readonly #onError: (error: unknown) => void;
  #session: Promise<Session | undefined> | undefined;
  /** Bumped when the locking connection is lost: the locks taken before are already gone on the server. */
  #generation = 0;
  /** The locks this process holds, as `class:key`: a session re-enters its own locks, so never try one twice. */
  readonly #held = new Set<string>();
  readonly #unlocking = new Set<Promise<void>>();

  constructor(
    limits: ExportLimits,
    openSession: (onLost: () => void) => Promise<Session>,
    onError: (error: unknown) => void,
  ) {
    super(limits);
    this.#perUser = limits.perUser;
    this.#total = limits.total;
    this.#onError = onError;
    this.#openSession = () =>
      openSession(() => {
        this.#generation += 1;
        this.#session = undefined;
        this.#held.clear();
        onError(new Error('connexion des créneaux d’export perdue'));
      });
  }

  #connection(): Promise<Session | undefined> {
    this.#session ??= this.#openSession().catch((error: unknown) => {
      this.#session = undefined;
      this.#onError(error);
      return undefined;
    });
    return this.#session;
  }

  /** Tries the locks `(lockClass(i), key)` for i < count not held here; the first taken, or undefined. */
  async #tryOne(
    session: Session,
    lockClass: (i: number) => number,
    key: (i: number) => number,
    count: number,
  ) {
    for (let i = 0; i < count; i += 1) {
      const id = `${lockClass(i)}:${key(i)}`;
      if (this.#held.has(id)) continue;
      const [row] = await session.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [
        lockClass(i),
        key(i),
      ]);
      if (row?.taken === true) {
        this.#held.add(id);
        return { lockClass: lockClass(i), key: key(i), id };
      }
    }
    return undefined;
  }

  /**
   * A large export is a task (202): its request slot is given back once the task is queued, so the slot alone
   * would let one user queue exports without end (a looping client queued 1,100 on 2026-11-24; the runner then
   * rendered them for an hour behind everyone's lists). The user's export tasks waiting or running count against
   * the same per-user cap: 429 beyond it. Called with the request's slot held, so a user's concurrent requests
   * overshoot by at most perUser − 1.
   */
  async assertTaskRoom(db: Executor, userId: number, taskType: string): Promise<void> {
    const [row] = await rowsOf<{ queued: number }>(
      db,
      sql`select count(*)::int as queued from tasks
          where created_by = ${userId} and type = ${taskType} and statut in ('en_attente', 'en_cours')`,
    );
    const queued = Number(row?.queued ?? 0);
    if (queued >= this.#perUser)
      throw new TooManyRequestsError(EXPORT_MESSAGES.queued(queued), EXPORT_RETRY_AFTER_SECONDS);
  }

  /** Resolves once the slots given back so far are free for the other nodes too (the unlocks have run). */
  async released(): Promise<void> {
    await Promise.all([...this.#unlocking]);
  }

  /**
   * Takes a slot for `userId` on every node together, or throws TooManyRequestsError (429 + Retry-After). The
   * returned function gives it back; calling it more than once is harmless.
   */
  async reserve(userId: number): Promise<() => void> {
    const local = this.acquire(userId);
    const session = await this.#connection();
    if (session === undefined) return local;
    const generation = this.#generation;
    const taken: { lockClass: number; key: number; id: string }[] = [];
    const unlock = () => {
      for (const lock of taken) {
        this.#held.delete(lock.id);
        // A session lost meanwhile has already released it on the server.
        if (generation === this.#generation) {
          const unlocking = session
            .query('select pg_advisory_unlock($1, $2)', [lock.lockClass, lock.key])
            .then(() => undefined, this.#onError);
          this.#unlocking.add(unlocking);
          void unlocking.finally(() => this.#unlocking.delete(unlocking));
        }
      }
      taken.length = 0;
    };
    try {
      const mine = await this.#tryOne(
        session,
        (j) => EXPORT_LOCK_USER + j,
        () => userId,
        this.#perUser,
      );
      if (mine === undefined)
        throw new TooManyRequestsError(EXPORT_MESSAGES.perUser(this.#perUser), EXPORT_RETRY_AFTER_SECONDS);
      taken.push(mine);
      const slot = await this.#tryOne(
        session,
        () => EXPORT_LOCK_TOTAL,
        (i) => i,
        this.#total,
      );
      if (slot === undefined)
        throw new TooManyRequestsError(EXPORT_MESSAGES.total, EXPORT_RETRY_AFTER_SECONDS);
      taken.push(slot);
    } catch (error) {
      unlock();
      local();
      if (error instanceof TooManyRequestsError) throw error;
      // The locking connection failed mid-way: this node's own count still holds.
      this.#onError(error);
      return this.acquire(userId);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      unlock();
      local();
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The export slots, shared by every API node on the database (plugins/export-slots.ts). */
    exportSlots: SharedExportSlots;
  }
}

export default fp<{ limits?: ExportLimits | undefined }>(
  async (app, options) => {
    const slots = new SharedExportSlots(
      options.limits ?? DEFAULT_EXPORT_LIMITS,
      (onLost) => app.dbSession(onLost),
      (error) => app.log.warn({ err: error }, 'créneaux d’export : verrous partagés indisponibles'),
    );
    app.decorate('exportSlots', slots);
  },
  { name: 'export-slots', dependencies: ['db'] },
);

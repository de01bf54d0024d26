import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../errors';

/**
 * Bounds the exports running at once (issue 9 §2): a file export reads thousands of rows and renders them on the
 * API's one thread, so a user clicking « Exporter » ten times, or a whole team exporting at 9 o'clock, must not
 * starve everyone's lists. Beyond the caps the export is refused at once with a French 429 and Retry-After (no
 * queue: a queued download would look like a frozen button; the user retries). Slots live in process memory, so
 * each API node counts its own exports. Figures: docs/performance.md « Exports ».
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The export slots of this API process (plugins/export-slots.ts). */
    exportSlots: ExportSlots;
  }
}

export default fp<{ limits?: ExportLimits | undefined }>(
  async (app, options) => {
    app.decorate('exportSlots', new ExportSlots(options.limits ?? DEFAULT_EXPORT_LIMITS));
  },
  { name: 'export-slots' },
);

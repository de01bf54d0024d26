import type { FastifyBaseLogger } from 'fastify';

/**
 * The log of a loop that retries on its own (the task queue's poll every 2 s): during a database outage it would
 * write the same error every turn. The first failure is logged in full, the repeats only counted and summed up once
 * a period (`everyMs`), and the recovery logged once with how many turns failed.
 */
export class RepeatedFailureLog {
  #failures = 0;
  #lastLoggedAt = 0;
  readonly #log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  readonly #message: string;
  readonly #everyMs: number;
  readonly #now: () => number;

  constructor(
    log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
    message: string,
    { everyMs = 60_000, now = Date.now }: { everyMs?: number; now?: () => number } = {},
  ) {
    this.#log = log;
    this.#message = message;
    this.#everyMs = everyMs;
    this.#now = now;
  }

  failed(error: unknown): void {
    this.#failures += 1;
    const now = this.#now();
    if (this.#failures === 1) {
      this.#lastLoggedAt = now;
      this.#log.error({ err: error }, this.#message);
    } else if (now - this.#lastLoggedAt >= this.#everyMs) {
      this.#lastLoggedAt = now;
      this.#log.warn(
        { err: error, failures: this.#failures },
        `${this.#message} (${this.#failures} fois d'affilée)`,
      );
    }
  }

  succeeded(): void {
    if (this.#failures === 0) return;
    this.#log.info(
      { failures: this.#failures },
      `${this.#message} : rétabli après ${this.#failures} échec(s)`,
    );
    this.#failures = 0;
  }
}

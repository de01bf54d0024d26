/**
 * Delays between the attempts to get the database back (docs/database.md « When PostgreSQL dies »): the embedded
 * server restarted by its supervisor (embedded-postgres.ts), the listening connection opened again
 * (notification-connection.ts). Doubling from `firstMs` up to `maxMs`, never beyond: a server down for an hour is
 * tried every `maxMs`, and one back within a second is found within a second.
 */
export interface BackoffPolicy {
  /** Delay before the first attempt. */
  firstMs: number;
  /** The longest delay between two attempts. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Readonly<BackoffPolicy> = Object.freeze({ firstMs: 500, maxMs: 30_000 });

export interface Backoff {
  /** The delay before the next attempt, and its number (1 for the first). */
  next(): { delayMs: number; attempt: number };
  /** The database is back: the next outage starts again from `firstMs`. */
  reset(): void;
}

export function backoff({ firstMs, maxMs }: BackoffPolicy): Backoff {
  let attempts = 0;
  return {
    next() {
      attempts += 1;
      return { delayMs: Math.min(firstMs * 2 ** (attempts - 1), maxMs), attempt: attempts };
    },
    reset() {
      attempts = 0;
    },
  };
}

import { TooManyRequestsError } from '../../errors';

export interface LoginThrottleOptions {
  /** Failed attempts allowed per key inside the window. */
  maxFailures: number;
  /** Milliseconds. */
  windowMs: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  resetAt: number;
}

/** Above this many tracked keys, expired entries are swept so a spray of addresses cannot grow memory. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Counts FAILED logins per key (client address + e-mail): a brute force on one account is stopped, while a
 * user who logs in many times a day, or an office behind one NAT address, is never locked out. A success
 * clears the key. Counters live in process memory: each API node counts on its own (docs/auth.md).
 */
export function createLoginThrottle({ maxFailures, windowMs, now = Date.now }: LoginThrottleOptions) {
  const entries = new Map<string, Entry>();

  const current = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    /** Throws 429 (with the seconds to wait) once the key has used up its failures. */
    assertAllowed(key: string, message: string): void {
      const entry = current(key);
      if (entry && entry.failures >= maxFailures) {
        throw new TooManyRequestsError(message, Math.ceil((entry.resetAt - now()) / 1000));
      }
    },
    recordFailure(key: string): void {
      const entry = current(key) ?? { failures: 0, resetAt: now() + windowMs };
      entry.failures += 1;
      entries.set(key, entry);
      if (entries.size > SWEEP_THRESHOLD) for (const k of entries.keys()) current(k);
    },
    recordSuccess(key: string): void {
      entries.delete(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

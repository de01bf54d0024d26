import { TooManyRequestsError } from '../../errors';

export interface LoginThrottleOptions {
  /** Failed logins on one account (e-mail), from any address, before delays start. Default 10. */
  accountFreeFailures: number;
  /** Failed logins from one address, on any account, before delays start. Default 30 (an office behind a NAT). */
  addressFreeFailures: number;
  /** The first delay, doubled at each further failure. Milliseconds, default 1 s. */
  baseDelayMs: number;
  /** The longest delay. Milliseconds, default 30 s. */
  maxDelayMs: number;
  /** A counter with no failure for this long is forgotten. Milliseconds, default 15 minutes. */
  windowMs: number;
  /**
   * How long an address where an account logged in stays exempt from the delays for that account. Milliseconds,
   * default 30 days.
   */
  trustMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: Readonly<LoginThrottleOptions> = Object.freeze({
  accountFreeFailures: 10,
  addressFreeFailures: 30,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  windowMs: 15 * 60 * 1000,
  trustMs: 30 * 24 * 3600 * 1000,
});

interface Counter {
  failures: number;
  /** When the last failure (or attempt counted as one) happened. */
  lastAt: number;
  /** No attempt on this key before this time. */
  notBefore: number;
}

/** The outcome of an admitted attempt; exactly one of the three is called. */
export interface LoginAttempt {
  /** Wrong password or unknown account: the attempt stays counted. */
  failed(): void;
  /** The password was right: this address's failures on the account are forgiven (the owner mistyped). */
  succeeded(): void;
  /** Nothing was checked (hashing busy, database error): the attempt is taken back. */
  abandoned(): void;
}

/** Beyond this many counters, the ones past their window are swept, then the oldest dropped. */
const MAX_KEYS = 50_000;

export const tooManyLoginsMessage = (seconds: number) =>
  `Trop de tentatives de connexion. Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`;

/**
 * Progressive delays on FAILED logins, per account across addresses (a distributed guess on one account) and per
 * address across accounts (a spray from one address), never a lock: once a key has used its free failures, each
 * further attempt must wait 1 s, 2 s, 4 s … (capped) after the previous one, then is judged on its password like
 * any other. Only attempts that reach the password check count: a body the schema refuses never gets here.
 *
 * An admitted attempt is counted as a failure at once and given back if the password was right, so that a burst
 * of parallel guesses cannot all slip through before the first one fails. A success forgives the failures its
 * address made on that account (the owner mistyped), not those made elsewhere or on other accounts, and exempts
 * that address from the delays on that account for `trustMs` (while its own failures there stay under the
 * account's free ones): an attacker guessing elsewhere, or spraying from the same NAT, cannot keep the owner out.
 * Counters live in process memory: each API node counts on its own (docs/security.md).
 */
export function createLoginThrottle(
  options: Partial<LoginThrottleOptions> = {},
  now: () => number = Date.now,
) {
  const settings = { ...DEFAULT_LOGIN_THROTTLE, ...options };
  const counters = new Map<string, Counter>();
  /** `address|email` → until when: where the account's owner logged in before. */
  const trusted = new Map<string, number>();

  const delayAfter = (failures: number, free: number) =>
    failures < free ? 0 : Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (failures - free));

  const current = (key: string): Counter | undefined => {
    const counter = counters.get(key);
    if (counter && counter.lastAt + settings.windowMs <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };

  const isTrusted = (key: string) => {
    const until = trusted.get(key);
    if (until !== undefined && until <= now()) trusted.delete(key);
    return until !== undefined && until > now();
  };

  const sweep = () => {
    if (counters.size > MAX_KEYS) {
      for (const key of counters.keys()) current(key);
      // Map order is insertion order: the oldest counters go first.
      for (const key of counters.keys()) {
        if (counters.size <= MAX_KEYS) break;
        counters.delete(key);
      }
    }
    if (trusted.size > MAX_KEYS) {
      for (const key of trusted.keys()) isTrusted(key);
      for (const key of trusted.keys()) {
        if (trusted.size <= MAX_KEYS) break;
        trusted.delete(key);
      }
    }
  };

  const count = (key: string, free: number, by: number): void => {
    const time = now();
    const counter = current(key) ?? { failures: 0, lastAt: time, notBefore: 0 };
    counter.failures = Math.max(0, counter.failures + by);
    if (by > 0) counter.lastAt = time;
    if (counter.failures === 0) {
      counters.delete(key);
      return;
    }
    counter.notBefore = counter.lastAt + delayAfter(counter.failures, free);
    counters.set(key, counter);
  };

  return {
    settings,

    /** Admits an attempt, or throws 429 with the seconds to wait when the account or the address must wait. */
    begin(address: string, email: string): LoginAttempt {
      const keys = { account: `a|${email}`, address: `i|${address}`, pair: `p|${address}|${email}` };
      // The owner's usual address is not held back by someone else's guesses, from elsewhere or from the same
      // NAT — until it fails as often as the account's free failures itself (a colleague guessing there).
      const exempt =
        isTrusted(keys.pair) && (current(keys.pair)?.failures ?? 0) < settings.accountFreeFailures;
      const waitUntil = exempt
        ? 0
        : Math.max(current(keys.account)?.notBefore ?? 0, current(keys.address)?.notBefore ?? 0);
      if (waitUntil > now()) {
        const seconds = Math.ceil((waitUntil - now()) / 1000);
        throw new TooManyRequestsError(tooManyLoginsMessage(seconds), seconds);
      }
      count(keys.account, settings.accountFreeFailures, 1);
      count(keys.address, settings.addressFreeFailures, 1);
      count(keys.pair, Number.POSITIVE_INFINITY, 1);
      sweep();
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        outcome();
      };
      return {
        failed: () => settle(() => undefined),
        succeeded: () =>
          settle(() => {
            const forgiven = current(keys.pair)?.failures ?? 1;
            counters.delete(keys.pair);
            count(keys.account, settings.accountFreeFailures, -forgiven);
            count(keys.address, settings.addressFreeFailures, -forgiven);
            trusted.delete(keys.pair);
            trusted.set(keys.pair, now() + settings.trustMs);
            sweep();
          }),
        abandoned: () =>
          settle(() => {
            count(keys.account, settings.accountFreeFailures, -1);
            count(keys.address, settings.addressFreeFailures, -1);
            count(keys.pair, Number.POSITIVE_INFINITY, -1);
          }),
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

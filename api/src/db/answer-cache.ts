/**
 * Answers kept between writes (docs/performance.md, docs/api.md): the statistics, the reservation counters and the
 * reservation list's pages. An answer is kept under its query and the data generation it was computed in. Migrations
 * 0006 and 0008 make every statement that changes what these answers read (nights, stays, allotments, contracts,
 * names, room types, households) NOTIFY `stats`, delivered when its transaction commits; each notification starts
 * a new generation and drops every answer. A hit first syncs the listening connection, so a write committed before
 * the request always drops the answers computed before it (read-your-writes); an answer whose computation saw a
 * notification arrive is not kept. Requests for a key being computed in the current generation wait for that
 * computation instead of starting their own: after a write, the colleagues whose dashboards all ask for the same
 * counters at once cost one count each, not one per request (docs/performance.md « Pages kept between writes »).
 * Without a listening connection (lost, until it listens again) nothing is kept or shared. Never a timer. A request whose token check already synced
 * the listening connection (one connection for every channel) skips its own sync (`synced`).
 */
import type { FastifyInstance } from 'fastify';
import type { Listener } from './client';

export const STATS_CHANNEL = 'stats';

export interface AnswerCacheOptions {
  /** Names the cache in the log (« cache des statistiques désactivé … »). */
  label: string;
  /** At most this many answers (default 500); the least recently used go first. */
  maxEntries?: number;
  /** At most this many bytes of answers (see `get`'s `bytes`); 0: nothing is kept. Default: no byte limit. */
  maxBytes?: number;
}

export interface AnswerOptions<T> {
  /** Whether this answer may be kept (e.g. computed for the day of its key); default: always. */
  keep?: (answer: T) => boolean;
  /** Its size in bytes, counted against `maxBytes`; default 64 (a number or a small object). */
  bytes?: (answer: T) => number;
  /**
   * The caller synced the process's listening connection after its request arrived — the token check did
   * (`request.notificationsSynced`, modules/auth/token-users.ts): every channel shares that connection, so no second
   * round trip is needed.
   */
  synced?: boolean;
}

export interface AnswerCache {
  get<T>(key: string, compute: () => Promise<T>, options?: AnswerOptions<T>): Promise<T>;
}

interface Entry {
  generation: number;
  answer: unknown;
  bytes: number;
}

const DEFAULT_ENTRY_BYTES = 64;

export async function answerCache(
  app: FastifyInstance,
  { label, maxEntries = 500, maxBytes = Number.POSITIVE_INFINITY }: AnswerCacheOptions,
): Promise<AnswerCache> {
  let generation = 0;
  let listener: Listener | undefined;
  let heldBytes = 0;
  const entries = new Map<string, Entry>();
  const flights = new Map<string, { generation: number; answer: Promise<unknown> }>();
  const clear = () => {
    entries.clear();
    heldBytes = 0;
  };
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    heldBytes -= entry.bytes;
  };
  if (maxBytes > 0 && maxEntries > 0) {
    try {
      listener = await app.dbListen(STATS_CHANNEL, {
        onNotify: () => {
          generation += 1;
          clear();
        },
        onLost: () => {
          listener = undefined;
          // An answer computed across the loss may have missed a write: it is not kept.
          generation += 1;
          clear();
          app.log.warn(`cache ${label} désactivé : connexion LISTEN perdue`);
        },
        onRestored: (restored) => {
          listener = restored;
          app.log.info(`cache ${label} réactivé : connexion LISTEN rétablie`);
        },
      });
    } catch (error) {
      app.log.warn({ err: error }, `cache ${label} désactivé`);
    }
  }
  app.addHook('onClose', async () => {
    const current = listener;
    listener = undefined;
    await current?.stop().catch(() => undefined);
  });
  return {
    async get<T>(key: string, compute: () => Promise<T>, options: AnswerOptions<T> = {}): Promise<T> {
      if (listener === undefined) return compute();
      if (options.synced !== true) await listener.sync();
      const start = generation;
      const hit = entries.get(key);
      if (hit && hit.generation === start) {
        // Most recently used last: the eviction takes the first.
        entries.delete(key);
        entries.set(key, hit);
        return hit.answer as T;
      }
      const flight = flights.get(key);
      if (flight !== undefined && flight.generation === start) return flight.answer as Promise<T>;
      const pending = compute();
      const own = { generation: start, answer: pending };
      flights.set(key, own);
      let answer: T;
      try {
        answer = await pending;
      } finally {
        if (flights.get(key) === own) flights.delete(key);
      }
      if (listener === undefined || generation !== start || options.keep?.(answer) === false) return answer;
      const bytes = key.length * 2 + (options.bytes?.(answer) ?? DEFAULT_ENTRY_BYTES);
      if (bytes > maxBytes) return answer;
      const previous = entries.get(key);
      if (previous !== undefined) drop(key, previous);
      for (const [oldest, entry] of entries) {
        if (entries.size < maxEntries && heldBytes + bytes <= maxBytes) break;
        drop(oldest, entry);
      }
      entries.set(key, { generation: start, answer, bytes });
      heldBytes += bytes;
      return answer;
    },
  };
}

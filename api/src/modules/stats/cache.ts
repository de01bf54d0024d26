/**
 * The statistics' answer cache (docs/domain.md « Statistics », docs/performance.md): an answer is kept under its
 * query and the data generation it was computed in. Migration 0006 makes every statement that changes what the
 * statistics read (nights, stays, allotments, contracts, names, households) NOTIFY `stats`, delivered when its
 * transaction commits; each notification starts a new generation. A hit first syncs the listening connection, so a
 * write committed before the request always drops the answers computed before it (read-your-writes); an answer
 * whose computation saw a notification arrive is not kept. Without a listening connection nothing is cached.
 */
import type { FastifyInstance } from 'fastify';
import type { Listener } from '../../db/client';

const MAX_ENTRIES = 500;
export const STATS_CHANNEL = 'stats';

export interface StatsCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export async function statsCache(app: FastifyInstance): Promise<StatsCache> {
  let generation = 0;
  let listener: Listener | undefined;
  const entries = new Map<string, { generation: number; answer: unknown }>();
  const lost = () => {
    listener = undefined;
    entries.clear();
    app.log.warn('cache des statistiques désactivé : connexion LISTEN perdue');
  };
  try {
    listener = await app.dbListen(
      STATS_CHANNEL,
      () => {
        generation += 1;
        entries.clear();
      },
      lost,
    );
  } catch (error) {
    app.log.warn({ err: error }, 'cache des statistiques désactivé');
  }
  app.addHook('onClose', async () => {
    const current = listener;
    listener = undefined;
    await current?.stop().catch(() => undefined);
  });
  return {
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (listener === undefined) return compute();
      await listener.sync();
      const start = generation;
      const hit = entries.get(key);
      if (hit && hit.generation === start) return hit.answer as T;
      const answer = await compute();
      if (listener !== undefined && generation === start) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { generation: start, answer });
      }
      return answer;
    },
  };
}

/**
 * The live releases `/runtime-config.json` serves, kept in memory between changes of the registry. Every change of
 * a pointer NOTIFYs `registry` when it commits (migration 0032's trigger, whichever node, command line or psql
 * session made it); each API node drops what it kept on that notification. A request first syncs the process's
 * listening connection (one round trip, docs/performance.md « One listening connection »), so a change committed
 * before it is always served — on every node, the moment the command returns (the two-node test checks it). Without
 * the listening connection (lost, until it listens again) every request reads the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Listener } from '../../db/client';
import type { LiveRelease } from './release-types';

export const REGISTRY_CHANNEL = 'registry';

export interface ServedRegistry {
  liveReleases(): Promise<LiveRelease[]>;
}

export async function servedRegistry(
  app: FastifyInstance,
  read: () => Promise<LiveRelease[]>,
  /** Called on each change heard (and when listening again after a loss: changes may have been missed meanwhile). */
  onChange: () => void = () => undefined,
): Promise<ServedRegistry> {
  let listener: Listener | undefined;
  let generation = 0;
  let kept: { generation: number; releases: Promise<LiveRelease[]> } | undefined;
  const forget = () => {
    generation += 1;
    kept = undefined;
  };
  try {
    listener = await app.dbListen(REGISTRY_CHANNEL, {
      onNotify: () => {
        forget();
        onChange();
      },
      onLost: () => {
        listener = undefined;
        forget();
        app.log.warn('registre des versions lu en base à chaque requête : connexion LISTEN perdue');
      },
      onRestored: (restored) => {
        listener = restored;
        forget();
        onChange();
      },
    });
  } catch (error) {
    app.log.warn({ err: error }, 'registre des versions lu en base à chaque requête');
  }
  app.addHook('onClose', async () => {
    const current = listener;
    listener = undefined;
    await current?.stop().catch(() => undefined);
  });
  return {
    async liveReleases() {
      if (listener === undefined) return read();
      // Delivers every notification committed before this request (one `select 1` on the listening connection,
      // shared by the requests that arrive together): a promote that returned is served, on this node as on others.
      await listener.sync();
      if (kept !== undefined && kept.generation === generation) return kept.releases;
      const own = { generation, releases: read() };
      kept = own;
      // A failed read is not kept: the next request tries again.
      own.releases.catch(() => {
        if (kept === own) kept = undefined;
      });
      return own.releases;
    },
  };
}

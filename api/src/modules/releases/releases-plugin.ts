/**
 * `app.releaseRegistry` (docs/api.md « Registry of releases »): the live releases the static site serves in
 * `/runtime-config.json`, kept per node between changes (served-registry.ts). Registered with the routes.
 *
 * Each change also reaches the open tabs (issue 38 §2 « Onglets ouverts »): every node hears the registry's NOTIFY
 * itself, so each one emits `registre` to its own sockets only — every connected user gets it once, whichever node
 * or command made the change.
 */
import fp from 'fastify-plugin';
import { REALTIME_EVENTS } from 'shared/contract';
import { servedRegistry, type ServedRegistry } from './served-registry';
import { createReleasesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    releaseRegistry: ServedRegistry;
  }
}

export default fp(
  async (app) => {
    const service = createReleasesService(app.db);
    const announce = () => app.realtime.emitToLocalSockets(REALTIME_EVENTS.registre, {});
    app.decorate('releaseRegistry', await servedRegistry(app, () => service.liveReleases(), announce));
  },
  { name: 'release-registry', dependencies: ['db', 'realtime'] },
);

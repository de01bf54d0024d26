/**
 * `app.releaseRegistry` (docs/api.md « Registry of releases »): the live releases the static site serves in
 * `/runtime-config.json`, kept per node between changes (served-registry.ts). Registered with the routes.
 */
import fp from 'fastify-plugin';
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
    app.decorate('releaseRegistry', await servedRegistry(app, () => service.liveReleases()));
  },
  { name: 'release-registry', dependencies: ['db'] },
);

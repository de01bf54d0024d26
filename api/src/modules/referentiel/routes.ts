import type { FastifyPluginAsync } from 'fastify';
import { referenceRoutes } from '../../lib/reference-routes';
import { REFERENCE_RESOURCES } from './resources';

/** Every reference-data resource, each under its own path, inside the authenticated scope. */
const referentielRoutes: FastifyPluginAsync = async (app) => {
  for (const resource of REFERENCE_RESOURCES) {
    await app.register(referenceRoutes, {
      prefix: resource.path,
      service: resource.service(app.db),
      schemas: resource.schemas,
      ...(resource.agentPatch ? { agentPatch: resource.agentPatch } : {}),
    });
  }
};

export default referentielRoutes;

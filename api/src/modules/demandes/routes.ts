/**
 * Accommodation requests (spec §7 « Accommodation requests »), one folder per capability: the list and counters,
 * the card, staff creation, the actions, and the administrators' client API keys. The client organisations' intake
 * (externe/) is registered outside the user scope (its access is the API key). Docs: docs/api.md, docs/domain.md.
 */
import type { FastifyPluginAsync } from 'fastify';
import actionsRoutes from './actions-routes';
import clesApiRoutes from './cles-api/routes';
import ficheRoutes from './fiche/routes';
import listRoutes from './list/routes';
import saisieRoutes from './saisie/routes';

const demandesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listRoutes);
  await app.register(ficheRoutes);
  await app.register(saisieRoutes);
  await app.register(actionsRoutes);
  await app.register(clesApiRoutes);
};

export default demandesRoutes;

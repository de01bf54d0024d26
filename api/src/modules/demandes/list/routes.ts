/** POST /demandes_hebergement (a page and the total) and GET /demandesNumber (the dashboard's three counters). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEMANDES_PATHS as PATHS,
  DemandeCountAnswer,
  DemandeListAnswer,
  DemandeListBody,
  ErrorBody,
} from 'shared/contract';
import { countDemandes, listDemandes } from './list-query';

const errors = { 400: ErrorBody, 401: ErrorBody };

const listeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    PATHS.list,
    { schema: { body: DemandeListBody, response: { 200: DemandeListAnswer, ...errors } } },
    async (request) => listDemandes(app.db, request.body),
  );

  app.get(PATHS.count, { schema: { response: { 200: DemandeCountAnswer, ...errors } } }, async () =>
    countDemandes(app.db),
  );
};

export default listeRoutes;

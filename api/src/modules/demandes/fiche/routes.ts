/** GET /demande_hebergement/:id, POST /resas_per_demande/:id (empty body), GET /demandes_hebergement_previous/:id. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEMANDES_PATHS as PATHS,
  DemandeDetailAnswer,
  DemandeIdParams,
  DemandesPreviousAnswer,
  ErrorBody,
  ResasPerDemandeAnswer,
} from 'shared/contract';
import { Type } from 'typebox';
import {
  assertDemandeExists,
  getDemandeDetail,
  previousDemandes,
  reservationsOfDemande,
} from './fiche-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
/** The spec's « empty body »: nothing, or {}. */
const EmptyBody = Type.Object({}, { additionalProperties: false });

const ficheRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${PATHS.one}/:id`,
    { schema: { params: DemandeIdParams, response: { 200: DemandeDetailAnswer, ...errors } } },
    async (request) => ({ data: await getDemandeDetail(app.db, request.params.id) }),
  );

  app.post(
    `${PATHS.resas}/:id`,
    {
      schema: {
        params: DemandeIdParams,
        body: EmptyBody,
        response: { 200: ResasPerDemandeAnswer, ...errors },
      },
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request) => {
      await assertDemandeExists(app.db, request.params.id);
      return { reservations: await reservationsOfDemande(app.db, request.params.id) };
    },
  );

  app.get(
    `${PATHS.previous}/:id`,
    { schema: { params: DemandeIdParams, response: { 200: DemandesPreviousAnswer, ...errors } } },
    async (request) => ({ demandes: await previousDemandes(app.db, request.params.id) }),
  );
};

export default ficheRoutes;

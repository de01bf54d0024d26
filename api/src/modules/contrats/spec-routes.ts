/**
 * The spec's contract calls (§7 Contracts), at the spec's exact paths under /api, snake_case as the spec shows
 * them. Every authenticated user may call them (they feed the booking screens).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import {
  CONTRATS_SPEC_PATHS,
  ContratClientAvailableBody,
  ContratClientFilterQuery,
  ContratEtablissementAvailableBody,
  ContratEtablissementFilterQuery,
  ContratsClientAnswer,
  ContratsEtablissementAnswer,
  ContratsEtablissementsAnswer,
  ErrorBody,
  PENSIONNAIRES_SEARCH_ERROR,
  PensionnairesAnswer,
  PensionnairesSearchParams,
  PensionnairesSearchQuery,
  TypeChambresAnswer,
  TypeChambresParams,
  TypeChambresQuery,
} from 'shared/contract';
import { errorResponse, sendError } from '../../lib/error-responses';
import { createContratsSpecService } from './spec-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const contratsSpecRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const spec = createContratsSpecService(app.db);
  const paths = CONTRATS_SPEC_PATHS;

  app.post(
    paths.contratClientAvailable,
    { schema: { body: ContratClientAvailableBody, response: { 200: ContratsClientAnswer, ...errors } } },
    async (request) => ({ contrats: await spec.clientAvailable(request.body) }),
  );

  app.get(
    paths.contratClientFilter,
    { schema: { querystring: ContratClientFilterQuery, response: { 200: ContratsClientAnswer, ...errors } } },
    async (request) => ({ contrats: await spec.clientFilter(request.query) }),
  );

  app.get(
    paths.contratEtablissementFilter,
    {
      schema: {
        querystring: ContratEtablissementFilterQuery,
        response: { 200: ContratsEtablissementAnswer, ...errors },
      },
    },
    async (request) => ({ contrats: await spec.etablissementFilter(request.query) }),
  );

  app.post(
    paths.contratEtablissementAvailable,
    {
      schema: {
        body: ContratEtablissementAvailableBody,
        response: { 200: ContratsEtablissementsAnswer, ...errors },
      },
    },
    async (request) => spec.etablissementAvailable(request.body),
  );

  app.get(
    `${paths.contratEtablissementTypeChambres}/:contratId/:etablissementId`,
    {
      schema: {
        params: TypeChambresParams,
        querystring: TypeChambresQuery,
        response: { 200: TypeChambresAnswer, ...errors },
      },
    },
    async (request) => ({
      type_chambres_data: await spec.typeChambres(
        request.params.contratId,
        request.params.etablissementId,
        request.query,
      ),
    }),
  );

  app.get(
    `${paths.contratClientPensionnairesSearch}/:clientId/:contratId`,
    {
      schema: {
        params: PensionnairesSearchParams,
        querystring: PensionnairesSearchQuery,
        response: { 200: PensionnairesAnswer, ...errors, 500: ErrorBody },
      },
      // Spec §8: any failure of this search answers the spec's message, with the status of its kind (400
      // invalid parameters or a contract of another client, 404 unknown client or contract, 500). A missing
      // or expired session keeps its 401 message: the client logs out on it, it is not a search failure.
      errorHandler: (error: FastifyError, request, reply) => {
        const response = errorResponse(error, request);
        // Sent, not returned: a route's error handler returns nothing (the reply is a thenable).
        void sendError(reply, response, {
          message: response.status === 401 ? response.message : PENSIONNAIRES_SEARCH_ERROR,
        });
      },
    },
    async (request) => ({
      pensionnaires: await spec.pensionnaires(
        request.params.clientId,
        request.params.contratId,
        request.query,
      ),
    }),
  );
};

export default contratsSpecRoutes;

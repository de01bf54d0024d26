/**
 * Households (docs/api.md « Foyers »): GET /foyers (page), GET /foyers/:id (card), POST /foyers, PUT /foyers/:id
 * (rename), PUT and DELETE /foyers/:id/membres/:pensionnaireId (membership). Every signed-in user (agents included)
 * may write; see the service for why.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  FOYERS_PATHS as PATHS,
  FoyerCreateBody,
  FoyerDetail,
  FoyerIdParams,
  FoyerListAnswer,
  FoyerMembreParams,
  FoyerQuery,
  FoyerUpdateBody,
  FoyerWritten,
} from 'shared/contract';
import { actorOf } from '../../db/audit';
import {
  addMembre,
  createFoyer,
  getFoyerDetail,
  listFoyers,
  removeMembre,
  updateFoyer,
} from './foyers-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const membre = `${PATHS.list}/:id/${PATHS.membres}/:pensionnaireId`;

const foyersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATHS.list,
    { schema: { querystring: FoyerQuery, response: { 200: FoyerListAnswer, ...errors } } },
    async (request) => listFoyers(app.db, request.query),
  );

  app.get(
    `${PATHS.list}/:id`,
    { schema: { params: FoyerIdParams, response: { 200: FoyerDetail, ...errors } } },
    async (request) => getFoyerDetail(app.db, request.params.id),
  );

  app.post(
    PATHS.list,
    { schema: { body: FoyerCreateBody, response: { 201: FoyerWritten, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createFoyer(app.db, actorOf(request), request.body)),
  );

  app.put(
    `${PATHS.list}/:id`,
    { schema: { params: FoyerIdParams, body: FoyerUpdateBody, response: { 200: FoyerWritten, ...errors } } },
    async (request) => updateFoyer(app.db, actorOf(request), request.params.id, request.body),
  );

  app.put(
    membre,
    { schema: { params: FoyerMembreParams, response: { 200: FoyerWritten, ...errors } } },
    async (request) => addMembre(app.db, actorOf(request), request.params.id, request.params.pensionnaireId),
  );

  app.delete(
    membre,
    { schema: { params: FoyerMembreParams, response: { 200: FoyerWritten, ...errors } } },
    async (request) =>
      removeMembre(app.db, actorOf(request), request.params.id, request.params.pensionnaireId),
  );
};

export default foyersRoutes;

/**
 * Client API keys, administrators only, on the client's card: GET /clients/:id/cles-api, POST (the key is in this
 * answer only), PUT /clients/:id/cles-api/:cle_id/revocation. Docs: docs/api.md « Client API keys ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CleApiCreateAnswer,
  CleApiCreateBody,
  CleApiParams,
  CleApiRevocationParams,
  CleApiWriteAnswer,
  ClesApiAnswer,
  ErrorBody,
} from 'shared/contract';
import { markAccess } from '../../../lib/route-access';
import { actorOf } from '../../../db/audit';
import { createClesApiService } from './cles-api-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const clesApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRoute', markAccess('admin'));
  app.addHook('onRequest', app.requireRole('admin'));
  const service = createClesApiService(app.db);

  app.get(
    '/clients/:id/cles-api',
    { schema: { params: CleApiParams, response: { 200: ClesApiAnswer, ...errors } } },
    async (request) => ({ cles: await service.list(request.params.id) }),
  );

  app.post(
    '/clients/:id/cles-api',
    {
      schema: {
        params: CleApiParams,
        body: CleApiCreateBody,
        response: { 201: CleApiCreateAnswer, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.params.id, request.body.libelle)),
  );

  app.put(
    '/clients/:id/cles-api/:cle_id/revocation',
    { schema: { params: CleApiRevocationParams, response: { 200: CleApiWriteAnswer, ...errors } } },
    async (request) => service.revoke(actorOf(request), request.params.id, request.params.cle_id),
  );
};

export default clesApiRoutes;

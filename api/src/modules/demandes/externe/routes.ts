/**
 * The client organisations' entry (access `client`: their API key in X-Api-Key, no user token):
 * POST /demande_hebergement/externe (201 new, 200 the same reference again), GET …/externe/:reference (its state),
 * POST …/externe/:reference/retrait (withdrawn). Docs: docs/api.md « Intake by the clients' systems ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  API_KEY_HEADER,
  DEMANDES_PATHS,
  DemandeExterneAnswer,
  DemandeExterneBody,
  DemandeExterneStatusAnswer,
  ErrorBody,
  ReferenceExterneParams,
} from 'shared/contract';
import { markAccess } from '../../../lib/route-access';
import { createClesApiService, type ClientKey } from '../cles-api/cles-api-service';
import { createIntakeService } from './intake-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client API key of a `client` route (set by its onRequest hook). */
    cleApi?: ClientKey;
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const PATH = DEMANDES_PATHS.externe;

const externeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keys = createClesApiService(app.db);
  const intake = createIntakeService(app.db);
  app.addHook('onRoute', markAccess('client'));
  // Before the body is read: a caller without a valid key learns nothing of the schema.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers[API_KEY_HEADER];
    request.cleApi = await keys.verify(Array.isArray(header) ? header[0] : header);
  });
  const keyOf = (request: FastifyRequest): ClientKey => {
    if (request.cleApi === undefined) throw new Error('client key not verified');
    return request.cleApi;
  };

  app.post(
    PATH,
    {
      schema: {
        body: DemandeExterneBody,
        response: { 200: DemandeExterneAnswer, 201: DemandeExterneAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { created, data } = await intake.submit(keyOf(request), request.body);
      if (created)
        app.demandeArrivals.notify({
          id: data.id,
          type: data.type,
          origine: 'api',
          clientId: keyOf(request).clientId,
          urgente: request.body.urgente ?? false,
        });
      return reply.status(created ? 201 : 200).send({
        message: created
          ? `Demande n° ${data.id} enregistrée (référence ${data.reference_externe}).`
          : `Demande déjà enregistrée sous le n° ${data.id} (référence ${data.reference_externe}) : aucune nouvelle demande créée.`,
        data,
      });
    },
  );

  app.get(
    `${PATH}/:reference`,
    { schema: { params: ReferenceExterneParams, response: { 200: DemandeExterneStatusAnswer, ...errors } } },
    async (request) => ({ data: await intake.get(keyOf(request), request.params.reference) }),
  );

  app.post(
    `${PATH}/:reference/retrait`,
    { schema: { params: ReferenceExterneParams, response: { 200: DemandeExterneAnswer, ...errors } } },
    async (request) => {
      const data = await intake.withdraw(keyOf(request), request.params.reference);
      return { message: `Demande n° ${data.id} retirée.`, data };
    },
  );
};

export default externeRoutes;

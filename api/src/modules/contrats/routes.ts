/**
 * Contract routes, inside the authenticated scope: every authenticated user reads, administrators write.
 *   /contrats-etablissement and /contrats-clients: GET / · GET /:id · POST / · PUT /:id · PUT /:id/statut
 *   the spec's calls (spec-routes.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTRATS_PATHS,
  ContratClient,
  ContratClientBody,
  ContratClientDetail,
  ContratClientQuery,
  ContratClientUpdateBody,
  ContratEtablissement,
  ContratEtablissementBody,
  ContratEtablissementDetail,
  ContratEtablissementQuery,
  ContratEtablissementUpdateBody,
  ContratStatutBody,
  ErrorBody,
  type ContratSort,
  type ContratStatut,
} from 'shared/contract';
import { Type, type TSchema } from 'typebox';
import { actorOf } from '../../db/audit';
import { IdParams, Written } from '../../lib/reference-routes';
import { CONTRAT_CLIENT, CONTRAT_ETABLISSEMENT } from './kinds';
import { createContratService, type ContratInput, type ContratService } from './service';
import contratsSpecRoutes from './spec-routes';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

interface ContratRoutesOptions {
  service: ContratService<unknown, unknown>;
  /** Query parameter filtering on the hotel or the client. */
  partyParam: 'etablissementId' | 'clientId';
  schemas: { item: TSchema; detail: TSchema; query: TSchema; create: TSchema; update: TSchema };
}

interface ListQuery {
  page: number;
  pageSize: number;
  sort?: ContratSort;
  order?: 'asc' | 'desc';
  reference?: string;
  statut?: ContratStatut;
  etablissementId?: number;
  clientId?: number;
}

const contratRoutes: FastifyPluginAsyncTypebox<ContratRoutesOptions> = async (
  app,
  { service, partyParam, schemas },
) => {
  const adminOnly = app.requireRole('admin');
  const page = Type.Object(
    { data: Type.Array(schemas.item), total: Type.Integer({ minimum: 0 }) },
    { additionalProperties: false },
  );

  app.get(
    '/',
    { schema: { querystring: schemas.query, response: { 200: page, ...errors } } },
    async (request) => {
      const query = request.query as ListQuery;
      return service.list({ ...query, partyId: query[partyParam] });
    },
  );

  app.get(
    '/:id',
    { schema: { params: IdParams, response: { 200: schemas.detail, ...errors } } },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: adminOnly,
      config: { access: 'admin' },
      schema: { body: schemas.create, response: { 201: Written(schemas.detail), ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body as ContratInput)),
  );

  app.put(
    '/:id',
    {
      onRequest: adminOnly,
      config: { access: 'admin' },
      schema: {
        params: IdParams,
        body: schemas.update,
        response: { 200: Written(schemas.detail), ...errors },
      },
    },
    async (request) => service.update(actorOf(request), request.params.id, request.body as ContratInput),
  );

  app.put(
    '/:id/statut',
    {
      onRequest: adminOnly,
      config: { access: 'admin' },
      schema: {
        params: IdParams,
        body: ContratStatutBody,
        response: { 200: Written(schemas.detail), ...errors },
      },
    },
    async (request) => service.setStatut(actorOf(request), request.params.id, request.body.statut),
  );
};

const contratsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(contratRoutes, {
    prefix: CONTRATS_PATHS.contratsEtablissement,
    service: createContratService<ContratEtablissement, ContratEtablissementDetail>(
      app.db,
      CONTRAT_ETABLISSEMENT,
    ),
    partyParam: 'etablissementId',
    schemas: {
      item: ContratEtablissement,
      detail: ContratEtablissementDetail,
      query: ContratEtablissementQuery,
      create: ContratEtablissementBody,
      update: ContratEtablissementUpdateBody,
    },
  });
  await app.register(contratRoutes, {
    prefix: CONTRATS_PATHS.contratsClients,
    service: createContratService<ContratClient, ContratClientDetail>(app.db, CONTRAT_CLIENT),
    partyParam: 'clientId',
    schemas: {
      item: ContratClient,
      detail: ContratClientDetail,
      query: ContratClientQuery,
      create: ContratClientBody,
      update: ContratClientUpdateBody,
    },
  });
  await app.register(contratsSpecRoutes);
};

export default contratsRoutes;

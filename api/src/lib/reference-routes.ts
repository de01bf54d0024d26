import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from 'shared/contract';
import { Type, type TSchema } from 'typebox';
import { actorOf } from '../db/audit';
import { ForbiddenError } from '../errors';
import { toListParams } from './list-query';
import type { createReferenceService } from './reference-service';

export const IdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);

export const Written = <T extends TSchema>(item: T) =>
  Type.Object({ message: Type.String(), data: item }, { additionalProperties: false });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export interface ReferenceRoutesOptions {
  // The service's generic row type does not survive ReturnType; the schemas below are the contract.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  service: ReturnType<typeof createReferenceService<any, any>>;
  schemas: { item: TSchema; query: TSchema; create: TSchema; update: TSchema };
  /** `PATCH /:id`, a partial update open to agents for some fields (the resident's contact details). */
  agentPatch?: AgentPatch;
}

/** What an agent may change in a record: the other fields of `body` stay an administrator's (403). */
export interface AgentPatch {
  /** Every field optional, at least one, unknown fields refused. */
  body: TSchema;
  fields: readonly string[];
  /** The French 403 for an agent who sent other fields. */
  refusal: (fields: string[]) => string;
}

/**
 * The routes of one reference-data resource: every authenticated user reads, administrators write.
 *   GET / (list) · GET /:id · POST / · PUT /:id · PUT /:id/archive · PUT /:id/restore
 * With `agentPatch`, also PATCH /:id: a partial update, any field for an administrator, only `agentPatch.fields`
 * for an agent (403 naming the others, before anything is read or written).
 * Writes answer `{ message, data }`: the client shows `message` as its success toast (spec §8).
 */
export const referenceRoutes: FastifyPluginAsyncTypebox<ReferenceRoutesOptions> = async (
  app,
  { service, schemas, agentPatch },
) => {
  const adminOnly = app.requireRole('admin');
  const page = Type.Object(
    { data: Type.Array(schemas.item), total: Type.Integer({ minimum: 0 }) },
    { additionalProperties: false },
  );

  app.get(
    '/',
    { schema: { querystring: schemas.query, response: { 200: page, ...errors } } },
    async (request) => service.list(toListParams(request.query as Record<string, unknown>)),
  );

  app.get(
    '/:id',
    { schema: { params: IdParams, response: { 200: schemas.item, ...errors } } },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: adminOnly,
      config: { access: 'admin' },
      schema: { body: schemas.create, response: { 201: Written(schemas.item), ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: adminOnly,
      config: { access: 'admin' },
      schema: { params: IdParams, body: schemas.update, response: { 200: Written(schemas.item), ...errors } },
    },
    async (request) =>
      service.update(actorOf(request), request.params.id, request.body as Record<string, unknown>),
  );

  if (agentPatch) {
    app.patch(
      '/:id',
      {
        schema: {
          params: IdParams,
          body: agentPatch.body,
          response: { 200: Written(schemas.item), ...errors },
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        if (request.user.role !== 'admin') {
          const refused = Object.keys(body).filter((field) => !agentPatch.fields.includes(field));
          if (refused.length > 0) throw new ForbiddenError(agentPatch.refusal(refused));
        }
        return service.update(actorOf(request), request.params.id, body);
      },
    );
  }

  for (const action of ['archive', 'restore'] as const) {
    app.put(
      `/:id/${action}`,
      {
        onRequest: adminOnly,
        config: { access: 'admin' },
        schema: { params: IdParams, response: { 200: Written(schemas.item), ...errors } },
      },
      async (request) => service[action](actorOf(request), request.params.id),
    );
  }
};

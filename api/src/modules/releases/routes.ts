import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  HistoryQuery,
  PointerChange,
  PromoteBody,
  RegisteredRelease,
  RegisterReleaseBody,
  RegistryStatus,
  ReleaseHistory,
  RemoteReleases,
  RemoteParams,
  RollbackBody,
} from 'shared/contract';
import { markAccess } from '../../lib/route-access';
import { routeTableOperations } from './compatibility';
import { listReleases } from './release-list';
import type { RegistryActor } from './release-types';
import { createReleasesService } from './service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const change = { ...errors, 404: ErrorBody, 409: ErrorBody };

const actorOf = (request: { user: { id: number; email: string } }): RegistryActor => ({
  kind: 'user',
  userId: request.user.id,
  name: request.user.email,
});

/**
 * The registry of releases, administrators only (registered under /registry; the command line `pnpm registry` does
 * the same through the same service):
 *   GET / · GET /:remote/history · GET /:remote/releases · POST /releases · POST /:remote/promote · POST /:remote/rollback
 */
const releasesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Promote checks a release against the host this API serves and against this API's own operations.
  const registry = createReleasesService(app.db, {
    hostBuildDir: () => app.hostBuildDir,
    apiOperations: () => routeTableOperations(app.routeTable),
  });
  // onRequest, after the token check and before parsing: an agent's request gets 403 whatever its body.
  app.addHook('onRequest', app.requireRole('admin'));
  app.addHook('onRoute', markAccess('admin'));

  app.get('/', { schema: { response: { 200: RegistryStatus, ...errors } } }, async () => ({
    data: await registry.status(),
  }));

  app.get(
    '/:remote/history',
    {
      schema: {
        params: RemoteParams,
        querystring: HistoryQuery,
        response: { 200: ReleaseHistory, ...errors },
      },
    },
    async (request) => ({ data: await registry.history(request.params.remote, request.query.limit) }),
  );

  app.get(
    '/:remote/releases',
    { schema: { params: RemoteParams, response: { 200: RemoteReleases, ...errors } } },
    async (request) => ({ data: await listReleases(app.db, request.params.remote) }),
  );

  app.post(
    '/releases',
    {
      schema: {
        body: RegisterReleaseBody,
        response: { 200: RegisteredRelease, 201: RegisteredRelease, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await registry.register(request.body.release, actorOf(request));
      return reply.status(result.created ? 201 : 200).send({ message: result.message, data: result.release });
    },
  );

  app.post(
    '/:remote/promote',
    { schema: { params: RemoteParams, body: PromoteBody, response: { 200: PointerChange, ...change } } },
    async (request) => {
      const { id, ...options } = request.body;
      const result = await registry.promote(request.params.remote, id, options, actorOf(request));
      return { message: result.message, data: result.status };
    },
  );

  app.post(
    '/:remote/rollback',
    { schema: { params: RemoteParams, body: RollbackBody, response: { 200: PointerChange, ...change } } },
    async (request) => {
      const result = await registry.rollback(request.params.remote, request.body, actorOf(request));
      return { message: result.message, data: result.status };
    },
  );
};

export default releasesRoutes;

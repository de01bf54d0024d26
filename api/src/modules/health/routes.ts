import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from 'shared/contract';
import { Type } from 'typebox';
import { DATABASE_UNAVAILABLE, sendError } from '../../lib/error-responses';

const HealthResponse = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });

/**
 * Long enough for a `select 1` on a loaded machine, short enough for a load balancer's probe: a server that does not
 * answer within it is as good as down for the users' requests.
 */
const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

/**
 * Public probe for load balancers and the start script: 200 while the database answers, 503 with the French message
 * and Retry-After while it does not (stopped, restarting: docs/database.md « When PostgreSQL dies »).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponse, 503: ErrorBody } } },
    async (_request, reply) => {
      if (await app.dbReachable(HEALTH_DATABASE_TIMEOUT_MS)) return { status: 'ok' as const };
      return sendError(reply, DATABASE_UNAVAILABLE);
    },
  );
};

export default healthRoutes;

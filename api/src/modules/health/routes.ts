import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const HealthResponse = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });

/** Public liveness probe for load balancers and the start script. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));
};

export default healthRoutes;

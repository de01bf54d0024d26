import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// Issue 4: filled by the reservations work in progress (read calls).
const readRoutes: FastifyPluginAsyncTypebox = async () => {};

export default readRoutes;

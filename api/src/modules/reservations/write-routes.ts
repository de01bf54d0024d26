import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// Issue 4: filled by the reservations work in progress (write calls).
const writeRoutes: FastifyPluginAsyncTypebox = async () => {};

export default writeRoutes;

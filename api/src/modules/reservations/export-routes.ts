import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// Issue 4: filled by the reservations work in progress (export calls).
const exportRoutes: FastifyPluginAsyncTypebox = async () => {};

export default exportRoutes;

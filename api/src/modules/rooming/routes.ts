/**
 * Issue 11's rooming lists at the spec's paths under /api, one plugin per capability (as reservations/). Every
 * signed-in user; see docs/api.md « Rooming et pointage ».
 */
import type { FastifyPluginAsync } from 'fastify';
import roomingExportRoutes from './exports/rooming-export-routes';
import listsRoutes from './lists/lists-routes';
import sendRoutes from './send/send-routes';

const roomingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listsRoutes);
  await app.register(sendRoutes);
  await app.register(roomingExportRoutes);
};

export default roomingRoutes;

/**
 * Reservations (spec §7 Reservations and Exports), at the spec's paths under /api. Reads and writes are open to
 * every signed-in user (staff run them all day); see docs/api.md.
 */
import type { FastifyPluginAsync } from 'fastify';
import exportRoutes from './export-routes';
import readRoutes from './read-routes';
import writeRoutes from './write-routes';

const reservationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(readRoutes);
  await app.register(writeRoutes);
  await app.register(exportRoutes);
};

export default reservationsRoutes;

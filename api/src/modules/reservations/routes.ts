/**
 * Reservations (spec §7 Reservations and Exports), at the spec's paths under /api, one plugin per capability.
 * Reads and writes are open to every signed-in user (staff run them all day); see docs/api.md.
 */
import type { FastifyPluginAsync } from 'fastify';
import actionsRoutes from './actions/actions-routes';
import bookingRoutes from './booking/booking-routes';
import detailRoutes from './detail/detail-routes';
import exportRoutes from './exports/export-routes';
import historiquesRoutes from './historiques/historiques-routes';
import integralesRoutes from './integrales/integrales-routes';
import listRoutes from './list/list-routes';
import paxRoutes from './pax/pax-routes';
import pointageListRoutes from './pointage/pointage-list-routes';
import pointageRoutes from './pointage/pointage-routes';
import prolongationRoutes from './prolongation/prolongation-routes';
import retablissementRoutes from './retablissement/retablissement-routes';

export interface ReservationsRoutesOptions {
  /** LIST_CACHE_MB in bytes (list-routes.ts). */
  listCacheBytes?: number | undefined;
}

const reservationsRoutes: FastifyPluginAsync<ReservationsRoutesOptions> = async (app, options) => {
  await app.register(listRoutes, { cacheBytes: options.listCacheBytes });
  await app.register(paxRoutes);
  await app.register(pointageListRoutes);
  await app.register(historiquesRoutes);
  await app.register(detailRoutes);
  await app.register(integralesRoutes);
  await app.register(async (writes) => {
    // Bodies that may be left out (confirmation, annulation, rétablissement, adding a resident): read as {}.
    writes.addHook('preValidation', async (request) => {
      if (request.body === undefined) request.body = {};
    });
    await writes.register(bookingRoutes);
    await writes.register(actionsRoutes);
    await writes.register(retablissementRoutes);
    await writes.register(prolongationRoutes);
    await writes.register(pointageRoutes);
  });
  await app.register(exportRoutes);
};

export default reservationsRoutes;

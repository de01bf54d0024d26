/** POST /reservations/pax (spec §7): residents, stays and nights of the filtered stays over a period. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, PaxAnswer, ReservationFilters, RESERVATIONS_PATHS as PATHS } from 'shared/contract';
import { paxOf } from './pax-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const paxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    PATHS.pax,
    { schema: { body: ReservationFilters, response: { 200: PaxAnswer, ...errors } } },
    async (request) => paxOf(app.db, request.body),
  );
};

export default paxRoutes;

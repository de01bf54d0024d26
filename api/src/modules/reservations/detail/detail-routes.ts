/** GET /reservations/:id (spec §7): one stay with its chain, nights, totals and the actions it allows. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  ReservationDetailAnswer,
  ReservationIdParams,
  RESERVATIONS_PATHS as PATHS,
} from 'shared/contract';
import { getReservationDetail } from './detail-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const detailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${PATHS.one}/:id`,
    { schema: { params: ReservationIdParams, response: { 200: ReservationDetailAnswer, ...errors } } },
    async (request) => ({ data: await getReservationDetail(app.db, request.params.id) }),
  );
};

export default detailRoutes;

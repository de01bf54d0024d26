/**
 * The reservation list (spec §7): POST /reservations (filters, page, pageSize, sort → reservations, total) and
 * POST /reservationsNumber (filters → total). Every signed-in user; see docs/api.md "Reservations — reads".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  ReservationCountAnswer,
  ReservationFilters,
  ReservationListAnswer,
  ReservationListBody,
  RESERVATIONS_PATHS as PATHS,
} from 'shared/contract';
import { countReservations } from '../reservation-items';
import { listReservations } from './list-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    PATHS.list,
    { schema: { body: ReservationListBody, response: { 200: ReservationListAnswer, ...errors } } },
    async (request) => listReservations(app.db, request.body),
  );

  app.post(
    PATHS.count,
    { schema: { body: ReservationFilters, response: { 200: ReservationCountAnswer, ...errors } } },
    async (request) => ({ total: await countReservations(app.db, request.body) }),
  );
};

export default listRoutes;

/**
 * Full reservations (spec §7, "réservations intégrales"): a page of parents, one parent with its stays, and its
 * recap per resident. Every signed-in user; see docs/api.md "Reservations — reads".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  RecapAnswer,
  ReservationIdParams,
  ReservationIntegraleAnswer,
  ReservationIntegraleListAnswer,
  ReservationIntegraleListBody,
  RESERVATIONS_PATHS as PATHS,
} from 'shared/contract';
import { getIntegrale, integraleRecap, listIntegrales } from './integrales-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const integralesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    PATHS.integrales,
    {
      schema: {
        body: ReservationIntegraleListBody,
        response: { 200: ReservationIntegraleListAnswer, ...errors },
      },
    },
    async (request) => listIntegrales(app.db, request.body),
  );

  app.get(
    `${PATHS.integraleRecap}/:id`,
    { schema: { params: ReservationIdParams, response: { 200: RecapAnswer, ...errors } } },
    async (request) => ({ reservations: await integraleRecap(app.db, request.params.id) }),
  );

  app.get(
    `${PATHS.integrales}/:id`,
    { schema: { params: ReservationIdParams, response: { 200: ReservationIntegraleAnswer, ...errors } } },
    async (request) => ({ data: await getIntegrale(app.db, request.params.id) }),
  );
};

export default integralesRoutes;

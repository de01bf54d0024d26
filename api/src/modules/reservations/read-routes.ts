/**
 * Reservation reads (spec §7): the list and its counter, one stay, full reservations (parents), a resident's
 * recap per parent, a stay's history and the pax counter. Every signed-in user; answers are the contract's
 * schemas exactly (shared/contract/reservations.ts). See docs/api.md "Reservations — reads".
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  HistoriquesAnswer,
  PaxAnswer,
  RecapAnswer,
  ReservationCountAnswer,
  ReservationDetailAnswer,
  ReservationFilters,
  ReservationIdParams,
  ReservationIntegraleAnswer,
  ReservationIntegraleListAnswer,
  ReservationIntegraleListBody,
  ReservationListAnswer,
  ReservationListBody,
  RESERVATIONS_PATHS as PATHS,
} from 'shared/contract';
import { getReservationDetail } from './detail-service';
import { historiquesOf } from './historiques-service';
import { getIntegrale, integraleRecap, listIntegrales } from './integrales-service';
import { countReservations, listReservations } from './list-query';
import { paxOf } from './pax-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const readRoutes: FastifyPluginAsyncTypebox = async (app) => {
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

  app.post(
    PATHS.pax,
    { schema: { body: ReservationFilters, response: { 200: PaxAnswer, ...errors } } },
    async (request) => paxOf(app.db, request.body),
  );

  app.get(
    `${PATHS.historiques}/:id`,
    { schema: { params: ReservationIdParams, response: { 200: HistoriquesAnswer, ...errors } } },
    async (request) => ({ historiques: await historiquesOf(app.db, request.params.id) }),
  );

  app.get(
    `${PATHS.one}/:id`,
    { schema: { params: ReservationIdParams, response: { 200: ReservationDetailAnswer, ...errors } } },
    async (request) => ({ data: await getReservationDetail(app.db, request.params.id) }),
  );

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

export default readRoutes;

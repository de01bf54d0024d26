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
import { parisToday } from 'shared/contract';
import { statsCache } from '../../stats/cache';
import { countReservations } from '../reservation-items';
import { listAnswerJson, listReservationsPage } from './list-service';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * A count's cache key: the Paris day (« à prolonger », « commencé hier » and « prolongeable » move with it) and
 * the filters in a fixed order.
 */
const countKey = (filters: ReservationFilters) =>
  JSON.stringify([parisToday(), ...Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))]);

const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The dashboard's four counters are most of a day's requests (docs/performance.md « a day's mixed load »): their
  // answers are kept by the statistics' cache mechanism — dropped when any write to the tables a count reads
  // (stays, residents, clients, hotels, both contracts) commits, read-your-writes — never by a timer.
  const counts = await statsCache(app);
  app.post(
    PATHS.list,
    { schema: { body: ReservationListBody, response: { 200: ReservationListAnswer, ...errors } } },
    // The answer is sent as text: the items' JSON comes from PostgreSQL in the contract's fields and order, and is
    // passed through instead of being parsed and serialised again (list-service.ts `PAGE_ITEMS`; list.test.ts checks
    // it is byte for byte what the schema's serialiser writes). Fastify sends a string with a JSON content type as
    // it is; the cast only tells the type provider that this text is the schema's answer, already serialised.
    async (request, reply) => {
      const text = listAnswerJson(await listReservationsPage(app.db, request.body));
      return reply.type('application/json; charset=utf-8').send(text as unknown as ReservationListAnswer);
    },
  );

  app.post(
    PATHS.count,
    { schema: { body: ReservationFilters, response: { 200: ReservationCountAnswer, ...errors } } },
    async (request) => ({
      total: await counts.get(countKey(request.body), () => countReservations(app.db, request.body)),
    }),
  );
};

export default listRoutes;

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
import { DEFAULT_LIST_CACHE_MB } from '../../../config-constants';
import { answerCache } from '../../../db/answer-cache';
import { countReservations } from '../reservation-items';
import { listAnswerJson, listReservationsPage } from './list-service';

export interface ListRoutesOptions {
  /**
   * LIST_CACHE_MB in bytes: the memory the list's pages and the counters may keep between two writes (default
   * config.ts DEFAULT_LIST_CACHE_MB); 0: nothing kept, every request reads the database.
   */
  cacheBytes?: number | undefined;
}

/** About 800 pages of 50 stays (≈ 40 kB of UTF-8 each). */
const DEFAULT_LIST_CACHE_BYTES = DEFAULT_LIST_CACHE_MB * 1024 * 1024;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * A cache key: the kind of answer, the Paris day (« à prolonger », « commencé hier » and « prolongeable » move with
 * it) and the body in a fixed order (its defaults applied by the schema: `{}` and `{ page: 1 }` are one key).
 */
const keyOf = (kind: 'count' | 'list', day: string, body: object) =>
  JSON.stringify([kind, day, ...Object.entries(body).sort(([a], [b]) => a.localeCompare(b))]);

const listRoutes: FastifyPluginAsyncTypebox<ListRoutesOptions> = async (app, options) => {
  // The dashboard's four counters are most of a day's requests, and its lists and a morning's shared filters come
  // back from every colleague (docs/performance.md « a day's mixed load », « Pages kept between writes »): their
  // answers are kept (db/answer-cache.ts) — dropped when any write to the tables they read (stays, residents,
  // clients, hotels, room types, both contracts) commits, read-your-writes — never by a timer.
  const answers = await answerCache(app, {
    label: 'de la liste des réservations',
    maxEntries: 10_000,
    maxBytes: options.cacheBytes ?? DEFAULT_LIST_CACHE_BYTES,
  });
  app.post(
    PATHS.list,
    { schema: { body: ReservationListBody, response: { 200: ReservationListAnswer, ...errors } } },
    // The answer is sent as UTF-8 bytes: the items' JSON comes from PostgreSQL in the contract's fields and order,
    // and is passed through instead of being parsed and serialised again (list-service.ts `PAGE_ITEMS`; list.test.ts
    // checks it is byte for byte what the schema's serialiser writes). It is encoded once, when read: a kept page is
    // then written as it is on every hit (no length to measure, no text to encode again) and weighs its exact size.
    // Fastify sends a Buffer as it is; the cast only tells the type provider that it is the schema's answer.
    // A page is kept only under the day PostgreSQL read it on (the API's clock and the database's may disagree
    // around midnight).
    async (request, reply) => {
      const day = parisToday();
      const { bytes } = await answers.get(
        keyOf('list', day, request.body),
        async () => {
          const page = await listReservationsPage(app.db, request.body);
          return { bytes: Buffer.from(listAnswerJson(page)), today: page.today };
        },
        {
          keep: (page) => page.today === day,
          bytes: (page) => page.bytes.length,
          synced: request.notificationsSynced,
        },
      );
      return reply.type('application/json; charset=utf-8').send(bytes as unknown as ReservationListAnswer);
    },
  );

  app.post(
    PATHS.count,
    { schema: { body: ReservationFilters, response: { 200: ReservationCountAnswer, ...errors } } },
    async (request) => ({
      total: await answers.get(
        keyOf('count', parisToday(), request.body),
        () => countReservations(app.db, request.body),
        { synced: request.notificationsSynced },
      ),
    }),
  );
};

export default listRoutes;

/**
 * Statistics (issue 13): read-only aggregations under /stats, for every signed-in user (staff and administrators),
 * and the Excel export of each of their tables. Thin routes: the period is checked by the services (French 400).
 * See docs/api.md « Statistics ».
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  FileAnswer,
  STATS_PATHS,
  STATS_TABLEAUX,
  StatsCaAnswer,
  StatsExcelQuery,
  statsExcelPath,
  StatsMoisAnswer,
  StatsPaxAnswer,
  StatsQuery,
  type StatsTableau,
  type StatsVue,
} from 'shared/contract';
import { answerCache } from '../../db/answer-cache';
import type { Executor } from '../../db/client';
import { statsCa } from './ca-service';
import { statsExcel } from './excel';
import { statsMois } from './mois-service';
import { statsPax } from './pax-service';

const errors = { 400: ErrorBody, 401: ErrorBody };

const SERVICES: Record<StatsVue, (db: Executor, query: StatsQuery) => Promise<object>> = {
  pax: statsPax,
  mois: statsMois,
  ca: statsCa,
};

/** The cache key of a query: the view and the query's fields in a fixed order. */
const keyOf = (vue: StatsVue, query: StatsQuery) =>
  JSON.stringify([vue, ...Object.entries(query).sort(([a], [b]) => a.localeCompare(b))]);

const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cache = await answerCache(app, { label: 'des statistiques' });
  // `synced`: the request's token check synced the listening connection (db/answer-cache.ts).
  const answer = <T>(vue: StatsVue, query: StatsQuery, synced: boolean) =>
    cache.get(keyOf(vue, query), () => SERVICES[vue](app.db, query) as Promise<T>, { synced });
  app.get(
    STATS_PATHS.pax,
    { schema: { querystring: StatsQuery, response: { 200: StatsPaxAnswer, ...errors } } },
    async (request) => answer<StatsPaxAnswer>('pax', request.query, request.notificationsSynced),
  );
  app.get(
    STATS_PATHS.mois,
    { schema: { querystring: StatsQuery, response: { 200: StatsMoisAnswer, ...errors } } },
    async (request) => answer<StatsMoisAnswer>('mois', request.query, request.notificationsSynced),
  );
  app.get(
    STATS_PATHS.ca,
    { schema: { querystring: StatsQuery, response: { 200: StatsCaAnswer, ...errors } } },
    async (request) => answer<StatsCaAnswer>('ca', request.query, request.notificationsSynced),
  );

  for (const vue of Object.keys(SERVICES) as StatsVue[]) {
    app.get(
      statsExcelPath(vue),
      // As the reservation exports: the 200 is the workbook, streamed; the errors are { message } from the one error
      // handler, 429 beyond the export caps.
      {
        schema: {
          querystring: StatsExcelQuery(vue),
          response: { 200: FileAnswer('xlsx'), ...errors, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const { tableau: key, ...query } = request.query as StatsQuery & { tableau: string };
        const tableau = (STATS_TABLEAUX[vue] as Record<string, StatsTableau>)[key]!;
        // One of the user's export slots (429 beyond, plugins/export-slots.ts) until the file is sent.
        const release = await app.exportSlots.reserve(request.user.id);
        let file: Awaited<ReturnType<typeof statsExcel>>;
        try {
          const rows = (await answer<Record<string, unknown>>(vue, query, request.notificationsSynced))[
            tableau.source
          ] as object[];
          file = await statsExcel(vue, key, tableau, rows);
        } catch (error) {
          release();
          throw error;
        }
        file.stream.on('close', release);
        file.stream.on('error', (error) =>
          request.log.error({ err: error }, `export statistiques ${vue} interrompu`),
        );
        // A stream is piped as is, never serialised: the error schemas above do not apply to it.
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.stream as never);
      },
    );
  }
};

export default statsRoutes;

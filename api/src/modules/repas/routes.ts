import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ListQuery, REPAS_PATH, RepasList } from 'shared/contract';
import { repas } from '../../db/schema';
import { listSpecFor, toListParams } from '../../lib/list-query';
import { listRepas } from './service';

/** The standard list query, like every other list (the screens' tables send page, pageSize, sort…). */
const RepasQuery = ListQuery(['libelle', 'code'], ['ordre', 'libelle', 'code']);

const spec = listSpecFor(RepasQuery, {
  searchable: { libelle: repas.libelle, code: repas.code },
  sortable: { ordre: repas.ordre, libelle: repas.libelle, code: repas.code },
  defaultSort: { key: 'ordre', order: 'asc' },
  tieBreaker: repas.id,
});

/**
 * GET /repas: the meal types (petit déjeuner, déjeuner, dîner), a fixed list seeded by migration 0002, in the
 * order of the day. Read-only: prices live in the contracts' tariff lines, choices on reservations.
 */
const repasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    REPAS_PATH,
    { schema: { querystring: RepasQuery, response: { 200: RepasList, 400: ErrorBody, 401: ErrorBody } } },
    async (request) => listRepas(app.db, spec, toListParams(request.query)),
  );
};

export default repasRoutes;

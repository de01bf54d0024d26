import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { ErrorBody, REPAS_PATH, RepasList } from 'shared/contract';
import { Type } from 'typebox';
import { repas } from '../../db/schema';

const NoQuery = Type.Object({}, { additionalProperties: false });

/**
 * GET /repas: the meal types (petit déjeuner, déjeuner, dîner), a fixed list seeded by migration 0002, in the
 * order of the day. Read-only: prices live in the contracts' tariff lines, choices on reservations.
 */
const repasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    REPAS_PATH,
    { schema: { querystring: NoQuery, response: { 200: RepasList, 400: ErrorBody, 401: ErrorBody } } },
    async () => {
      const data = await app.db
        .select({ id: repas.id, code: repas.code, libelle: repas.libelle, ordre: repas.ordre })
        .from(repas)
        .orderBy(asc(repas.ordre), asc(repas.id));
      return { data, total: data.length };
    },
  );
};

export default repasRoutes;
